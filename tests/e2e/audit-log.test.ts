import { beforeAll } from 'vitest';
import { z } from 'zod';
import { adminApi } from './support/admin-api.ts';
import { signIn } from './support/clients.ts';
import { describe, expect, inject, test } from './support/fixtures.ts';
import { registerAppUser, rowWith } from './support/users.ts';

// The audit trail as an admin reads it: a user deleted and a price saved through the app's API
// show on /audit-log with who did it, what to, and the prices before and after, and in the
// quick panel's live tab.
const stack = inject('stack');
const admin = adminApi(stack);
let deletedUser = 0;
let group = '';
let type = '';
/** A day no other test saves prices for. */
const DATE = `2026-03-${String(10 + Math.floor(Math.random() * 18)).padStart(2, '0')}`;

const idList = z.array(z.object({ id: z.number() }).loose());

let adminId = '';

beforeAll(async () => {
  adminId = String((await admin.login()).user.id);
  const user = await registerAppUser(stack, 'Audited');
  deletedUser = user.id;
  const reply = await admin.call(`/admin/user/${user.id}`, z.null(), {
    method: 'DELETE',
  });
  if (reply.status !== 200) throw new Error(`deleting user ${user.id} failed: ${reply.status}`);

  group = String((await admin.call('/admin/groups', idList)).body.payload?.[0]?.id);
  type = String((await admin.call('/admin/fuel-price-types', idList)).body.payload?.[0]?.id);
  // As the price form sends it: multipart, every value a text field; saved twice, so the
  // second save has prices before it.
  for (const regular of ['3.29', '3.49']) {
    const form = new FormData();
    const fields = { fuel_price_type_id: type, date: DATE, regular, premium: '3.99' };
    for (const [name, value] of Object.entries({
      ...fields,
      diesel: '4.19',
      renew_99: '4.59',
      b_20: '4.09',
    })) {
      form.set(name, value);
    }
    const saved = await admin.call(`/admin/group/${group}/fuel-prices`, z.unknown(), {
      method: 'POST',
      body: form,
    });
    if (saved.status !== 200) throw new Error(`saving prices failed: ${saved.status}`);
  }
});

describe('the audit log screen', () => {
  test('shows the deleted user with the admin who deleted them, by e-mail and id', async ({
    page,
  }) => {
    await signIn(page, stack);
    await page.goto(`${stack.urls.app}/audit-log`);
    await page.getByLabel('Action', { exact: true }).selectOption({ label: 'User deleted' });
    await expect.poll(() => page.url()).toContain('action=user.delete');
    const row = rowWith(page, `User ${deletedUser}`);
    await row.first().waitFor();
    await expect(row.first().textContent()).resolves.toContain(stack.admin.email);
    await expect(row.first().textContent()).resolves.toContain(`ID ${adminId}`);
    await expect(row.first().textContent()).resolves.toContain('Success (200)');
    await expect(row.first().textContent()).resolves.toContain(`Deleted user ${deletedUser}`);
  });

  test("shows the admin's sign-in with the database session it got, and no target", async ({
    page,
  }) => {
    await signIn(page, stack);
    await page.goto(`${stack.urls.app}/audit-log?action=session.sign-in`);
    const row = rowWith(page, 'Signed in with a database session').first();
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain(stack.admin.email);
    await expect(row.getByRole('cell').nth(3).textContent()).resolves.toBe('—None');
  });

  test('shows a price save with the prices before and after it', async ({ page }) => {
    await signIn(page, stack);
    await page.goto(`${stack.urls.app}/audit-log?action=prices.save`);
    const row = rowWith(page, `Day ${DATE}`).filter({ hasText: 'Regular: 3.29 → 3.49' });
    await row.first().waitFor();
    const text = await row.first().textContent();
    expect(text).toContain(`Group ${group}`);
    expect(text).toContain(`Price type ${type}`);
    expect(text).toContain(stack.admin.email);
    // Unchanged grades are left out of the change.
    expect(text).not.toContain('Premium:');

    // A filter by an admin nobody is leaves nothing, and the address keeps it.
    await page.getByLabel('Admin e-mail').fill('nobody-at-all@');
    await page.getByText('No records found').first().waitFor();
    expect(new URL(page.url()).searchParams.get('admin')).toBe('nobody-at-all@');
  });

  test('lists the same changes live in the quick panel, with a way to the whole log', async ({
    page,
  }) => {
    await signIn(page, stack);
    await page.getByRole('button', { name: 'Open the quick panel' }).click();
    const latest = page.getByRole('list', { name: 'Latest changes' });
    await latest.waitFor();
    await latest
      .getByText(/^Saved prices of group /)
      .first()
      .waitFor();
    expect(await latest.getByRole('listitem').count()).toBeLessThanOrEqual(10);

    // A change made while the tab is shown appears without a reload.
    const user = await registerAppUser(stack, 'Audited live');
    await admin.call(`/admin/user/${user.id}`, z.null(), { method: 'DELETE' });
    await latest.getByText(`Deleted user ${user.id}`).waitFor();

    await page.getByRole('link', { name: 'View all' }).click();
    await page.waitForURL('**/audit-log');
    await rowWith(page, `Deleted user ${user.id}`).first().waitFor();
  });
});
