import { useEffect, useRef, useState, type PointerEvent } from 'react';

type Source = 'hover' | 'click';

/**
 * A dropdown that also opens when a mouse hovers it and then closes `closeDelayMs` after the
 * mouse leaves (500 ms in this app). Opened by click or keyboard, it stays until dismissed;
 * a click on a hover-opened menu keeps it open rather than toggling it shut.
 */
export function useHoverMenu(closeDelayMs: number) {
  const [open, setOpen] = useState(false);
  const source = useRef<Source>('click');
  const timer = useRef<number | undefined>(undefined);
  const cancelClose = () => window.clearTimeout(timer.current);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const onOpenChange = (next: boolean) => {
    cancelClose();
    if (next) source.current = 'click';
    setOpen(next);
  };
  const toggle = () => {
    if (open && source.current === 'hover') {
      source.current = 'click';
      cancelClose();
      return;
    }
    onOpenChange(!open);
  };
  const hover = {
    onPointerEnter: (event: PointerEvent) => {
      if (event.pointerType !== 'mouse') return;
      cancelClose();
      if (!open) {
        source.current = 'hover';
        setOpen(true);
      }
    },
    onPointerLeave: (event: PointerEvent) => {
      if (event.pointerType !== 'mouse' || source.current !== 'hover') return;
      cancelClose();
      timer.current = window.setTimeout(() => setOpen(false), closeDelayMs);
    },
  };
  return { open, onOpenChange, toggle, hover };
}
