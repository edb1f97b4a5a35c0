import {
  createContext,
  useContext,
  useEffect,
  useId,
  useState,
  type ComponentProps,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import {
  Controller,
  type ControllerFieldState,
  type ControllerProps,
  type FieldPath,
  type FieldValues,
} from 'react-hook-form';
import { Slot } from 'radix-ui';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { runtimeKey } from '@/lib/i18n';

interface FormFieldContextValue {
  id: string;
  fieldState: ControllerFieldState;
  submitted: boolean;
  hasHint: boolean;
  setHasHint: (shown: boolean) => void;
}

const FormFieldContext = createContext<FormFieldContextValue | null>(null);

/** One react-hook-form field; its parts (label, control, hint, message) share its ids and state. */
export function FormField<
  TFieldValues extends FieldValues = FieldValues,
  TName extends FieldPath<TFieldValues> = FieldPath<TFieldValues>,
  TTransformedValues = TFieldValues,
>({ render, ...props }: ControllerProps<TFieldValues, TName, TTransformedValues>) {
  const id = useId();
  const [hasHint, setHasHint] = useState(false);
  return (
    <Controller
      {...props}
      render={(args) => (
        <FormFieldContext.Provider
          value={{
            id,
            fieldState: args.fieldState,
            submitted: args.formState.isSubmitted,
            hasHint,
            setHasHint,
          }}
        >
          {render(args)}
        </FormFieldContext.Provider>
      )}
    />
  );
}

/**
 * The field's ids and how it is shown. A field shows valid or invalid only once touched or the
 * form submitted, so nobody is scolded before typing. Error messages in the schemas are
 * translation keys, translated here.
 */
export function useFormField() {
  const { t } = useTranslation();
  const field = useContext(FormFieldContext);
  if (!field) throw new Error('useFormField is used outside a FormField');
  const { id, fieldState, submitted } = field;
  const shown = fieldState.isTouched || submitted;
  const message = fieldState.error?.message;
  return {
    controlId: id,
    messageId: `${id}-error`,
    hintId: `${id}-hint`,
    hasHint: field.hasHint,
    setHasHint: field.setHasHint,
    error: shown && message ? t(runtimeKey(message)) : undefined,
    valid: shown && !fieldState.invalid,
  };
}

export function FormItem({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="form-item" className={cn('grid gap-2', className)} {...props} />;
}

export function FormLabel(props: ComponentProps<typeof Label>) {
  const { controlId } = useFormField();
  return <Label data-slot="form-label" htmlFor={controlId} {...props} />;
}

/** Gives the control its id, invalid state and the message (or hint) that describes it. */
export function FormControl(props: ComponentProps<typeof Slot.Root>) {
  const { controlId, messageId, hintId, hasHint, error, valid } = useFormField();
  return (
    <Slot.Root
      data-slot="form-control"
      id={controlId}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? messageId : hasHint ? hintId : undefined}
      data-valid={valid || undefined}
      {...props}
    />
  );
}

/** A hint under the control; it describes the control while there is no error message. */
export function FormDescription({ className, ...props }: ComponentProps<'p'>) {
  const { hintId, setHasHint } = useFormField();
  useEffect(() => {
    setHasHint(true);
    return () => setHasHint(false);
  }, [setHasHint]);
  return (
    <p
      data-slot="form-description"
      id={hintId}
      className={cn('text-xs text-muted-foreground', className)}
      {...props}
    />
  );
}

export function FormMessage() {
  const { messageId, error } = useFormField();
  return error ? <FieldMessage id={messageId}>{error}</FieldMessage> : null;
}

/** The one error block under a control, for react-hook-form fields and the file pickers alike. */
export function FieldMessage({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} data-slot="form-message" className="text-[13px] text-destructive">
      {children}
    </p>
  );
}
