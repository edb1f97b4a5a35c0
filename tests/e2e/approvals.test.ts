/**
 * Four eyes on a push to everyone and on a price save with a warning, with the policy as a fresh
 * stack has it (both held): one admin asks by making the change, a second decides in the
 * Approvals inbox. Roles are not in use here, so any admin but the requester approves.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll } from 'vitest';
import { z } from 'zod';
import { SEED_SECOND_ADMIN } from '../../dev/api/index.ts';
import {
  auditEntrySchema,
  changeDecisionPath,
  changeRequestSchema,
  changePaths,
  paths,
} from '../../functions/src/contracts/index.js';
import { adminApi } from './support/admin-api.ts';
import { eventually, ownerDatabase, signIn } from './support/clients.ts';
import { deviceToken, expectToast, mirrorDevices, registerAppUser } from './support/users.ts';
import { alertTitled, outboxTitled } from './support/pushes.ts';
import { deskGroup, GRADES } from './support/desk.ts';
import { describe, expect, inject, REFUSED_REQUEST, test } from './support/fixtures.ts';

const stack = inject('stack');
const owner = ownerDatabase(stack);
const admin = adminApi(stack);
afterAll(() => owner.close());

const LOAD_TIMEOUT_MS = 45_000;
const requests = z.record(z.string(), changeRequestSchema);
const audit = z.record(z.string(), auditEntrySchema);

/** The request whose summary names this title, once it is there. */
async function requestTitled(title: string) {
  return eventually(async () => {
    const all = requests.parse(
      (await owner.db.ref(changePaths.changeRequests()).get()).val() ?? {},
    );
    const found = Object.entries(all).find(([, request]) => request.summary.includes(title));
    return found && { id: found[0], ...found[1] };
  }, `the request for "${title}"`);
}

/**
 * The audit of a decided request: its asking and its decision. The decision's entry is written
 * once the request's new status is stored, which the pages may show first, so this waits for it.
 */
async function auditOf(requestId: string) {
  return eventually(async () => {
    const all = audit.parse((await owner.db.ref(paths.auditLog()).get()).val() ?? {});
    const entries = Object.values(all).filter((entry) => entry.targets?.request === requestId);
    return entries.length >= 2 ? entries : undefined;
  }, `the decision's audit entry for request ${requestId}`);
}

/** Composes a push to everyone and asks for its approval, as the signed-in admin. */
async function askForPush(page: Page, title: string) {
  await page.goto(`${stack.urls.app}/send-notification`);
  await page.getByRole('button', { name: 'Send To All' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send a notification to all users' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Description').fill('Every station closes at six tonight.');
  await dialog.getByRole('button', { name: 'Request approval' }).click();
  await expectToast(page, 'Sent for approval: it goes out once a second admin approves it');
}

/** The card of the request with this summary in the Approvals inbox of `page`. */
async function cardOf(page: Page, summary: string) {
  await page.goto(`${stack.urls.app}/approvals`);
  const card = page.getByRole('article', { name: summary });
  await card.waitFor();
  return card;
}

const pushTo = (title: string) => `Push "${title}" to everyone`;

describe('a push to everyone held for a second admin', { timeout: 180_000 }, () => {
  test('is approved in the second admin’s inbox and sent once; the audit names both', async ({
    page,
    openPage,
  }) => {
    const title = `Held push ${randomUUID().slice(0, 8)}`;
    // An app user with a phone, so the approved push has a device of this test's own to reach.
    const user = await registerAppUser(stack, 'E2E Approved', [deviceToken('phone')]);
    await mirrorDevices(admin, owner.db, user);
    await signIn(page, stack);
    await askForPush(page, title);
    const request = await requestTitled(title);
    expect(request).toMatchObject({ status: 'pending', requesterEmail: stack.admin.email });
    expect(await alertTitled(owner.db, title)).toBeUndefined();

    // The requester's own inbox offers no Approve, only Withdraw.
    const own = await cardOf(page, pushTo(title));
    await own.getByRole('button', { name: 'Withdraw' }).waitFor();
    expect(await own.getByRole('button', { name: 'Approve' }).count()).toBe(0);

    const second = await openPage();
    await signIn(second, stack, SEED_SECOND_ADMIN.email, SEED_SECOND_ADMIN.password);
    const card = await cardOf(second, pushTo(title));
    // What it would send and whom it reaches, as counted when it was asked for.
    await card.getByText('Every station closes at six tonight.').waitFor();
    await card.getByText(/Reaches [\d,]+ users? on [\d,]+ devices?/).waitFor();
    await card.getByRole('button', { name: 'Approve' }).click();
    await second.getByRole('alertdialog').getByRole('button', { name: 'Approve' }).click();
    await card.getByText('Approved', { exact: true }).waitFor();

    const alert = await eventually(() => alertTitled(owner.db, title), 'the approved alert');
    expect(alert).toMatchObject({ target: 'all', userName: 'All Users' });
    // Sent once: one message per device, the user's phone among them (an alert to everyone
    // goes out in chunks of the mirror's users, so the phone may be in a later one).
    const tokens = await eventually(async () => {
      const sent = (await outboxTitled(owner.db, title)).map((entry) => entry.token);
      return sent.includes(user.devices[0] ?? '') ? sent : undefined;
    }, "the push to the user's phone");
    expect(tokens.filter((token) => token === user.devices[0])).toHaveLength(1);
    expect(new Set(tokens).size).toBe(tokens.length);
    // The requester sees the outcome live, on the page already open.
    await own.getByText('Approved', { exact: true }).waitFor();

    const entries = await auditOf(request.id);
    expect(entries.map(({ action, email }) => `${action} ${email}`).sort()).toEqual([
      `change.approve ${SEED_SECOND_ADMIN.email}`,
      `change.request ${stack.admin.email}`,
    ]);
  });

  test('is rejected with a reason the requester sees, and the requester cannot approve it', async ({
    page,
    openPage,
    errors,
  }) => {
    errors.expect(REFUSED_REQUEST);
    const title = `Rejected push ${randomUUID().slice(0, 8)}`;
    await signIn(page, stack);
    await askForPush(page, title);
    const request = await requestTitled(title);
    const own = await cardOf(page, pushTo(title));

    // Through the function too, the requester's own approval is refused.
    const selfApproval = await admin.call(changeDecisionPath(request.id, 'approve'), z.unknown(), {
      method: 'POST',
    });
    expect(selfApproval.status).toBe(403);

    const second = await openPage();
    await signIn(second, stack, SEED_SECOND_ADMIN.email, SEED_SECOND_ADMIN.password);
    const card = await cardOf(second, pushTo(title));
    await card.getByRole('button', { name: 'Reject' }).click();
    const dialog = second.getByRole('dialog', { name: 'Reject this request?' });
    await dialog.getByLabel('Reason').fill('The stations stay open after all.');
    await dialog.getByRole('button', { name: 'Reject' }).click();

    await own.getByText('Rejected', { exact: true }).waitFor();
    await own.getByText('The stations stay open after all.').waitFor();
    expect((await auditOf(request.id)).map((entry) => entry.action).sort()).toEqual([
      'change.reject',
      'change.request',
    ]);
    // Read once the decision's last write is in: nothing was sent.
    expect(await alertTitled(owner.db, title)).toBeUndefined();
  });
});

describe('a price save with a warning held for a second admin', { timeout: 180_000 }, () => {
  /** A day and the day before, which no seed and no other test prices. */
  const PREVIOUS = '2023-05-14';
  const DAY = '2023-05-15';
  const PREVIOUS_PRICES = { regular: 4, premium: 5, diesel: 5, renew_99: 5, b_20: 4.5 };

  test('is rejected with a reason the requester sees, and never reaches the upstream', async ({
    page,
    openPage,
  }) => {
    const desk = await deskGroup(stack, 'Held prices group');
    try {
      // Saved through the function, the day before is in the price history: a jump shows.
      await desk.save('Cash', PREVIOUS, PREVIOUS_PRICES);
      await signIn(page, stack);
      await page.goto(`${stack.urls.app}/today-prices?day=${DAY}`);
      await desk.row(page, 'Cash').waitFor({ timeout: LOAD_TIMEOUT_MS });
      for (const grade of GRADES) {
        const price = grade === 'regular' ? 4.8 : PREVIOUS_PRICES[grade];
        await desk.cell(page, 'Cash', grade).fill(String(price));
      }
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByRole('button', { name: 'Save anyway' }).click();
      await expect.poll(() => desk.row(page, 'Cash').textContent()).toContain('Awaiting approval');
      expect(await desk.saved('Cash', DAY)).toBeNull();

      const summary = `Save prices with a warning: group ${desk.group.id}, type ${desk.typeId('Cash')}, for ${DAY}`;
      const request = await requestTitled(summary);
      expect(request).toMatchObject({ status: 'pending', reason: 'priceWarnings' });
      const own = await cardOf(page, summary);

      const second = await openPage();
      await signIn(second, stack, SEED_SECOND_ADMIN.email, SEED_SECOND_ADMIN.password);
      const card = await cardOf(second, summary);
      // The cell that jumped: none stored for the day before, the price sent, and the jump
      // from the previous day.
      const regular = card.getByRole('row', { name: /Regular/ });
      await expect
        .poll(() => regular.textContent())
        .toMatch(/None.*4\.80.*\+20% from the previous day \(4\.00\)/);
      await card.getByRole('button', { name: 'Reject' }).click();
      const dialog = second.getByRole('dialog', { name: 'Reject this request?' });
      await dialog.getByLabel('Reason').fill('Cash regular is 4.08, not 4.80.');
      await dialog.getByRole('button', { name: 'Reject' }).click();

      await own.getByText('Rejected', { exact: true }).waitFor();
      await own.getByText('Cash regular is 4.08, not 4.80.').waitFor();
      expect(
        (await auditOf(request.id)).map(({ action, email }) => `${action} ${email}`).sort(),
      ).toEqual([
        `change.reject ${SEED_SECOND_ADMIN.email}`,
        `change.request ${stack.admin.email}`,
      ]);
      // Read once the decision's last write is in: nothing was saved upstream.
      expect(await desk.saved('Cash', DAY)).toBeNull();
    } finally {
      await desk.remove();
    }
  });
});
