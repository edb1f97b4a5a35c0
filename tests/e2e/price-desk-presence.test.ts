import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { SEED_SECOND_ADMIN } from '../../dev/api/index.js';
import { signIn } from './support/clients.ts';
import { deskGroup, GRADES, type DeskGroup } from './support/desk.ts';
import { describe, expect, inject, test } from './support/fixtures.ts';

// Two admins on the price desk of the same day, each in a browser of their own, on a group of
// this test's own: each sees the row the other edits and the rows the other saves, and a save
// over a row the other saved since it was typed asks first.
const stack = inject('stack');
let desk: DeskGroup;
/** Days no seed and no other test prices, one per test. */
const PRESENCE_DAY = '2023-07-19';
const CONFLICT_DAY = '2023-07-20';
const LOAD_TIMEOUT_MS = 45_000;
const FIRST_ADMIN = 'Fuel Community Admin';

beforeAll(async () => {
  desk = await deskGroup(stack, 'Presence test group');
});
afterAll(() => desk.remove());

/** Types the five grades of a row, the regular one `regular`. */
async function fillRow(page: Page, type: string, regular: string) {
  for (const grade of GRADES)
    await desk.cell(page, type, grade).fill(grade === 'regular' ? regular : '5');
}
const editing = (page: Page, type: string, name: string) =>
  desk.row(page, type).getByRole('img', { name: `${name} is editing` });

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
    await desk.row(each, 'Cash').waitFor({ timeout: LOAD_TIMEOUT_MS });
  }
  return [page, other];
}

describe('two admins on the price desk', () => {
  test(
    'each sees the row the other edits, until the other closes the desk',
    // Two loads of the whole desk on a shared machine.
    { timeout: 180_000 },
    async ({ page, openPage }) => {
      const [first, second] = await bothOnDesk(page, openPage, PRESENCE_DAY);

      await desk.cell(first, 'Cash', 'regular').focus();
      await editing(second, 'Cash', FIRST_ADMIN).waitFor();
      await desk.cell(second, 'Credit Card', 'premium').focus();
      await editing(first, 'Credit Card', SEED_SECOND_ADMIN.name).waitFor();
      // Each sees only the other, on the row of the other's focused cell.
      expect(await editing(first, 'Cash', FIRST_ADMIN).count()).toBe(0);
      await desk.cell(first, 'Fleet Card', 'diesel').focus();
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
    "shows the other admin's save at once; a row being typed keeps it, and asks before overwriting",
    { timeout: 180_000 },
    async ({ page, openPage }) => {
      const [first, second] = await bothOnDesk(page, openPage, CONFLICT_DAY);
      await fillRow(first, 'Cash', '4.3');

      await fillRow(second, 'Cash', '4.1');
      await fillRow(second, 'Credit Card', '4.2');
      await second.getByRole('button', { name: 'Save changes' }).click();
      await expect.poll(() => desk.row(second, 'Cash').textContent()).toContain('Saved');
      await expect.poll(() => desk.row(second, 'Credit Card').textContent()).toContain('Saved');

      // Without a reload: the unchanged row takes their prices, the typed one keeps the typing.
      await expect.poll(() => desk.cell(first, 'Credit Card', 'regular').inputValue()).toBe('4.2');
      expect(await desk.row(first, 'Credit Card').textContent()).toContain(
        `Saved by ${SEED_SECOND_ADMIN.name}`,
      );
      await expect
        .poll(() => desk.row(first, 'Cash').textContent())
        .toContain(`Saved by ${SEED_SECOND_ADMIN.name}. Your changes are kept`);
      expect(await desk.cell(first, 'Cash', 'regular').inputValue()).toBe('4.3');

      await first.getByRole('button', { name: 'Save changes' }).click();
      const dialog = first.getByTestId('desk-conflicts');
      await expect
        .poll(() => dialog.getByRole('listitem').allTextContents())
        .toEqual([
          expect.stringMatching(`${desk.group.name} · Cash: saved by ${SEED_SECOND_ADMIN.name}, `),
        ]);
      await dialog.getByRole('button', { name: 'Overwrite' }).click();
      await expect.poll(() => desk.row(first, 'Cash').textContent()).toContain('Saved');
      expect(await desk.saved('Cash', CONFLICT_DAY)).toMatchObject({ regular: 4.3 });
      expect(await desk.saved('Credit Card', CONFLICT_DAY)).toMatchObject({ regular: 4.2 });
    },
  );
});
