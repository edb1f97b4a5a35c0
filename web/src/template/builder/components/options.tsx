import { useId, type ReactNode } from 'react';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/utils';

export interface Choice<T extends string> {
  value: T;
  label: string;
  hint: string;
}

function OptionRow({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col gap-3 border-b py-5 first:pt-0 last:border-0 last:pb-0 md:flex-row md:items-start md:justify-between md:gap-8">
      {children}
    </div>
  );
}

function OptionText({ id, label, hint }: { id?: string; label: ReactNode; hint: string }) {
  return (
    <div className="min-w-0 space-y-1 md:max-w-sm">
      <div className="text-sm font-medium">{label}</div>
      <p id={id} className="text-[13px] text-muted-foreground">
        {hint}
      </p>
    </div>
  );
}

/** A set of radio buttons shown as cards side by side. */
export function ChoiceOption<T extends string>({
  name,
  label,
  hint,
  choices,
  value,
  onChange,
}: {
  name: string;
  label: string;
  hint: string;
  choices: readonly Choice<T>[];
  value: T;
  onChange: (value: T) => void;
}) {
  const labelId = useId();
  const hintId = useId();
  return (
    <OptionRow>
      <OptionText id={hintId} label={<span id={labelId}>{label}</span>} hint={hint} />
      <div
        role="radiogroup"
        aria-labelledby={labelId}
        aria-describedby={hintId}
        className="grid grid-cols-2 gap-2 md:w-[22rem] md:shrink-0"
      >
        {choices.map((choice) => (
          <label
            key={choice.value}
            className={cn(
              'flex cursor-pointer flex-col gap-0.5 rounded-lg border bg-card px-3.5 py-2.5 transition-colors hover:bg-muted/60 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/40',
              value === choice.value && 'border-primary bg-primary/5 hover:bg-primary/5',
            )}
          >
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
              className="sr-only"
            />
            <span className="text-sm font-medium">{choice.label}</span>
            <span className="text-xs text-muted-foreground">{choice.hint}</span>
          </label>
        ))}
      </div>
    </OptionRow>
  );
}

export function SwitchOption({
  label,
  hint,
  checked,
  onChange,
}: {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  const hintId = useId();
  return (
    <OptionRow>
      <OptionText id={hintId} label={<Label htmlFor={id}>{label}</Label>} hint={hint} />
      <Switch
        id={id}
        checked={checked}
        onCheckedChange={onChange}
        aria-describedby={hintId}
        className="md:mt-0.5"
      />
    </OptionRow>
  );
}

export function SelectOption<T extends string>({
  label,
  hint,
  choices,
  value,
  onChange,
}: {
  label: string;
  hint: string;
  choices: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  const id = useId();
  const hintId = useId();
  return (
    <OptionRow>
      <OptionText id={hintId} label={<Label htmlFor={id}>{label}</Label>} hint={hint} />
      <NativeSelect
        id={id}
        value={value}
        aria-describedby={hintId}
        onChange={(event) => {
          const picked = choices.find((choice) => choice.value === event.target.value);
          if (picked) onChange(picked.value);
        }}
        className="w-full md:w-[22rem] md:shrink-0 [&_select]:h-10"
      >
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </NativeSelect>
    </OptionRow>
  );
}
