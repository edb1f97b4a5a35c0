import type { ComponentProps } from 'react';
import { AlertDialog as AlertDialogPrimitive } from 'radix-ui';
import { cn } from '@/lib/utils';
import { useReturnFocus } from './return-focus';

export const AlertDialog = AlertDialogPrimitive.Root;

/** Close or Cancel: Radix focuses it when the dialog opens. */
export function AlertDialogCancel(props: ComponentProps<typeof AlertDialogPrimitive.Cancel>) {
  return <AlertDialogPrimitive.Cancel data-slot="alert-dialog-cancel" {...props} />;
}

/**
 * Radix focuses an alert dialog's Cancel and nothing else: without an enabled one the focus stays
 * behind the overlay, outside the trap, and Tab walks the page. Fall back to the dialog itself.
 */
function focusCancelOrDialog(event: Event) {
  if (event.defaultPrevented || !(event.currentTarget instanceof HTMLElement)) return;
  event.preventDefault();
  const cancel = event.currentTarget.querySelector<HTMLElement>(
    '[data-slot="alert-dialog-cancel"]:not(:disabled)',
  );
  (cancel ?? event.currentTarget).focus({ preventScroll: true });
}

export function AlertDialogContent({
  className,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Content>) {
  // Screens open their confirmations from row buttons, not an AlertDialogTrigger.
  const returnFocus = useReturnFocus((event) => {
    onOpenAutoFocus?.(event);
    focusCancelOrDialog(event);
  }, onCloseAutoFocus);
  return (
    <AlertDialogPrimitive.Portal>
      {/* Above sheets and dialogs (z-200/201): confirmations open from the user panel and forms. */}
      <AlertDialogPrimitive.Overlay
        data-slot="alert-dialog-overlay"
        className="fixed inset-0 z-[210] bg-slate-950/50 backdrop-blur-[1px] transition-opacity duration-150 starting:opacity-0"
      />
      <AlertDialogPrimitive.Content
        data-slot="alert-dialog-content"
        className={cn(
          'fixed top-1/2 left-1/2 z-[211] grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl border bg-popover p-6 text-popover-foreground shadow-xl transition-[opacity,scale] duration-150 outline-none starting:scale-95 starting:opacity-0',
          className,
        )}
        {...returnFocus}
        {...props}
      />
    </AlertDialogPrimitive.Portal>
  );
}

export function AlertDialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="alert-dialog-header"
      className={cn('flex flex-col gap-2 text-left', className)}
      {...props}
    />
  );
}

export function AlertDialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="alert-dialog-footer"
      className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}
      {...props}
    />
  );
}

export function AlertDialogTitle({
  className,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Title>) {
  return (
    <AlertDialogPrimitive.Title
      data-slot="alert-dialog-title"
      className={cn('text-lg leading-tight font-semibold', className)}
      {...props}
    />
  );
}

export function AlertDialogDescription({
  className,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Description>) {
  return (
    <AlertDialogPrimitive.Description
      data-slot="alert-dialog-description"
      className={cn('text-sm text-muted-foreground', className)}
      {...props}
    />
  );
}
