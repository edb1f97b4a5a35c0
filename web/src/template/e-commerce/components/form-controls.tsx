import type { ReactNode } from 'react';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ControllerRenderProps, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ChevronDownIcon } from 'lucide-react';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import type { Choice } from './labels';

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

/** The options of a native select, in order. */
export function OptionList({
  options,
}: {
  options: readonly { value: string | number; label: string }[];
}) {
  return options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));
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

function SelectField<T extends FieldValues, O extends FieldValues>({
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
              <OptionList options={options} />
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

function InputField<T extends FieldValues, O extends FieldValues>({
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

function TextareaField<T extends FieldValues, O extends FieldValues>(props: FieldProps<T, O>) {
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

/** One field of a shop form, described: what it edits, its label and how it is typed. */
export interface ShopFieldConfig<T extends FieldValues> {
  name: Path<T>;
  label: ParseKeys<'e-commerce'>;
  /** 'text' by default; 'number' is a text box with a numeric keyboard. */
  kind?: 'text' | 'email' | 'date' | 'number' | 'long-text' | 'select';
  /** A select's choices: coded (labels translated) or plain text (shown as they are). */
  choices?: readonly (Choice | string)[];
  className?: string;
}

/** The fields of a shop form, in order, from their descriptions. */
export function ShopFields<T extends FieldValues, O extends FieldValues>({
  form,
  fields,
}: {
  form: ShopForm<T, O>;
  fields: readonly ShopFieldConfig<T>[];
}) {
  const { t } = useTranslation('e-commerce');
  return fields.map(({ name, label, kind = 'text', choices = [], className }) => {
    const props = { form, name, label: t(label), className };
    if (kind === 'select') {
      const options = choices.map((choice) =>
        typeof choice === 'string'
          ? { value: choice, label: choice }
          : { value: String(choice.value), label: t(choice.label) },
      );
      return <SelectField key={name} {...props} options={options} />;
    }
    if (kind === 'long-text') return <TextareaField key={name} {...props} />;
    return kind === 'number' ? (
      <InputField key={name} {...props} inputMode="numeric" />
    ) : (
      <InputField key={name} {...props} type={kind} />
    );
  });
}
