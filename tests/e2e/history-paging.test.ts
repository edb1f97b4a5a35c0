import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { z } from 'zod';
import { alertSchema, paths, type Alert } from '../../functions/src/contracts/index.js';
import { eventually, ownerDatabase, signIn } from './support/clients.ts';
import { describe, expect, inject, test } from './support/fixtures.ts';

// The Notifications History over a long history: only the page shown crosses the wire, the
// total is the functions' count, next and last show the right alerts, the view lives in the
// address, and an export holds exactly the alerts of its date range.
const stack = inject('stack');
const owner = ownerDatabase(stack);

const SEEDED = 2_000;
const KEY_PREFIX = '-E2Ehistory';
const key = (i: number) => `${KEY_PREFIX}${String(i).padStart(5, '0')}`;
/** Long before anything the other tests send, a minute apart. */
const FIRST_TIME = Date.UTC(2020, 0, 1);

const alerts = z.record(z.string(), alertSchema);

/** January 1, 2020 in Los Angeles, where the history's days are: 1 440 of the seeded alerts. */
const DAY = { iso: '2020-01-01', from: Date.UTC(2020, 0, 1, 8), to: Date.UTC(2020, 0, 2, 8) - 1 };

const params = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

beforeAll(async () => {
  // Written straight into the database; the functions count each as it is created.
  const entries: Record<string, Alert> = {};
  for (let i = 0; i < SEEDED; i += 1) {
    entries[key(i)] = {
      notificationId: key(i),
      title: `Seeded alert ${i}`,
      description: 'From the long history.',
      image: '',
      userName: 'Nobody',
      target: 'user',
      userId: 'e2e-history-nobody',
      timeStamp: FIRST_TIME + i * 60_000,
    };
  }
  await owner.db.ref(paths.alerts()).update(entries);
  await eventually(
    async () => {
      const [all, count] = await Promise.all([everyAlert(), counter()]);
      return all.length >= SEEDED && count === all.length ? true : undefined;
    },
    'the functions to count every alert',
    300_000,
  );
}, 330_000);
afterAll(async () => {
  await owner.close();
});

async function counter(): Promise<number> {
  return z.number().parse((await owner.db.ref(paths.alertCount()).get()).val() ?? 0);
}

/** Every alert, newest first, as the history orders them (read here, not by the page). */
async function everyAlert(): Promise<Alert[]> {
  const all = Object.values(alerts.parse((await owner.db.ref(paths.alerts()).get()).val() ?? {}));
  return all.sort(
    (a, b) => b.timeStamp - a.timeStamp || (a.notificationId < b.notificationId ? 1 : -1),
  );
}

/** The distinct seeded alerts the page's database connection has received so far. */
function watchSeededKeys(page: Page): () => number {
  const seen = new Set<string>();
  const pattern = new RegExp(`${KEY_PREFIX}\\d{5}`, 'g');
  page.on('websocket', (socket) => {
    socket.on('framereceived', ({ payload }) => {
      for (const match of String(payload).matchAll(pattern)) seen.add(match[0]);
    });
  });
  return () => seen.size;
}

const titles = async (page: Page) =>
  (await page.getByRole('row').allTextContents()).slice(1).join('\n');

async function expectRows(page: Page, expected: Alert[]) {
  const first = expected[0];
  const last = expected.at(-1);
  if (!first || !last) throw new Error('no rows expected');
  await page.getByRole('row').filter({ hasText: first.title }).first().waitFor();
  await expect.poll(() => page.getByRole('row').count()).toBe(expected.length + 1);
  const shown = await titles(page);
  for (const alert of expected) expect(shown).toContain(alert.title);
}

describe('Notifications History over a long history', { timeout: 180_000 }, () => {
  test('reads page 1 alone, then the next and the last page, totalled by the count', async ({
    page,
  }) => {
    const received = watchSeededKeys(page);
    const all = await everyAlert();
    const total = await counter();
    expect(total).toBe(all.length);

    await signIn(page, stack);
    await page.goto(`${stack.urls.app}/group-notifications`);
    await page.getByText(`Showing 1–10 of ${total.toLocaleString('en-US')}`).waitFor();
    await expectRows(page, all.slice(0, 10));
    // The page and the one row that says an older page exists, not the rest.
    expect(received()).toBeLessThanOrEqual(11);

    const pages = page.getByRole('navigation', { name: 'Pagination' });
    await pages.getByRole('button', { name: 'Next page' }).click();
    await page.getByText(`Showing 11–20 of ${total.toLocaleString('en-US')}`).waitFor();
    await expectRows(page, all.slice(10, 20));
    expect(received()).toBeLessThanOrEqual(22);

    await pages.getByRole('button', { name: 'Last page' }).click();
    const lastSize = total % 10 || 10;
    await page
      .getByText(
        `Showing ${(total - lastSize + 1).toLocaleString('en-US')}–${total.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`,
      )
      .waitFor();
    await expectRows(page, all.slice(total - lastSize));
    await pages.getByRole('button', { name: `Page ${Math.ceil(total / 10) - 1}` }).waitFor();
    expect(received()).toBeLessThanOrEqual(22 + lastSize);

    // The oldest page is in the address too: a reload reads it again.
    await page.reload();
    await expectRows(page, all.slice(total - lastSize));
  });

  test('keeps the date range and the page through a reload and Back', async ({ page }) => {
    const inDay = (await everyAlert()).filter(
      (alert) => alert.timeStamp >= DAY.from && alert.timeStamp <= DAY.to,
    );
    await signIn(page, stack);
    await page.goto(`${stack.urls.app}/group-notifications`);
    await page.getByText('Showing 1–10 of').waitFor();
    await page.getByLabel('From', { exact: true }).fill(DAY.iso);
    await page.getByLabel('To', { exact: true }).fill(DAY.iso);
    await page.getByText('Showing 1–10 of 11+').waitFor();
    await expectRows(page, inDay.slice(0, 10));
    await page
      .getByRole('navigation', { name: 'Pagination' })
      .getByRole('button', { name: 'Next page' })
      .click();
    await page.getByText('Showing 11–20 of 21+').waitFor();
    await expectRows(page, inDay.slice(10, 20));
    expect(params(page)).toMatchObject({ from: DAY.iso, to: DAY.iso, page: '2' });

    await page.reload();
    await page.getByText('Showing 11–20 of 21+').waitFor();
    await expectRows(page, inDay.slice(10, 20));
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe(DAY.iso);
    expect(await page.getByLabel('To', { exact: true }).inputValue()).toBe(DAY.iso);

    await page.goBack();
    await page.getByText('Showing 1–10 of 11+').waitFor();
    await expectRows(page, inDay.slice(0, 10));
    expect(params(page)).toEqual({ from: DAY.iso, to: DAY.iso });
    await page.goBack();
    await expect.poll(() => page.getByLabel('To', { exact: true }).inputValue()).toBe('');
    expect(params(page)).toEqual({ from: DAY.iso });
  });

  test('exports exactly the alerts of the date range, every page of it', async ({ page }) => {
    const inDay = (await everyAlert()).filter(
      (alert) => alert.timeStamp >= DAY.from && alert.timeStamp <= DAY.to,
    );
    // More than one export batch.
    expect(inDay.length).toBeGreaterThan(1000);
    await signIn(page, stack);
    await page.goto(`${stack.urls.app}/group-notifications?from=${DAY.iso}&to=${DAY.iso}`);
    await page.getByText('Showing 1–10 of 11+').waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^notifications-history-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile(await download.path(), 'utf8');
    const [header, ...lines] = text.slice(1).trimEnd().split('\r\n');
    expect(header).toBe('Sr.No,Title,Description,Sent to,Date Time,Date Time (ISO 8601),Delivery');
    expect(lines).toHaveLength(inDay.length);
    inDay.forEach((alert, index) => {
      const line = lines[index] ?? '';
      expect(
        line.startsWith(`${index + 1},${alert.title},${alert.description},Nobody (a user),`),
      ).toBe(true);
      expect(line).toContain(`,${new Date(alert.timeStamp).toISOString()},`);
    });
  });
});
