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

interface FieldContextValue {
  id: string;
  /** The message to show, translated; undefined while the field is fine or not yet shown. */
  error: string | undefined;
  valid: boolean;
  hasHint: boolean;
  setHasHint: (shown: boolean) => void;
}

const FieldContext = createContext<FieldContextValue | null>(null);

/**
 * A field outside react-hook-form (a file picker, a specimen): the same label, control, hint and
 * message parts, with the error the caller already holds.
 */
export function Field({
  error,
  valid = false,
  children,
}: {
  error?: string | undefined;
  valid?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  const [hasHint, setHasHint] = useState(false);
  return (
    <FieldContext.Provider value={{ id, error, valid, hasHint, setHasHint }}>
      {children}
    </FieldContext.Provider>
  );
}

/**
 * A field shows valid or invalid only once touched or the form submitted, so nobody is scolded
 * before typing. Error messages in the schemas are translation keys, translated here.
 */
function FieldOfForm({
  fieldState,
  submitted,
  children,
}: {
  fieldState: ControllerFieldState;
  submitted: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const shown = fieldState.isTouched || submitted;
  const message = fieldState.error?.message;
  return (
    <Field
      error={shown && message ? t(runtimeKey(message)) : undefined}
      valid={shown && !fieldState.invalid}
    >
      {children}
    </Field>
  );
}

/** One react-hook-form field; its parts (label, control, hint, message) share its ids and state. */
export function FormField<
  TFieldValues extends FieldValues = FieldValues,
  TName extends FieldPath<TFieldValues> = FieldPath<TFieldValues>,
  TTransformedValues = TFieldValues,
>({ render, ...props }: ControllerProps<TFieldValues, TName, TTransformedValues>) {
  return (
    <Controller
      {...props}
      render={(args) => (
        <FieldOfForm fieldState={args.fieldState} submitted={args.formState.isSubmitted}>
          {render(args)}
        </FieldOfForm>
      )}
    />
  );
}

/** The field's ids and how it is shown. */
export function useFormField() {
  const field = useContext(FieldContext);
  if (!field) throw new Error('useFormField is used outside a FormField or Field');
  return {
    controlId: field.id,
    messageId: `${field.id}-error`,
    hintId: `${field.id}-hint`,
    hasHint: field.hasHint,
    setHasHint: field.setHasHint,
    error: field.error,
    valid: field.valid,
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

/** The one error block under a control. */
export function FormMessage() {
  const { messageId, error } = useFormField();
  return error ? (
    <p id={messageId} data-slot="form-message" className="text-[13px] text-destructive">
      {error}
    </p>
  ) : null;
}
