import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { CircleCheckIcon, EyeIcon, EyeOffIcon } from 'lucide-react';
import {
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  useFormField,
} from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';

/** The form's submitted values may differ from what is typed (zod transforms). */
export interface TextFieldProps<T extends FieldValues, O extends FieldValues = T> {
  form: UseFormReturn<T, unknown, O>;
  name: Path<T>;
  label: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  placeholder?: string;
  /** Beside the label, right-aligned (e.g. a "Forgot password?" link). */
  labelAside?: ReactNode;
  disabled?: boolean;
}

/** A one-line text, e-mail or password field with a check mark once valid. */
export function TextField<T extends FieldValues, O extends FieldValues = T>({
  form,
  name,
  label,
  type = 'text',
  autoComplete,
  placeholder,
  labelAside,
  disabled,
}: TextFieldProps<T, O>) {
  const { t } = useTranslation();
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === 'password';
  return (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <div className="flex items-center justify-between gap-2">
            <FormLabel>{label}</FormLabel>
            {labelAside}
          </div>
          <div className="relative">
            <FormControl>
              <Input
                {...field}
                type={isPassword && revealed ? 'text' : type}
                autoComplete={autoComplete}
                placeholder={placeholder}
                disabled={disabled}
                className={cn(isPassword ? 'pr-16' : 'pr-9')}
              />
            </FormControl>
            <ValidMark shifted={isPassword} />
            {isPassword ? (
              <button
                type="button"
                onClick={() => setRevealed((shown) => !shown)}
                aria-label={
                  revealed ? t('AUTH.INPUT.HIDE_PASSWORD') : t('AUTH.INPUT.SHOW_PASSWORD')
                }
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
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

function ValidMark({ shifted }: { shifted: boolean }) {
  const { valid } = useFormField();
  return valid ? (
    <CircleCheckIcon
      aria-hidden="true"
      className={cn(
        'pointer-events-none absolute top-1/2 size-4 -translate-y-1/2 text-success',
        shifted ? 'right-10' : 'right-3',
      )}
    />
  ) : null;
}
