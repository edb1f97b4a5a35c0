import type { PointerEvent } from 'react';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DROPDOWN_HOVER_CLOSE_MS } from '@/lib/constants';
import { useHoverMenu } from './use-hover-menu';

const pointer = (pointerType: string) => ({ pointerType }) as PointerEvent;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a hover menu (hover-close 500 ms)', () => {
  it('opens under a mouse and closes 500 ms after the mouse leaves', () => {
    const { result } = renderHook(() => useHoverMenu(DROPDOWN_HOVER_CLOSE_MS));
    act(() => result.current.hover.onPointerEnter(pointer('mouse')));
    expect(result.current.open).toBe(true);
    act(() => result.current.hover.onPointerLeave(pointer('mouse')));
    act(() => vi.advanceTimersByTime(499));
    expect(result.current.open).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.open).toBe(false);
  });

  it('stays open when the mouse comes back within the 500 ms', () => {
    const { result } = renderHook(() => useHoverMenu(DROPDOWN_HOVER_CLOSE_MS));
    act(() => result.current.hover.onPointerEnter(pointer('mouse')));
    act(() => result.current.hover.onPointerLeave(pointer('mouse')));
    act(() => vi.advanceTimersByTime(300));
    act(() => result.current.hover.onPointerEnter(pointer('mouse')));
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.open).toBe(true);
  });

  it('ignores touch, and a menu opened by click stays until dismissed', () => {
    const { result } = renderHook(() => useHoverMenu(DROPDOWN_HOVER_CLOSE_MS));
    act(() => result.current.hover.onPointerEnter(pointer('touch')));
    expect(result.current.open).toBe(false);
    act(() => result.current.toggle());
    act(() => result.current.hover.onPointerLeave(pointer('mouse')));
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.open).toBe(true);
  });
});
