import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { z } from 'zod';
import { complaintSchema, type Complaint } from '../../functions/src/contracts/index.js';
import { adminApi } from './support/admin-api.ts';
import { adminPage, toast } from './support/admin-screens.ts';
import { describe, expect, inject, REFUSED_REQUEST, test } from './support/fixtures.ts';

// The complaints screen against the local stack: approve, reject and answer after confirming,
// delete, and what the admin sees when the complaint went away meanwhile.
const stack = inject('stack');
const admin = adminApi(stack);

async function complaints(): Promise<Complaint[]> {
  const reply = await admin.call('/admin/user-complaint', z.array(complaintSchema));
  return reply.body.payload;
}

/**
 * Seeded complaints (app users cannot be made to complain through the admin API), each with a
 * title and complainer no other complaint shares, oldest first, so each test takes its own.
 */
type SignedComplaint = Complaint & { user: NonNullable<Complaint['user']> };

async function distinctComplaints(status: Complaint['status']): Promise<SignedComplaint[]> {
  const all = (await complaints()).filter((c): c is SignedComplaint => c.user !== null);
  const key = (c: SignedComplaint) => `${c.title}|${c.user.name}`;
  const counts = new Map<string, number>();
  for (const c of all) counts.set(key(c), (counts.get(key(c)) ?? 0) + 1);
  return all.filter((c) => c.status === status && counts.get(key(c)) === 1).reverse();
}

/** Narrows the table to the complainer's rows, then returns the complaint's own row. */
async function rowOf(page: Page, complaint: SignedComplaint) {
  const search = page.getByRole('searchbox', { name: 'Search the list' });
  await search.fill(complaint.user.name);
  const row = page
    .getByRole('table', { name: 'Complaints' })
    .getByRole('row')
    .filter({ hasText: complaint.title })
    .filter({ hasText: complaint.user.name });
  await expect.poll(() => row.count()).toBe(1);
  return row;
}

const statusOf = async (id: number) => (await complaints()).find((c) => c.id === id)?.status;

describe('the complaints screen', () => {
  test('approves and rejects after confirming, and saves a response shown as the message', async ({
    page,
    errors,
  }) => {
    errors.expect(REFUSED_REQUEST);
    const [complaint] = await distinctComplaints(1);
    if (!complaint) throw new Error('the seed has no pending complaint to work on');
    await adminPage(page, stack, '/complaints');
    const row = await rowOf(page, complaint);
    expect(await row.getByText('Pending').isVisible()).toBe(true);

    await row.getByRole('button', { name: 'Approve', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Approve this complaint?' });
    await confirm.waitFor();
    await expect
      .poll(() => confirm.getByText(`“${complaint.title}” from ${complaint.user.name}`).isVisible())
      .toBe(true);
    // Nothing changes before the admin confirms.
    expect(await statusOf(complaint.id)).toBe(1);
    await confirm.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect.poll(() => toast(page, 'Updated Successfully').isVisible()).toBe(true);
    await expect.poll(() => row.getByText('Approved', { exact: true }).isVisible()).toBe(true);
    expect(await statusOf(complaint.id)).toBe(2);

    await row.getByRole('button', { name: 'Reject', exact: true }).click();
    const reject = page.getByRole('alertdialog', { name: 'Reject this complaint?' });
    await reject.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect.poll(() => row.getByText('Rejected', { exact: true }).isVisible()).toBe(true);
    expect(await statusOf(complaint.id)).toBe(3);

    const answer = `We refunded your card today (${randomUUID().slice(0, 8)}).`;
    await row.getByRole('button', { name: 'Response', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Response' });
    await modal.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => modal.getByText('Response is required').isVisible()).toBe(true);
    await modal.getByLabel('Response').fill(answer);
    await modal.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => modal.isVisible()).toBe(false);
    await expect.poll(() => row.getByText(answer).isVisible()).toBe(true);
    const saved = (await complaints()).find((c) => c.id === complaint.id);
    expect(saved?.admin_response).toBe(answer);
  });

  test("shows the server's message when the complaint was deleted meanwhile, then drops it", async ({
    page,
    errors,
  }) => {
    errors.expect(REFUSED_REQUEST);
    const [gone] = await distinctComplaints(1);
    if (!gone) throw new Error('the seed has no pending complaint left');
    await adminPage(page, stack, '/complaints');
    const row = await rowOf(page, gone);
    // Another admin deletes it after this page loaded the list.
    const removed = await admin.call(`/admin/user-complaint/${gone.id}`, z.unknown(), {
      method: 'DELETE',
    });
    expect(removed.status).toBe(200);

    await row.getByRole('button', { name: 'Approve', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Approve this complaint?' });
    await confirm.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect
      .poll(() => toast(page, 'The requested complaint is not found').isVisible())
      .toBe(true);
    expect(await confirm.getByText('The requested complaint is not found').isVisible()).toBe(true);
    await confirm.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => row.count()).toBe(0);
  });

  test('deletes a complaint through the shared dialog', async ({ page, errors }) => {
    errors.expect(REFUSED_REQUEST);
    const [complaint] = await distinctComplaints(2);
    if (!complaint) throw new Error('the seed has no approved complaint to delete');
    await adminPage(page, stack, '/complaints');
    const row = await rowOf(page, complaint);
    await row.getByRole('button', { name: 'Delete complaint' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete' });
    await expect
      .poll(() => dialog.getByText('Are you sure you want to Delete?').isVisible())
      .toBe(true);
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => toast(page, 'Complaint deleted').isVisible()).toBe(true);
    await expect.poll(() => row.count()).toBe(0);
    // The request goes once the Undo toast ends (5 s).
    await expect
      .poll(async () => (await complaints()).some((c) => c.id === complaint.id), {
        timeout: 10_000,
      })
      .toBe(false);
  });
});
