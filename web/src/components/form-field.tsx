import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { CircleCheckIcon, EyeIcon, EyeOffIcon } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { runtimeKey } from '@/lib/i18n';

export interface FieldState {
  /** The translated message, when the field is shown as invalid. */
  error: string | undefined;
  /** Shown as valid: touched (or submitted) and without error. */
  valid: boolean;
}

/**
 * Fields show valid or invalid styling once touched. Error messages in the
 * schemas are translation keys, translated here.
 */
export function useFieldState<T extends FieldValues>(
  form: UseFormReturn<T>,
  name: Path<T>,
): FieldState {
  const { t } = useTranslation();
  const state = form.getFieldState(name, form.formState);
  const shown = state.isTouched || form.formState.isSubmitted;
  const message = state.error?.message;
  return {
    error: shown && message ? t(runtimeKey(message)) : undefined,
    valid: shown && !state.invalid,
  };
}

export interface TextFieldProps<T extends FieldValues> {
  form: UseFormReturn<T>;
  name: Path<T>;
  label: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  placeholder?: string;
  /** Beside the label, right-aligned (e.g. a "Forgot password?" link). */
  labelAside?: ReactNode;
  disabled?: boolean;
}

export function TextField<T extends FieldValues>({
  form,
  name,
  label,
  type = 'text',
  autoComplete,
  placeholder,
  labelAside,
  disabled,
}: TextFieldProps<T>) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  const { error, valid } = useFieldState(form, name);
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === 'password';
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      <div className="relative">
        <Input
          id={id}
          type={isPassword && revealed ? 'text' : type}
          autoComplete={autoComplete}
          placeholder={placeholder}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          data-valid={valid || undefined}
          className={cn(isPassword ? 'pr-16' : 'pr-9')}
          {...form.register(name)}
        />
        {valid ? (
          <CircleCheckIcon
            aria-hidden="true"
            className={cn(
              'pointer-events-none absolute top-1/2 size-4 -translate-y-1/2 text-success',
              isPassword ? 'right-10' : 'right-3',
            )}
          />
        ) : null}
        {isPassword ? (
          <button
            type="button"
            onClick={() => setRevealed((shown) => !shown)}
            aria-label={revealed ? t('AUTH.INPUT.HIDE_PASSWORD') : t('AUTH.INPUT.SHOW_PASSWORD')}
            aria-pressed={revealed}
            className="absolute top-1/2 right-1.5 grid size-7 -translate-y-1/2 cursor-pointer place-content-center rounded text-muted-foreground hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none"
          >
            {revealed ? (
              <EyeOffIcon aria-hidden="true" className="size-4" />
            ) : (
              <EyeIcon aria-hidden="true" className="size-4" />
            )}
          </button>
        ) : null}
      </div>
      {error ? (
        <p id={errorId} className="text-[13px] text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
