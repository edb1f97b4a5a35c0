import { useRef } from 'react';

type AutoFocusHandler = (event: Event) => void;

/**
 * What opened the overlay: the focused element or, for a menu item (gone once its menu closes),
 * the button that opened the menu.
 */
function openerOf(active: Element | null): HTMLElement | null {
  let opener = active instanceof HTMLElement ? active : null;
  let menu = opener?.closest('[role="menu"][id]');
  while (menu) {
    const id = menu.id;
    const trigger = [...document.querySelectorAll<HTMLElement>('[aria-controls]')].find(
      (element) => element.getAttribute('aria-controls') === id,
    );
    if (!trigger) break;
    opener = trigger;
    menu = trigger.closest('[role="menu"][id]');
  }
  return opener;
}

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
      opener.current = openerOf(document.activeElement);
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
