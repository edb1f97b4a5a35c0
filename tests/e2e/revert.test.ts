/**
 * Revert from the audit trail on the local stack, with a group of this test's own: a price save
 * reverted from its entry sends the prices before it back upstream, and an entry whose prices
 * were changed again since shows the three values and asks before reverting.
 */
import { afterAll, beforeAll } from 'vitest';
import { daysBefore, losAngelesDay } from '../../dev/api/time.ts';
import { signIn } from './support/clients.ts';
import { deskGroup, type DeskGroup } from './support/desk.ts';
import { describe, expect, inject, REFUSED_REQUEST, test } from './support/fixtures.ts';

const stack = inject('stack');
const LOAD_TIMEOUT_MS = 45_000;
/** A day no other test saves prices for; within the price warnings' range and limit. */
const DAY = daysBefore(losAngelesDay(Date.now()), -5);
const FIRST = { regular: 4.59, premium: 5.29, diesel: 5.04, renew_99: 4.99, b_20: 4.89 };
const SECOND = { ...FIRST, regular: 4.69, b_20: 4.95 };
const THIRD = { ...FIRST, regular: 4.79, b_20: 4.99 };
let desk: DeskGroup;

beforeAll(async () => {
  desk = await deskGroup(stack, 'Revert test group');
});
afterAll(async () => {
  await desk.remove();
});

const summaryOf = (type: string) =>
  `Saved prices of group ${desk.group.id}, type ${desk.typeId(type)}, for ${DAY}`;

describe('revert from the audit trail', () => {
  test('sends the prices before a save back upstream', { timeout: 120_000 }, async ({ page }) => {
    await desk.save('Cash', DAY, FIRST);
    await desk.save('Cash', DAY, SECOND);
    await signIn(page, stack);
    await page.goto(`${stack.urls.app}/audit-log?action=prices.save`);
    // The first save had no prices before it: only the second offers Revert.
    const revert = page.getByRole('button', { name: `Revert: ${summaryOf('Cash')}` });
    await revert.waitFor({ timeout: LOAD_TIMEOUT_MS });
    expect(await revert.count()).toBe(1);
    await revert.click();
    const dialog = page.getByRole('alertdialog', { name: 'Revert this change?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Revert', exact: true }).click();
    await page.getByText('Change reverted').waitFor();

    await expect.poll(() => desk.saved('Cash', DAY)).toMatchObject(FIRST);
    // The revert is an entry of its own, marked as one.
    await page
      .getByText(`Revert: ${summaryOf('Cash')}`)
      .first()
      .waitFor();
  });

  test(
    'shows the values before, after and now, and asks, when the prices changed since',
    { timeout: 120_000 },
    async ({ page, errors }) => {
      // The browser logs the 409 that asks first.
      errors.expect(REFUSED_REQUEST);
      await desk.save('Credit Card', DAY, FIRST);
      await desk.save('Credit Card', DAY, SECOND);
      await desk.save('Credit Card', DAY, THIRD);
      await signIn(page, stack);
      await page.goto(`${stack.urls.app}/audit-log?action=prices.save`);
      // Newest first: the third save's entry, then the second's, which is reverted.
      const reverts = page.getByRole('button', { name: `Revert: ${summaryOf('Credit Card')}` });
      await reverts.nth(1).waitFor({ timeout: LOAD_TIMEOUT_MS });
      await reverts.nth(1).click();
      const dialog = page.getByRole('alertdialog', { name: 'Revert this change?' });
      await dialog.getByRole('button', { name: 'Revert', exact: true }).click();

      const anyway = dialog.getByRole('button', { name: 'Revert anyway' });
      await anyway.waitFor();
      const regular = dialog.getByRole('row', { name: /Regular/ });
      await expect.poll(() => regular.textContent()).toMatch(/4\.59.*4\.69.*4\.79/);
      // Nothing was sent before the admin saw the three values.
      expect(await desk.saved('Credit Card', DAY)).toMatchObject(THIRD);

      await anyway.click();
      await page.getByText('Change reverted').waitFor();
      await expect.poll(() => desk.saved('Credit Card', DAY)).toMatchObject(FIRST);
    },
  );
});
