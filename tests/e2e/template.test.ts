import type { Page } from 'playwright-core';
import { signIn } from './support/clients.ts';
import { describe, expect, inject, test } from './support/fixtures.ts';

// The template's areas. Every one of its routes renders without a console error; the
// dashboard follows the demo variant; the layout builder's Preview, Reset, copy and tab memory
// work in a real browser and the shell applies what Preview stored.
const stack = inject('stack');

const pathOf = (url: string) => new URL(url).pathname;

async function open(page: Page, path: string) {
  await page.goto(`${stack.urls.app}${path}`);
  await page.waitForLoadState('load');
}

const title = (page: Page) => page.getByTestId('page-title').textContent();
const visible = (page: Page, role: Parameters<Page['getByRole']>[0], name: string | RegExp) =>
  page.getByRole(role, { name }).first().isVisible();

/** The template's signed-in routes, with what each must show. */
const SHELL_ROUTES: { path: string; title: string; shows: (page: Page) => Promise<boolean> }[] = [
  {
    path: '/dashboard',
    title: 'Dashboard',
    shows: (page) => visible(page, 'heading', 'Weekly Sales Stats'),
  },
  {
    path: '/builder',
    title: 'Layout Builder',
    shows: (page) => visible(page, 'tab', 'Header'),
  },
  {
    path: '/my-page',
    title: 'My Custom title',
    shows: async (page) => (await page.getByTestId('my-page').textContent()) === 'My Page',
  },
  {
    path: '/user-profile',
    title: 'User Profile',
    shows: (page) => visible(page, 'tab', 'My Profile'),
  },
  {
    path: '/user-profile?tab=messages',
    title: 'User Profile',
    shows: (page) => visible(page, 'heading', /Inbox/),
  },
  {
    path: '/google-material',
    title: 'Google Material',
    shows: (page) => visible(page, 'heading', 'Buttons'),
  },
  {
    path: '/react-bootstrap',
    title: 'React Bootstrap',
    shows: (page) => visible(page, 'table', 'Example stations'),
  },
  {
    // The static demo chat, with its sample conversation.
    path: '/chatsbar',
    title: 'Chat Demo',
    shows: async (page) =>
      (await page.getByRole('list', { name: 'Conversation' }).getByRole('listitem').count()) ===
        6 && visible(page, 'heading', 'Matt Pears'),
  },
];

/** Rows of a shop list once the in-browser mock (300 ms) has answered its find. */
const rowsOf = (page: Page, table: string) =>
  page.getByRole('table', { name: table }).locator('tbody tr:has([role="checkbox"])').count();
const fieldValue = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).inputValue();

/**
 * The demo shop's own addresses (the e-commerce feature routes them under /e-commerce), with
 * what each shows once its mock endpoint has answered, so an error in those calls is seen.
 */
const SHOP_ROUTES: { path: string; shows: (page: Page) => Promise<boolean> }[] = [
  { path: '/e-commerce/customers', shows: async (page) => (await rowsOf(page, 'Customers')) > 0 },
  {
    path: '/e-commerce/customers/new',
    shows: async (page) =>
      (await visible(page, 'dialog', 'New customer')) &&
      (await fieldValue(page, 'First name')) === '',
  },
  {
    path: '/e-commerce/customers/1/edit',
    shows: async (page) =>
      (await visible(page, 'dialog', 'Edit customer')) &&
      (await fieldValue(page, 'First name')) !== '',
  },
  { path: '/e-commerce/products', shows: async (page) => (await rowsOf(page, 'Products')) > 0 },
  {
    path: '/e-commerce/products/new',
    shows: async (page) =>
      (await visible(page, 'heading', 'New product')) && (await fieldValue(page, 'Model')) === '',
  },
  {
    path: '/e-commerce/products/1/edit',
    shows: async (page) =>
      (await visible(page, 'heading', /^Edit product: .+/)) &&
      (await fieldValue(page, 'Model')) !== '',
  },
];

describe('the template routes', () => {
  test('renders every template route with no console error', async ({ page }) => {
    await signIn(page, stack);

    for (const route of SHELL_ROUTES) {
      await open(page, route.path);
      await expect.poll(() => title(page), { timeout: 15_000 }).toBe(route.title);
      await expect.poll(() => page.title()).toBe(`${route.title} · Fuel Community`);
      await expect.poll(() => route.shows(page), { timeout: 15_000 }).toBe(true);
      expect(pathOf(page.url()), route.path).toBe(route.path.split('?')[0]);
    }

    // /e-commerce opens the shop on its customers.
    await open(page, '/e-commerce');
    await page.waitForURL('**/e-commerce/customers');
    for (const route of SHOP_ROUTES) {
      await open(page, route.path);
      await expect.poll(() => title(page), { timeout: 15_000 }).toBe('eCommerce');
      await expect
        .poll(() => route.shows(page), { timeout: 15_000, message: route.path })
        .toBe(true);
      expect(pathOf(page.url()), route.path).toBe(route.path);
    }

    await open(page, '/terms');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).isVisible(), { timeout: 15_000 })
      .toBe(true);

    for (let variant = 1; variant <= 6; variant++) {
      const path = `/error/error-v${variant}`;
      await open(page, path);
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).isVisible(), { timeout: 15_000 })
        .toBe(true);
      expect(pathOf(page.url())).toBe(path);
    }
  });
});

describe('the dashboard', () => {
  test('shows the demo2 widgets by default, with inert links and buttons that go nowhere', async ({
    page,
  }) => {
    await signIn(page, stack);
    await open(page, '/dashboard');
    for (const widget of [
      'Sales Stat',
      'Weekly Sales Stats',
      'Action Needed',
      'Tasks Overview',
      'Authors',
      'Todo',
      'My Activity',
      'Notifications',
      'Create CRM reports',
      'Go further with Pro',
    ]) {
      await expect.poll(() => visible(page, 'heading', widget), { timeout: 15_000 }).toBe(true);
    }
    expect(await page.getByText('New customers').isVisible()).toBe(true);

    // Playwright will not click what says it is disabled; a keyboard user can still press it.
    const report = page.getByRole('button', { name: 'Generate report' });
    expect(await report.getAttribute('aria-disabled')).toBe('true');
    await report.focus();
    await page.keyboard.press('Enter');
    const briefing = page.getByRole('link', { name: 'Project briefing' });
    expect(await briefing.getAttribute('aria-disabled')).toBe('true');
    await briefing.focus();
    await page.keyboard.press('Enter');
    await briefing.dispatchEvent('click');
    expect(pathOf(page.url())).toBe('/dashboard');
    expect(await page.locator('a[href="#"]').count()).toBe(0);

    // The chart's tooltip: dollars in thousands, month by month, by keyboard and by pointer.
    const chart = page.getByRole('application', { name: 'Weekly Sales Stats chart' });
    const tooltip = page.getByTestId('chart-tooltip');
    await chart.focus();
    await chart.press('ArrowRight');
    await expect.poll(() => tooltip.textContent()).toBe('FebSales$18 thousand');
    const box = await chart.boundingBox();
    expect(box?.height).toBe(150);
    // Leaving the chart clears the tooltip; the pointer above December shows December.
    await chart.evaluate((element) => (element as SVGElement).blur());
    await expect.poll(() => tooltip.textContent()).toBe('');
    const december = await chart.locator('.recharts-xAxis-tick-labels text').last().boundingBox();
    await page.mouse.move((december?.x ?? 0) + (december?.width ?? 0) / 2, (box?.y ?? 0) + 60);
    await expect.poll(() => tooltip.textContent()).toBe('DecSales$31 thousand');
  });
});

describe('the layout builder', () => {
  test('switches the dashboard variant: demo3 has its own widgets, demo5 none', async ({
    page,
  }) => {
    await signIn(page, stack);
    await open(page, '/builder');
    await page.getByRole('tab', { name: 'Content' }).click();
    await page.getByLabel('Dashboard variant').selectOption('demo3');
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.waitForLoadState('load');
    await expect.poll(() => title(page), { timeout: 15_000 }).toBe('Layout Builder');

    await open(page, '/dashboard');
    for (const widget of [
      'Sales Progress',
      'Authors Earnings',
      'Trends',
      'Market Leaders',
      'Properties',
      'New Arrivals',
      'Agents Stats',
    ]) {
      await expect.poll(() => visible(page, 'heading', widget), { timeout: 15_000 }).toBe(true);
    }
    const period = page.getByRole('group', { name: 'Period' });
    expect(await period.getByRole('button', { name: 'Month' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await period.getByRole('button', { name: 'Day' }).click();
    expect(await period.getByRole('button', { name: 'Day' }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    await page.getByRole('link', { name: 'Change it in the Layout Builder' }).click();
    await page.waitForURL('**/builder');
    // The Content tab is remembered (builderActiveTab).
    await expect
      .poll(() => page.getByRole('tab', { name: 'Content' }).getAttribute('aria-selected'))
      .toBe('true');
    await page.getByLabel('Dashboard variant').selectOption('demo5');
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.waitForLoadState('load');
    await open(page, '/dashboard');
    await expect
      .poll(() => page.getByTestId('dashboard-empty').textContent(), { timeout: 15_000 })
      .toContain('The Demo 5 dashboard has no widgets');
  });

  test('Preview stores the layout and the shell applies it; Reset brings the defaults back', async ({
    page,
  }) => {
    await signIn(page, stack);
    await open(page, '/builder');
    // The radios are cards: their labels take the click.
    const choose = (group: string, choice: string) =>
      page.getByRole('radiogroup', { name: group }).getByText(choice, { exact: true }).click();
    await choose('Header menu layout', 'Tabs');
    await page.getByRole('switch', { name: 'Fixed header' }).click();
    await page.getByRole('tab', { name: 'Subheader' }).click();
    await choose('Subheader style', 'Transparent');
    await page.getByRole('tab', { name: 'Content' }).click();
    await choose('Layout width', 'Fixed');
    await page.getByRole('tab', { name: 'Aside' }).click();
    await page.getByRole('switch', { name: 'Minimized aside' }).click();
    await page.getByRole('tab', { name: 'Footer' }).click();
    await page.getByRole('switch', { name: 'Fixed footer' }).click();
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.waitForLoadState('load');
    await expect
      .poll(() => page.getByTestId('builder-state').textContent(), { timeout: 15_000 })
      .toBe('These options are applied.');

    const stored = await page.evaluate(() => localStorage.getItem('LayoutConfig'));
    expect(JSON.parse(stored ?? '{}')).toEqual({
      width: 'fixed',
      headerMenuLayout: 'tab',
      subheaderStyle: 'transparent',
      headerFixed: false,
      asideMinimized: true,
      footerFixed: true,
      demo: 'demo2',
    });
    const styleOf = (selector: string, property: string) =>
      page.evaluate(
        ([s, p]) => {
          const element = document.querySelector(s ?? '');
          return element ? getComputedStyle(element).getPropertyValue(p ?? '') : null;
        },
        [selector, property],
      );
    expect(await styleOf('#content', 'max-width')).toBe('1200px');
    expect(await styleOf('header', 'position')).toBe('relative');
    expect(await styleOf('footer', 'position')).toBe('sticky');
    expect(await styleOf('[data-testid="subheader"]', 'background-color')).toBe('rgba(0, 0, 0, 0)');
    expect((await page.getByTestId('aside').boundingBox())?.width).toBe(72);

    await page.getByRole('button', { name: 'Reset' }).click();
    await page.waitForLoadState('load');
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('LayoutConfig')), { timeout: 15_000 })
      .toBeNull();
    await expect.poll(() => styleOf('header', 'position'), { timeout: 15_000 }).toBe('sticky');
    expect(await styleOf('#content', 'max-width')).toBe('none');
  });

  test('copies the generated config; the confirmation goes back to Copy', async ({ page }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: stack.urls.app,
    });
    await signIn(page, stack);
    await open(page, '/builder');
    const copy = page.getByTestId('copy-config');
    await copy.click();
    await expect.poll(() => copy.textContent()).toBe('Copied!');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(JSON.parse(copied)).toMatchObject({ width: 'fluid', demo: 'demo2' });
    await expect.poll(() => copy.textContent(), { timeout: 5000 }).toBe('Copy');
  });
});
