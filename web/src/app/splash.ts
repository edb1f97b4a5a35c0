/**
 * The splash in index.html fades by itself after 3 000 ms (SPLASH_MAX_MS, in its CSS, since the
 * CSP allows no inline script); this removes it the moment the first screen is up. No fade-out:
 * the screen under it is ready, and a fade would only delay its first paint.
 */
export function hideSplash(): void {
  // Benchmarks read this mark: the first screen's code has arrived and rendered.
  performance.mark('app:ready');
  document.getElementById('splash')?.remove();
}
