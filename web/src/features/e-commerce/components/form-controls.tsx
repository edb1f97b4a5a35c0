import type { ReactNode } from 'react';
import type { ControllerRenderProps, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ChevronDownIcon } from 'lucide-react';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';

/**
 * The shop forms' fields beyond the shared TextField: select, number, date and long text, with
 * the same label, error and valid/invalid styling once touched.
 */

/** A form whose submitted values may differ from what is typed (zod transforms). */
export type ShopForm<T extends FieldValues, O extends FieldValues> = UseFormReturn<T, unknown, O>;

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
}: FieldProps<T, O> & { control: (field: ControllerRenderProps<T, Path<T>>) => ReactNode }) {
  return (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem className={cn('content-start', className)}>
          <FormLabel>{label}</FormLabel>
          {control(field)}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

export function SelectField<T extends FieldValues, O extends FieldValues>({
  options,
  ...props
}: FieldProps<T, O> & { options: readonly { value: string; label: string }[] }) {
  return (
    <Field
      {...props}
      control={(field) => (
        <div className="relative">
          <FormControl>
            <select
              {...field}
              disabled={props.disabled}
              className="h-10 w-full cursor-pointer appearance-none rounded-md border border-input bg-card py-2 pr-9 pl-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/25 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive/25"
            >
              {options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </FormControl>
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
      control={(field) => (
        <FormControl>
          <Input
            {...field}
            type={type}
            inputMode={inputMode}
            autoComplete={autoComplete}
            disabled={props.disabled}
          />
        </FormControl>
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
      control={(field) => (
        <FormControl>
          <Textarea {...field} disabled={props.disabled} />
        </FormControl>
      )}
    />
  );
}
