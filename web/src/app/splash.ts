/**
 * The splash in index.html fades by itself after 3 000 ms (SPLASH_MAX_MS, in its CSS, since the
 * CSP allows no inline script); this removes it as soon as the first screen is up.
 */
export function hideSplash(): void {
  const splash = document.getElementById('splash');
  if (!splash || splash.dataset.hidden !== undefined) return;
  splash.dataset.hidden = '';
  window.setTimeout(() => splash.remove(), 200);
}
