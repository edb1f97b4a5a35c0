import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCROLL_TOP_OFFSET, SCROLL_TOP_THROTTLE_MS, STICKY_HEADER_OFFSET } from '@/lib/constants';
import { useScrolledPast } from './use-scroll';

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}

beforeEach(() => {
  vi.useFakeTimers();
  scrollTo(0);
});
afterEach(() => {
  scrollTo(0);
  vi.useRealTimers();
});

describe('scrolled past an offset (300 px, throttle 200 ms)', () => {
  it('turns true past 300 px, for the scroll-to-top button and the sticky header', () => {
    expect([SCROLL_TOP_OFFSET, STICKY_HEADER_OFFSET]).toEqual([300, 300]);
    const { result } = renderHook(() => useScrolledPast(300, SCROLL_TOP_THROTTLE_MS));
    act(() => vi.advanceTimersByTime(SCROLL_TOP_THROTTLE_MS));
    act(() => scrollTo(300));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(SCROLL_TOP_THROTTLE_MS));
    act(() => scrollTo(301));
    expect(result.current).toBe(true);
  });

  it('looks at most every 200 ms, and once more after the last scroll', () => {
    const { result } = renderHook(() => useScrolledPast(300, SCROLL_TOP_THROTTLE_MS));
    act(() => vi.advanceTimersByTime(SCROLL_TOP_THROTTLE_MS));
    act(() => scrollTo(100));
    act(() => vi.advanceTimersByTime(50));
    act(() => scrollTo(500));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(149));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(true);
  });
});
