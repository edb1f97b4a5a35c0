import { useEffect, useRef, useState, type PointerEvent } from 'react';

/**
 * A dropdown that also opens on hover with a pointer and closes `closeDelayMs` after the pointer
 * leaves (SPEC section 9: 500 ms); click and keyboard work as usual.
 */
export function useHoverMenu(closeDelayMs: number) {
  const [open, setOpen] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const cancelClose = () => window.clearTimeout(timer.current);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const hover = {
    onPointerEnter: (event: PointerEvent) => {
      if (event.pointerType !== 'mouse') return;
      cancelClose();
      setOpen(true);
    },
    onPointerLeave: (event: PointerEvent) => {
      if (event.pointerType !== 'mouse') return;
      cancelClose();
      timer.current = window.setTimeout(() => setOpen(false), closeDelayMs);
    },
  };
  return { open, onOpenChange: setOpen, hover };
}
