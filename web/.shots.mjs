// Local screenshot driver (not committed). Usage: node .shots.mjs <baseUrl> <scenario...>
import { chromium } from 'playwright-core';
const base = process.argv[2];
const only = process.argv.slice(3);
const sparticuz = (await import('@sparticuz/chromium')).default;
const browser = await chromium.launch({
  executablePath: await sparticuz.executablePath(),
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const admin = { id: 1, name: 'Ada Lovelace', email: 'admin@fuel-community.test', role: ['admin'], device_ids: [], image: null, deviceToken: '' };
const sizes = { desk: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

async function page({ size, theme, signedIn, lang }) {
  const context = await browser.newContext({ viewport: sizes[size], deviceScaleFactor: size === 'phone' ? 2 : 1, colorScheme: theme });
  const p = await context.newPage();
  p.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log(`[${m.type()}]`, m.text().slice(0, 200)); });
  p.on('pageerror', (e) => console.log('[pageerror]', e.message));
  await p.addInitScript(({ signedIn, admin, theme, lang }) => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    localStorage.clear();
    localStorage.setItem('theme', theme);
    if (lang) localStorage.setItem('i18nConfig', JSON.stringify({ selectedLang: lang }));
    if (signedIn) { localStorage.setItem('userToken', 'tok'); localStorage.setItem('userDetails', JSON.stringify(admin)); }
  }, { signedIn, admin, theme, lang });
  await p.route('**/__/firebase/init.json', (r) => r.fulfill({ json: { apiKey: 'fake-api-key', projectId: 'demo-fuel-community', authDomain: 'demo-fuel-community.firebaseapp.com', databaseURL: 'https://demo-fuel-community.firebaseio.com' } }));
  await p.route('**/emulators.json', (r) => r.fulfill({ status: 404, body: 'no' }));
  await p.route('**/api/**', (r) => {
    const url = new URL(r.request().url());
    if (url.pathname === '/api/me') return r.fulfill({ json: { metadata: { success: 1, message: '' }, payload: admin } });
    if (url.pathname === '/api/login') return r.fulfill({ json: { metadata: { success: 0, message: 'The login detail is incorrect' }, payload: null } });
    if (url.pathname === '/api/session/firebase-token') return r.fulfill({ status: 503, json: { metadata: { success: 0, message: 'offline' } } });
    return r.fulfill({ json: { metadata: { success: 1, message: '' }, payload: [] } });
  });
  return { p, context };
}

const scenarios = {
  async login({ size, theme }) {
    const { p, context } = await page({ size, theme, signedIn: false });
    await p.goto(`${base}/auth/login`); await p.waitForSelector('#splash', { state: 'detached' }); await p.waitForTimeout(300);
    await p.screenshot({ path: `/tmp/shots/login-${size}-${theme}.png`, fullPage: size === 'phone' });
    await context.close();
  },
  async loginErrors({ size, theme }) {
    const { p, context } = await page({ size, theme, signedIn: false });
    await p.goto(`${base}/auth/login`); await p.waitForSelector('#splash', { state: 'detached' });
    await p.fill('input[type=email]', 'admin@fuel-community.test');
    await p.click('input[type=password]'); await p.keyboard.type('ab'); await p.keyboard.press('Tab');
    await p.click('[data-testid=login-submit]').catch(() => {});
    await p.fill('input[autocomplete=current-password]', 'wrongpass');
    await p.click('[data-testid=login-submit]');
    await p.waitForSelector('[data-testid=form-status]');
    await p.keyboard.press('Shift+Tab');
    await p.screenshot({ path: `/tmp/shots/login-errors-${size}-${theme}.png` });
    await context.close();
  },
  async registration({ size, theme }) {
    const { p, context } = await page({ size, theme, signedIn: false });
    await p.goto(`${base}/auth/registration`); await p.waitForSelector('#splash', { state: 'detached' }); await p.waitForTimeout(200);
    await p.fill('input[autocomplete=name]', 'Ann Lee');
    await p.fill('input[autocomplete=email]', 'ann@');
    await p.keyboard.press('Tab');
    await p.waitForTimeout(300);
    await p.screenshot({ path: `/tmp/shots/registration-${size}-${theme}.png`, fullPage: true });
    await context.close();
  },
  async shell({ size, theme, lang }) {
    const { p, context } = await page({ size, theme, signedIn: true, lang });
    await p.goto(`${base}/dashboard`); await p.waitForSelector('#splash', { state: 'detached' }); await p.waitForSelector('[data-testid=page-title]'); await p.waitForTimeout(600);
    await p.screenshot({ path: `/tmp/shots/shell-${size}-${theme}${lang ? '-' + lang : ''}.png` });
    await context.close();
  },
  async panels({ size, theme }) {
    const { p, context } = await page({ size, theme, signedIn: true });
    await p.goto(`${base}/all-users`); await p.waitForSelector('[data-testid=page-title]'); await p.waitForTimeout(300);
    await p.click('[data-testid=user-menu]'); await p.waitForSelector('[data-testid=user-panel]'); await p.waitForTimeout(400);
    await p.screenshot({ path: `/tmp/shots/user-panel-${size}-${theme}.png` });
    await p.keyboard.press('Escape'); await p.waitForTimeout(300);
    if (size === 'desk') {
      await p.click('[data-testid=quick-panel-toggle]');
    } else {
      await p.click('[aria-controls=mobile-tools]'); await p.waitForTimeout(200);
      await p.click('#mobile-tools [aria-label="Open the quick panel"]');
    }
    await p.waitForSelector('[data-testid=quick-panel]'); await p.waitForTimeout(400);
    await p.click('[role=tab] >> nth=2'); await p.waitForTimeout(200);
    await p.screenshot({ path: `/tmp/shots/quick-panel-${size}-${theme}.png` });
    await p.keyboard.press('Escape'); await p.waitForTimeout(300);
    if (size === 'phone') {
      await p.click('[data-testid=mobile-menu-toggle]'); await p.waitForSelector('[data-testid=mobile-menu]'); await p.waitForTimeout(400);
      await p.screenshot({ path: `/tmp/shots/mobile-menu-${size}-${theme}.png` });
      await p.keyboard.press('Escape');
    } else {
      await p.fill('[data-testid=quick-search]', 'fuel'); await p.waitForSelector('[data-testid=quick-search-results]'); await p.waitForTimeout(200);
      await p.screenshot({ path: `/tmp/shots/quick-search-${size}-${theme}.png` });
      await p.keyboard.press('Escape');
      await p.click('[data-testid=language-menu]'); await p.waitForTimeout(200);
      await p.screenshot({ path: `/tmp/shots/language-menu-${size}-${theme}.png` });
    }
    await context.close();
  },
  async errors({ size, theme }) {
    const { p, context } = await page({ size, theme, signedIn: true });
    for (const v of [1, 2, 3, 4, 5, 6]) {
      await p.goto(`${base}/error/error-v${v}`); await p.waitForSelector('[data-testid=error-page]'); await p.waitForTimeout(200);
      await p.screenshot({ path: `/tmp/shots/error-v${v}-${size}-${theme}.png` });
    }
    await p.goto(`${base}/terms`); await p.waitForSelector('h1'); await p.waitForTimeout(200);
    await p.screenshot({ path: `/tmp/shots/terms-${size}-${theme}.png` });
    await context.close();
  },
  async table({ size, theme }) {
    const { p, context } = await page({ size, theme, signedIn: true });
    await p.goto(`${base}/all-users`); await p.waitForSelector('[data-slot=data-table]'); await p.waitForTimeout(500);
    await p.screenshot({ path: `/tmp/shots/table-${size}-${theme}.png`, fullPage: true });
    const del = p.locator('button:has-text("Delete")').first();
    if (await del.count()) { await del.click(); await p.waitForTimeout(300); await p.screenshot({ path: `/tmp/shots/delete-${size}-${theme}.png` }); }
    await context.close();
  },
};

for (const [name, run] of Object.entries(scenarios)) {
  if (only.length && !only.includes(name)) continue;
  for (const size of ['desk', 'phone']) for (const theme of ['light', 'dark']) {
    try { await run({ size, theme }); } catch (e) { console.log(`${name} ${size} ${theme} FAILED`, e.message.split("\n").slice(0, 12).join("\n")); }
  }
}
if (only.includes('ja')) await scenarios.shell({ size: 'desk', theme: 'light', lang: 'ja' });
await browser.close();
