import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { z } from 'zod';
import { SEED_SECOND_ADMIN } from '../../dev/api/index.js';
import { fuelPriceSchema, groupSchema } from '../../functions/src/contracts/index.js';
import { apiCall, signIn } from './support/clients.ts';
import { adminToken, pngImage } from './support/admin-screens.ts';
import { describe, expect, inject, test } from './support/fixtures.ts';

// Two admins on the price desk of the same day, each in a browser of their own, on a group of
// this test's own: each sees the row the other edits, and a save over a row the other saved
// since the desk loaded asks first.
const stack = inject('stack');
let token: string;
let group: { id: number; name: string };
let types: { id: number; name: string }[];
/** Days no seed and no other test prices, one per test. */
const PRESENCE_DAY = '2023-07-19';
const CONFLICT_DAY = '2023-07-20';
const LOAD_TIMEOUT_MS = 45_000;
const FIRST_ADMIN = 'Fuel Community Admin';

beforeAll(async () => {
  token = await adminToken(stack);
  const form = new FormData();
  form.set('name', `Presence test group ${randomUUID().slice(0, 8)}`);
  const image = pngImage('group.png', 16, 16, [14, 165, 233], [14, 165, 233]);
  form.set('image', new Blob([new Uint8Array(image.buffer)], { type: 'image/png' }), image.name);
  const created = await apiCall(stack, token, '/admin/groups', groupSchema, {
    method: 'POST',
    body: form,
  });
  group = created.body.payload;
  const listed = await apiCall(
    stack,
    token,
    '/admin/fuel-price-types',
    z.array(z.object({ id: z.number(), name: z.string() })),
  );
  types = listed.body.payload;
});
afterAll(async () => {
  await apiCall(stack, token, `/admin/groups/${group.id}`, z.unknown(), { method: 'DELETE' });
});

const typeId = (name: string) => types.find((type) => type.name === name)?.id ?? 0;
const row = (page: Page, type: string) => page.locator(`[data-key="${group.id}:${typeId(type)}"]`);
const GRADES = ['regular', 'premium', 'diesel', 'renew_99', 'b_20'] as const;
const cell = (page: Page, type: string, grade: (typeof GRADES)[number]) =>
  row(page, type).locator(`input[data-col="${GRADES.indexOf(grade)}"]`);
/** Types the five grades of a row, the regular one `regular`. */
async function fillRow(page: Page, type: string, regular: string) {
  for (const grade of GRADES)
    await cell(page, type, grade).fill(grade === 'regular' ? regular : '5');
}
const editing = (page: Page, type: string, name: string) =>
  row(page, type).getByRole('img', { name: `${name} is editing` });

/** Both admins signed in, each with the desk of `day` open. */
async function bothOnDesk(
  page: Page,
  openPage: () => Promise<Page>,
  day: string,
): Promise<[Page, Page]> {
  const other = await openPage();
  await Promise.all([
    signIn(page, stack),
    signIn(other, stack, SEED_SECOND_ADMIN.email, SEED_SECOND_ADMIN.password),
  ]);
  for (const each of [page, other]) {
    await each.goto(`${stack.urls.app}/today-prices?day=${day}`);
    // Every group x type is read (the history, then the upstream 4 at a time): give it time.
    await row(each, 'Cash').waitFor({ timeout: LOAD_TIMEOUT_MS });
  }
  return [page, other];
}

async function saved(type: string, day: string) {
  const reply = await apiCall(
    stack,
    token,
    `/admin/group/${group.id}/fuel-prices/${typeId(type)}?date=${day}`,
    z.nullable(z.object(fuelPriceSchema.shape)),
  );
  return reply.body.payload;
}

describe('two admins on the price desk', () => {
  test(
    'each sees the row the other edits, until the other closes the desk',
    // Two loads of the whole desk on a shared machine.
    { timeout: 180_000 },
    async ({ page, openPage }) => {
      const [first, second] = await bothOnDesk(page, openPage, PRESENCE_DAY);

      await cell(first, 'Cash', 'regular').focus();
      await editing(second, 'Cash', FIRST_ADMIN).waitFor();
      await cell(second, 'Credit Card', 'premium').focus();
      await editing(first, 'Credit Card', SEED_SECOND_ADMIN.name).waitFor();
      // Each sees only the other, on the row of the other's focused cell.
      expect(await editing(first, 'Cash', FIRST_ADMIN).count()).toBe(0);
      await cell(first, 'Fleet Card', 'diesel').focus();
      await editing(second, 'Fleet Card', FIRST_ADMIN).waitFor();
      await expect.poll(() => editing(second, 'Cash', FIRST_ADMIN).count()).toBe(0);

      await second.close();
      await expect
        .poll(() => editing(first, 'Credit Card', SEED_SECOND_ADMIN.name).count(), {
          timeout: 15_000,
        })
        .toBe(0);
    },
  );

  test(
    'asks before a save overwrites a row the other admin saved since the desk loaded',
    { timeout: 180_000 },
    async ({ page, openPage }) => {
      const [first, second] = await bothOnDesk(page, openPage, CONFLICT_DAY);

      await fillRow(second, 'Cash', '4.1');
      await second.getByRole('button', { name: 'Save changes' }).click();
      await expect.poll(() => row(second, 'Cash').textContent()).toContain('Saved');

      await fillRow(first, 'Cash', '4.3');
      await fillRow(first, 'Credit Card', '4.4');
      await first.getByRole('button', { name: 'Save changes' }).click();
      const dialog = first.getByTestId('desk-conflicts');
      await expect
        .poll(() => dialog.getByRole('listitem').allTextContents())
        .toEqual([
          expect.stringMatching(`${group.name} · Cash: saved by ${SEED_SECOND_ADMIN.name}, `),
        ]);
      // Nothing is saved while the admin chooses.
      expect(await saved('Credit Card', CONFLICT_DAY)).toBeNull();

      await dialog.getByRole('button', { name: 'Overwrite' }).click();
      await expect.poll(() => row(first, 'Cash').textContent()).toContain('Saved');
      await expect.poll(() => row(first, 'Credit Card').textContent()).toContain('Saved');
      expect(await saved('Cash', CONFLICT_DAY)).toMatchObject({ regular: 4.3 });
      expect(await saved('Credit Card', CONFLICT_DAY)).toMatchObject({ regular: 4.4 });
    },
  );
});
