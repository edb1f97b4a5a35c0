import { useEffect, useState } from 'react';

/**
 * Whether the page has scrolled past `offset`, checked at most every `throttleMs` (plus once
 * after the last scroll, so the final position always counts).
 */
export function useScrolledPast(offset: number, throttleMs: number): boolean {
  const [past, setPast] = useState(() => typeof window !== 'undefined' && window.scrollY > offset);
  useEffect(() => {
    let last = 0;
    let trailing: number | undefined;
    const check = () => {
      last = Date.now();
      setPast(window.scrollY > offset);
    };
    const onScroll = () => {
      const wait = throttleMs - (Date.now() - last);
      if (wait <= 0) {
        check();
        return;
      }
      window.clearTimeout(trailing);
      trailing = window.setTimeout(check, wait);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.clearTimeout(trailing);
    };
  }, [offset, throttleMs]);
  return past;
}

/** Scrolls to the top at `speed` px/s (6000 in this app), instantly if motion is reduced. */
export function scrollToTop(speed: number): void {
  const start = window.scrollY;
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  if (start <= 0 || reduced) {
    window.scrollTo({ top: 0, behavior: 'instant' });
    return;
  }
  const duration = Math.min(800, Math.max(150, (start / speed) * 1000));
  const began = performance.now();
  const step = (now: number) => {
    const t = Math.min(1, (now - began) / duration);
    const eased = 1 - (1 - t) ** 3;
    window.scrollTo({ top: start * (1 - eased), behavior: 'instant' });
    if (t < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}
