import { afterAll, beforeAll } from 'vitest';
import { z } from 'zod';
import { GROUPS } from '../../dev/api/seed/content.ts';
import { daysBefore, losAngelesDay } from '../../dev/api/time.ts';
import { fuelPriceSchema, groupSchema } from '../../functions/src/contracts/index.js';
import { adminPage, toast } from './support/admin-screens.ts';
import { adminApi } from './support/admin-api.ts';
import { ownerDatabase } from './support/clients.ts';
import { deskGroup, type DeskGroup } from './support/desk.ts';
import { policyForRun } from './support/policy.ts';
import { describe, expect, inject, REFUSED_REQUEST, test } from './support/fixtures.ts';

// The price desk against the local stack, on a group of its own: the previous day saved through
// the `api` function (so its price history holds it), copied, edited, saved with one row refused
// by the upstream's own validation, and read back after a reload.
const stack = inject('stack');
const owner = ownerDatabase(stack);
const admin = adminApi(stack);
let desk: DeskGroup;
/** Days no seed and no other test prices. */
const PREVIOUS = '2023-06-14';
const DAY = '2023-06-15';
const LOAD_TIMEOUT_MS = 45_000;
const PREVIOUS_PRICES = { regular: 4, premium: 5, diesel: 5, renew_99: 5, b_20: 4.5 };
const TYPES = ['Cash', 'Credit Card', 'Fleet Card'];
const LEAVE = 'Some prices are not saved. Leave anyway?';

// The desk's own warnings are tested here: its saves with a warning go upstream, not for
// approval (the approvals test holds one).
let restorePolicy: () => Promise<void>;

beforeAll(async () => {
  restorePolicy = await policyForRun(owner.db, { priceWarnings: false });
  desk = await deskGroup(stack, 'Desk test group');
  for (const type of TYPES) await desk.save(type, PREVIOUS, PREVIOUS_PRICES);
});
afterAll(async () => {
  await desk.remove();
  await restorePolicy();
  await owner.close();
});

describe('the price desk', () => {
  test(
    'copies the previous day, warns of a jump, saves the rows the upstream accepts',
    // Two loads of the whole desk on a shared machine.
    { timeout: 180_000 },
    async ({ page, errors }) => {
      errors.expect(REFUSED_REQUEST);
      await adminPage(page, stack, `/today-prices?day=${DAY}`);
      // Every group x type is read (the history, then the upstream 4 at a time): give it time.
      await desk.row(page, 'Cash').waitFor({ timeout: LOAD_TIMEOUT_MS });
      for (const type of TYPES) {
        await desk.row(page, type).getByRole('checkbox').check();
      }
      await page.getByRole('button', { name: 'Copy previous day to selected rows (3)' }).click();
      expect(await desk.cell(page, 'Cash', 'regular').inputValue()).toBe('4');

      await desk.cell(page, 'Cash', 'regular').fill('4.8');
      await desk.cell(page, 'Credit Card', 'premium').fill('5.1');
      // Below zero: the upstream refuses this row.
      await desk.cell(page, 'Fleet Card', 'diesel').fill('-1');
      expect(await desk.row(page, 'Cash').getByTestId('desk-warning').count()).toBe(1);
      await desk.cell(page, 'Cash', 'regular').focus();
      await expect
        .poll(() => desk.row(page, 'Cash').getByRole('tooltip').textContent())
        .toContain('+20% from the previous day (4.00)');

      await page.getByRole('button', { name: 'Save changes' }).click();
      const warnings = page.getByTestId('desk-warnings');
      await expect.poll(() => warnings.getByRole('listitem').count()).toBe(2);
      await page.getByRole('button', { name: 'Save anyway' }).click();

      await expect.poll(() => desk.row(page, 'Fleet Card').textContent()).toContain('Not saved');
      expect(await desk.row(page, 'Fleet Card').textContent()).toContain(
        'The diesel field must be at least 0.',
      );
      expect(await desk.cell(page, 'Fleet Card', 'diesel').inputValue()).toBe('-1');
      await expect.poll(() => desk.row(page, 'Cash').textContent()).toContain('Saved');
      // The rows save side by side and end in any order; the summary comes once all have.
      await expect.poll(() => desk.row(page, 'Credit Card').textContent()).toContain('Saved');
      await toast(page, 'Rows not saved: 1.').waitFor();
      expect(await desk.saved('Cash', DAY)).toMatchObject({ ...PREVIOUS_PRICES, regular: 4.8 });
      expect(await desk.saved('Fleet Card', DAY)).toBeNull();

      // The leave prompt stands between the unsaved row and a reload; accept it.
      page.once('dialog', (dialog) => void dialog.accept());
      await page.reload();
      await desk.row(page, 'Cash').waitFor({ timeout: LOAD_TIMEOUT_MS });
      expect(await desk.cell(page, 'Cash', 'regular').inputValue()).toBe('4.8');
      expect(await desk.cell(page, 'Credit Card', 'premium').inputValue()).toBe('5.1');
      expect(await desk.cell(page, 'Fleet Card', 'diesel').inputValue()).toBe('');
    },
  );

  test(
    "copies the upstream's seeded day into every row it holds, charts the month, warns of a jump",
    { timeout: 180_000 },
    async ({ page }) => {
      // The seed holds a month of prices up to today for every seeded group: the desk of
      // tomorrow has no row saved through this product, and its previous day is all upstream.
      const today = losAngelesDay(Date.now());
      const tomorrow = daysBefore(today, -1);
      await adminPage(page, stack, `/today-prices?day=${tomorrow}`);
      const rows = page.getByTestId('desk-row');
      await rows.first().waitFor({ timeout: LOAD_TIMEOUT_MS });
      await page.getByRole('button', { name: 'Copy previous day to all rows' }).click();

      // The seeded groups' rows (other tests' groups have older days of their own).
      const groups = await admin.call('/admin/groups', z.array(groupSchema));
      const seededIds = groups.body.payload
        .filter((group) => GROUPS.some((seeded) => seeded.name === group.name))
        .map((group) => String(group.id));
      expect(seededIds).toHaveLength(GROUPS.length);
      const keys = (
        await rows.evaluateAll((each) => each.map((row) => row.dataset.key ?? ''))
      ).filter((key) => seededIds.includes(key.split(':')[0] ?? ''));
      const held = new Map<string, number | null>();
      for (const key of keys) {
        const [groupId, typeId] = key.split(':');
        const reply = await admin.call(
          `/admin/group/${groupId}/fuel-prices/${typeId}?date=${today}`,
          z.nullable(z.object(fuelPriceSchema.shape)),
        );
        held.set(key, reply.body.payload?.regular ?? null);
      }
      const copied = new Map(
        await rows.evaluateAll((each) =>
          each.map(
            (row) =>
              [
                row.dataset.key ?? '',
                row.querySelector<HTMLInputElement>('input[data-col="0"]')?.value ?? '',
              ] as const,
          ),
        ),
      );
      expect(new Map(keys.map((key) => [key, copied.get(key)]))).toEqual(
        new Map([...held].map(([key, regular]) => [key, regular === null ? '' : String(regular)])),
      );
      expect([...held.values()].every((regular) => regular !== null)).toBe(true);

      const key = keys.find((each) => each.startsWith(`${seededIds[0]}:`)) ?? '';
      const row = page.locator(`[data-key="${key}"]`);
      const regular = row.locator('input[data-col="0"]');
      await regular.focus();
      // The chart covers tomorrow and the 29 days before: every seeded day among them.
      const seededDays = Array.from({ length: 29 }, (_, back) => daysBefore(today, back)).sort();
      await expect
        .poll(
          async () =>
            ((await page.getByTestId('desk-chart-lines').getAttribute('data-days')) ?? '').split(
              ' ',
            ),
          { timeout: LOAD_TIMEOUT_MS },
        )
        .toEqual(expect.arrayContaining(seededDays));

      const previous = held.get(key) ?? 0;
      await regular.fill(String(Math.round(previous * 1.2 * 1000) / 1000));
      await expect
        .poll(() => row.getByRole('tooltip').first().textContent())
        .toContain(`+20% from the previous day (${previous.toFixed(2)})`);
    },
  );

  test(
    'asks before unsaved prices are left by Back or the command palette',
    { timeout: 120_000 },
    async ({ page }) => {
      await adminPage(page, stack, '/dashboard');
      // Into the desk within the app, so that Back has a screen of this page to return to.
      await page.getByRole('link', { name: 'Today Prices' }).first().click();
      await desk.row(page, 'Cash').waitFor({ timeout: LOAD_TIMEOUT_MS });
      await desk.cell(page, 'Cash', 'regular').fill('4.44');

      const asked: string[] = [];
      const answer = (yes: boolean) =>
        page.once('dialog', (dialog) => {
          asked.push(dialog.message());
          void (yes ? dialog.accept() : dialog.dismiss());
        });
      answer(false);
      await page.goBack();
      await expect.poll(() => asked).toEqual([LEAVE]);
      expect(new URL(page.url()).pathname).toBe('/today-prices');
      expect(await desk.cell(page, 'Cash', 'regular').inputValue()).toBe('4.44');

      answer(true);
      await page.keyboard.press('Control+k');
      const search = page.getByRole('combobox', { name: /Search screens/ });
      await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.type('All Users');
      await expect.poll(() => page.getByRole('option').first().textContent()).toBe('All Users');
      await page.keyboard.press('Enter');
      await page.waitForURL('**/all-users');
      expect(asked).toEqual([LEAVE, LEAVE]);

      // The desk left, Back returns to it at once, asking nothing.
      await page.goBack();
      await desk.row(page, 'Cash').waitFor({ timeout: LOAD_TIMEOUT_MS });
      expect(new URL(page.url()).pathname).toBe('/today-prices');
      expect(asked).toEqual([LEAVE, LEAVE]);
    },
  );
});
