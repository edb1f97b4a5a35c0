import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ChevronDownIcon } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import { runtimeKey } from '@/lib/i18n';

/**
 * The shop forms' fields beyond the shared TextField: select, number, date and long text, with
 * the same label, error and valid/invalid styling once touched.
 */

/** A form whose submitted values may differ from what is typed (zod transforms). */
export type ShopForm<T extends FieldValues, O extends FieldValues> = UseFormReturn<T, unknown, O>;

/**
 * Shown as invalid with its translated message, or as valid, once touched or submitted — the
 * shared `useFieldState`, for forms whose submitted values are transformed.
 */
function useFieldState<T extends FieldValues, O extends FieldValues>(
  form: ShopForm<T, O>,
  name: Path<T>,
) {
  const { t } = useTranslation();
  const state = form.getFieldState(name, form.formState);
  const shown = state.isTouched || form.formState.isSubmitted;
  const text = state.error?.message;
  return { error: shown && text ? t(runtimeKey(text)) : undefined, valid: shown && !state.invalid };
}

interface FieldProps<T extends FieldValues, O extends FieldValues> {
  form: ShopForm<T, O>;
  name: Path<T>;
  label: string;
  disabled?: boolean;
  className?: string;
}

function Field<T extends FieldValues, O extends FieldValues>({
  form,
  name,
  label,
  className,
  control,
}: FieldProps<T, O> & {
  control: (props: {
    id: string;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
    'data-valid': true | undefined;
  }) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const { error, valid } = useFieldState(form, name);
  return (
    <div className={cn('grid content-start gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {control({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : undefined,
        'data-valid': valid || undefined,
      })}
      {error ? (
        <p id={errorId} className="text-[13px] text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function SelectField<T extends FieldValues, O extends FieldValues>({
  options,
  ...props
}: FieldProps<T, O> & { options: readonly { value: string; label: string }[] }) {
  return (
    <Field
      {...props}
      control={(aria) => (
        <div className="relative">
          <select
            {...aria}
            disabled={props.disabled}
            className="h-10 w-full cursor-pointer appearance-none rounded-md border border-input bg-card py-2 pr-9 pl-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/25 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive/25"
            {...props.form.register(props.name)}
          >
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <ChevronDownIcon
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
        </div>
      )}
    />
  );
}

export function InputField<T extends FieldValues, O extends FieldValues>({
  type = 'text',
  inputMode,
  autoComplete = 'off',
  ...props
}: FieldProps<T, O> & {
  type?: 'text' | 'email' | 'date';
  inputMode?: 'numeric' | 'decimal';
  autoComplete?: string;
}) {
  return (
    <Field
      {...props}
      control={(aria) => (
        <Input
          {...aria}
          type={type}
          inputMode={inputMode}
          autoComplete={autoComplete}
          disabled={props.disabled}
          {...props.form.register(props.name)}
        />
      )}
    />
  );
}

export function TextareaField<T extends FieldValues, O extends FieldValues>(
  props: FieldProps<T, O>,
) {
  return (
    <Field
      {...props}
      control={(aria) => (
        <Textarea {...aria} disabled={props.disabled} {...props.form.register(props.name)} />
      )}
    />
  );
}
