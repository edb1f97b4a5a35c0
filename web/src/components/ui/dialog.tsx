import { useEffect, useRef, type ComponentProps } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { XIcon } from 'lucide-react';
import { cn } from '@/lib/utils';
import { useReturnFocus } from './return-focus';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

function DialogOverlay({ className, ...props }: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      data-slot="dialog-overlay"
      className={cn(
        'fixed inset-0 z-[200] bg-slate-950/50 backdrop-blur-[1px] transition-opacity duration-150 starting:opacity-0',
        className,
      )}
      {...props}
    />
  );
}

/** The first control Tab reaches, as Radix chooses on opening (it passes over links). */
function firstControl(container: HTMLElement): HTMLElement | undefined {
  return [
    ...container.querySelectorAll<HTMLElement>('button, input, select, textarea, [tabindex]'),
  ].find(
    (element) =>
      element.tabIndex >= 0 &&
      !element.matches(':disabled, [type="hidden"]') &&
      !element.closest('[hidden]'),
  );
}

export function DialogContent({
  className,
  children,
  closeLabel,
  loading = false,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: Omit<ComponentProps<typeof DialogPrimitive.Content>, 'ref'> & {
  /** The close button's accessible name; no button when omitted. */
  closeLabel?: string;
  /**
   * Its fields are still on their way (a record being read). Radix would focus the close button
   * and leave it there; the dialog holds the focus itself instead, and hands it to the first
   * field once they come.
   */
  loading?: boolean;
}) {
  const content = useRef<HTMLDivElement>(null);
  // Screens open their dialogs from row buttons, not a DialogTrigger.
  const returnFocus = useReturnFocus((event) => {
    onOpenAutoFocus?.(event);
    if (!loading || event.defaultPrevented) return;
    event.preventDefault();
    content.current?.focus();
  }, onCloseAutoFocus);
  useEffect(() => {
    const dialog = content.current;
    // Only while nothing else has the focus: the user may have moved on meanwhile.
    if (!loading && dialog && document.activeElement === dialog) firstControl(dialog)?.focus();
  }, [loading]);
  return (
    <DialogPrimitive.Portal>
      <DialogOverlay />
      <DialogPrimitive.Content
        ref={content}
        data-slot="dialog-content"
        className={cn(
          'fixed top-1/2 left-1/2 z-[201] grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border bg-popover p-6 text-popover-foreground shadow-xl transition-[opacity,scale] duration-150 outline-none starting:scale-95 starting:opacity-0',
          className,
        )}
        {...returnFocus}
        {...props}
      >
        {children}
        {closeLabel ? (
          <DialogPrimitive.Close
            className="absolute top-4 right-4 grid size-8 cursor-pointer place-content-center rounded-md text-muted-foreground transition-colors hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none disabled:pointer-events-none"
            aria-label={closeLabel}
          >
            <XIcon className="size-4" aria-hidden="true" />
          </DialogPrimitive.Close>
        ) : null}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="dialog-header"
      className={cn('flex flex-col gap-2 text-left', className)}
      {...props}
    />
  );
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="dialog-footer"
      className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}
      {...props}
    />
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      data-slot="dialog-title"
      className={cn('text-lg leading-tight font-semibold', className)}
      {...props}
    />
  );
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description
      data-slot="dialog-description"
      className={cn('text-sm text-muted-foreground', className)}
      {...props}
    />
  );
}
