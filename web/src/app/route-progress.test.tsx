import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render';
import { RouteProgress } from './route-progress';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function renderAt(path: string, language: 'en' | 'ja' = 'en') {
  const rendered = await renderApp(<RouteProgress />, { path, language });
  // After the strings have loaded: only the bar's own timers are faked.
  vi.useFakeTimers();
  return rendered;
}

describe('a route change', () => {
  it('shows nothing and keeps the scroll on the first screen', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    await renderAt('/all-users');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('scrolls to the top', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    const rendered = await renderAt('/all-users');
    act(() => rendered.navigate('/complaints'));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0, left: 0 }));
  });

  it('advances the progress bar by 10 every 30 ms up to 100, then removes it', async () => {
    const rendered = await renderAt('/all-users');
    act(() => rendered.navigate('/complaints'));
    const bar = screen.getByRole('progressbar', { name: 'Page loading' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    for (let step = 10; step <= 100; step += 10) {
      act(() => vi.advanceTimersByTime(29));
      expect(bar).toHaveAttribute('aria-valuenow', String(step - 10));
      act(() => vi.advanceTimersByTime(1));
      expect(bar).toHaveAttribute('aria-valuenow', String(step));
    }
    act(() => vi.advanceTimersByTime(300));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('starts again from 0 on the next change', async () => {
    const rendered = await renderAt('/all-users');
    act(() => rendered.navigate('/complaints'));
    act(() => vi.advanceTimersByTime(150));
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    act(() => rendered.navigate('/offers'));
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    act(() => vi.advanceTimersByTime(30));
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '10');
  });

  it('names the bar in the chosen language', async () => {
    const rendered = await renderAt('/all-users', 'ja');
    act(() => rendered.navigate('/complaints'));
    expect(screen.getByRole('progressbar', { name: 'ページを読み込み中' })).toBeVisible();
  });
});
