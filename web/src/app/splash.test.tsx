import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SPLASH_MAX_MS } from '@/lib/constants';
import { renderApp } from '@/testing/render';
import { App } from './app';
import { hideSplash } from './splash';

const indexHtml = readFileSync(
  join(dirname(fileURLToPath(import.meta.url)), '../../index.html'),
  'utf8',
);

function mountSplash() {
  const splash = document.createElement('div');
  splash.id = 'splash';
  document.body.append(splash);
  return splash;
}

afterEach(() => {
  document.getElementById('splash')?.remove();
  vi.restoreAllMocks();
});

describe('the splash', () => {
  it('is removed as soon as the first screen is up', async () => {
    const splash = mountSplash();
    const ready = vi.fn(hideSplash);
    await renderApp(<App onReady={ready} />, { path: '/auth/login' });
    await screen.findByRole('button', { name: 'Sign In' });
    await waitFor(() => expect(ready).toHaveBeenCalledTimes(1));
    expect(splash.isConnected).toBe(false);
    expect(document.getElementById('splash')).toBeNull();
  });

  it('is removed by hideSplash, and a second call does no harm', () => {
    const splash = mountSplash();
    expect(splash.isConnected).toBe(true);
    hideSplash();
    expect(splash.isConnected).toBe(false);
    // Twice does no harm (React may run the ready effect again in development).
    expect(() => hideSplash()).not.toThrow();
  });

  it(`hides by itself after ${SPLASH_MAX_MS} ms at the latest, without the app's code`, () => {
    // index.html's CSS does it (the CSP allows no inline script): an animation that starts after
    // SPLASH_MAX_MS and ends hidden.
    const rule = /#splash\s*\{[^}]*\}/.exec(indexHtml)?.[0] ?? '';
    expect(rule).toMatch(
      new RegExp(`animation:\\s*splash-out\\s+\\d+ms\\s+[\\w-]+\\s+${SPLASH_MAX_MS}ms\\s+forwards`),
    );
    const keyframes = /@keyframes splash-out\s*\{\s*to\s*\{([^}]*)\}/.exec(indexHtml)?.[1] ?? '';
    expect(keyframes).toMatch(/visibility:\s*hidden/);
    expect(indexHtml).toMatch(/<div id="splash"/);
  });
});
