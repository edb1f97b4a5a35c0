import { useRef } from 'react';

type AutoFocusHandler = (event: Event) => void;

/**
 * Focus handlers for a Radix dialog, sheet or alert dialog opened from a plain button rather
 * than its Trigger: Radix then has nowhere to return focus on close and it lands on <body>, so
 * a keyboard user starts over at the top of the page. These return it to whatever had the
 * focus when the overlay opened, unless the caller's own handler prevents that.
 */
export function useReturnFocus(
  onOpenAutoFocus?: AutoFocusHandler,
  onCloseAutoFocus?: AutoFocusHandler,
): { onOpenAutoFocus: AutoFocusHandler; onCloseAutoFocus: AutoFocusHandler } {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus(event) {
      opener.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus(event) {
      onCloseAutoFocus?.(event);
      if (event.defaultPrevented || !opener.current?.isConnected) return;
      event.preventDefault();
      opener.current.focus();
    },
  };
}
