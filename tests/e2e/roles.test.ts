/**
 * Roles in use, on a stack of their own started as `npm start` starts it: the seed's first two
 * admins own the back-office and each role admin holds the role it is named after. Each admin
 * works in the browser; what the browser refuses is sent through the `api` function as well, and
 * the function refuses it too.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { z } from 'zod';
import { SEED_ADMIN, SEED_ROLE_ADMINS } from '../../dev/api/index.ts';
import { streamLogger } from '../../dev/logger.ts';
import { freePorts } from '../../dev/ports.ts';
import { startStack, type Stack } from '../../dev/stack.ts';
import {
  ADMINS_PATH,
  adminRolesPath,
  adminsPayloadSchema,
  complaintSchema,
  groupSchema,
  UPSTREAM_CALLS,
  userSchema,
  type Role,
  type RolesChange,
} from '../../functions/src/contracts/index.js';
import type { StackInfo } from '../support/stack-info.ts';
import { blockingViolations } from './support/axe.ts';
import { apiCall, apiLogin, signIn } from './support/clients.ts';
import { cutOff } from './support/cut-off.ts';
import { deskGroup, type DeskGroup } from './support/desk.ts';
import { expectKeyboardDialog } from './support/keyboard-dialog.ts';
import { describe, expect, REFUSED_REQUEST, test, THEMES_AND_SIZES } from './support/fixtures.ts';

let stack: Stack;
let info: StackInfo;
let ownerToken: string;

const LOAD_TIMEOUT_MS = 45_000;
/** A day no seed and no other test prices. */
const DAY = '2023-08-21';
const PRICES = { regular: 4.25, premium: 4.75, diesel: 4.5, renew_99: 4.6, b_20: 4.4 };

const roleAdmin = (role: Exclude<Role, 'owner'>) => {
  const admin = SEED_ROLE_ADMINS.find((each) => each.role === role);
  if (!admin) throw new Error(`the seed has no ${role} admin`);
  return { ...admin, password: SEED_ADMIN.password };
};

async function tokenOf(email: string): Promise<string> {
  return (await signedIn(email)).token;
}

async function signedIn(email: string): Promise<{ token: string; uid: string }> {
  const login = await apiLogin(info, email, SEED_ADMIN.password);
  const payload = login.body.payload;
  if (!payload) throw new Error(`${email} could not sign in`);
  return { token: payload.token, uid: String(payload.user.id) };
}

/** What the refusal of a call through the `api` function names. */
const refusalSchema = z.object({
  permission: z.string(),
  roles: z.array(z.string()),
  groupId: z.string().optional(),
});

/** An owner's change of an admin's roles, through the Admins screen's route. */
async function setRoles(email: string, change: RolesChange): Promise<void> {
  const { uid } = await signedIn(email);
  const listed = await apiCall(info, ownerToken, ADMINS_PATH, adminsPayloadSchema);
  expect(listed.body.payload.admins.map((admin) => admin.uid)).toContain(uid);
  const reply = await apiCall(info, ownerToken, adminRolesPath(uid), z.null(), {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(change),
  });
  expect(reply.status).toBe(200);
}

/** A control the roles refuse: marked unavailable, with the reason as its description. */
async function expectRefused(control: ReturnType<Page['locator']>, reason: string | RegExp) {
  await expect.poll(() => control.getAttribute('aria-disabled')).toBe('true');
  const describedBy = (await control.getAttribute('aria-describedby')) ?? '';
  const description = await control.page().evaluate(
    (ids) =>
      ids
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    describedBy,
  );
  expect(description).toMatch(reason);
}

beforeAll(async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fuel-e2e-roles-'));
  const log = streamLogger('roles stack', fs.createWriteStream(path.join(dataDir, 'stack.log')));
  stack = await startStack({ ports: await freePorts(), dataDir, reset: true, roles: true, log });
  info = { ...stack, dataDir };
  ownerToken = await tokenOf(stack.admin.email);
}, 400_000);

afterAll(async () => {
  await stack.stop();
  if (!process.env.KEEP_E2E_DATA) fs.rmSync(info.dataDir, { recursive: true, force: true });
}, 60_000);

describe('roles in use', { timeout: 240_000 }, () => {
  describe('a prices admin limited to one group', () => {
    let own: DeskGroup;
    let other: DeskGroup;
    beforeAll(async () => {
      own = await deskGroup(info, 'Roles own group');
      other = await deskGroup(info, 'Roles other group');
      await setRoles(roleAdmin('prices').email, {
        roles: ['prices'],
        priceGroups: [String(own.group.id)],
      });
    }, 120_000);
    afterAll(async () => {
      await own.remove();
      await other.remove();
    });

    test("saves the group's prices, sees another's read-only and cannot send to everyone", async ({
      page,
      errors,
    }) => {
      errors.expect(REFUSED_REQUEST);
      const prices = roleAdmin('prices');
      await signIn(page, info, prices.email, prices.password);
      await page.goto(`${info.urls.app}/today-prices?day=${DAY}`);
      await own.row(page, 'Cash').waitFor({ timeout: LOAD_TIMEOUT_MS });

      // The other group's row: locked, each cell read-only and saying why.
      expect(await other.row(page, 'Cash').getAttribute('data-locked')).toBe('true');
      const locked = other.cell(page, 'Cash', 'regular');
      expect(await locked.getAttribute('readonly')).not.toBeNull();
      const lockedWhy = await locked.getAttribute('aria-describedby');
      expect(await page.locator(`[id="${lockedWhy}"]`).textContent()).toContain(
        "Your roles do not cover this group's prices",
      );

      // The upstream takes a row only whole.
      for (const [grade, value] of Object.entries(PRICES)) {
        await own.cell(page, 'Cash', grade as keyof typeof PRICES).fill(String(value));
      }
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect.poll(() => own.row(page, 'Cash').textContent()).toContain('Saved');
      expect(await own.saved('Cash', DAY)).toMatchObject(PRICES);

      // The same save for the other group, sent through the `api` function, is refused.
      const token = await tokenOf(prices.email);
      const body = new FormData();
      body.set('fuel_price_type_id', String(other.typeId('Cash')));
      body.set('regular', '4.25');
      body.set('date', DAY);
      const refused = await apiCall(
        info,
        token,
        `/admin/group/${other.group.id}/fuel-prices`,
        refusalSchema,
        { method: 'POST', body },
      );
      expect(refused.status).toBe(403);
      expect(refused.body.payload).toEqual({
        permission: 'prices.write',
        roles: ['prices', 'owner'],
        groupId: String(other.group.id),
      });
      expect(await other.saved('Cash', DAY)).toBeNull();

      await page.goto(`${info.urls.app}/send-notification`);
      await expectRefused(
        page.getByRole('button', { name: 'Send To All' }),
        'Needs the Broadcast or Owner role',
      );
    });
  });

  test('a support admin answers a complaint, cannot delete a user, and loses the role live', async ({
    page,
    openPage,
    errors,
  }) => {
    errors.expect(REFUSED_REQUEST);
    const support = roleAdmin('support');
    const token = await tokenOf(support.email);
    const listed = await apiCall(info, token, '/admin/user-complaint', z.array(complaintSchema));
    const complaint = listed.body.payload.find((each) => each.status === 1 && each.user !== null);
    if (!complaint) throw new Error('the seed has no pending complaint to answer');

    await signIn(page, info, support.email, support.password);
    await page.goto(`${info.urls.app}/complaints`);
    await page.getByRole('searchbox', { name: 'Search the list' }).fill(complaint.title);
    const row = page
      .getByRole('table', { name: 'Complaints' })
      .getByRole('row')
      .filter({ hasText: complaint.title })
      .first();
    const answer = `We looked into it (${Date.now()}).`;
    await row.getByRole('button', { name: 'Response', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Response' });
    await modal.getByLabel('Response').fill(answer);
    await modal.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => modal.isVisible()).toBe(false);
    await expect.poll(() => row.getByText(answer).isVisible()).toBe(true);

    // Deleting a user is the Users role's: refused in the list, and through the function.
    const users = await apiCall(info, token, '/admin/user', z.array(userSchema));
    const user = users.body.payload[0];
    if (!user) throw new Error('the seed has no app user');
    const complaintsUrl = page.url();
    await page.goto(`${info.urls.app}/all-users`);
    await page.getByRole('searchbox', { name: 'Search the list' }).fill(user.name);
    await expectRefused(
      page.getByRole('button', { name: `Delete ${user.name}` }).first(),
      'Needs the Users or Owner role',
    );
    const refused = await apiCall(info, token, `/admin/user/${user.id}`, refusalSchema, {
      method: 'DELETE',
    });
    expect(refused.status).toBe(403);
    expect(refused.body.payload.permission).toBe('users.delete');

    // An owner takes the role away on the Admins screen: the open page refuses the answer
    // without a reload.
    await page.goto(complaintsUrl);
    const respond = row.getByRole('button', { name: 'Response', exact: true });
    await expect.poll(() => respond.getAttribute('aria-disabled')).toBeNull();
    const loaded = await page.evaluate(() => performance.timeOrigin);
    const ownerPage = await openPage();
    await signIn(ownerPage, info);
    await ownerPage.goto(`${info.urls.app}/admins`);
    const change = ownerPage.getByRole('button', { name: `Change roles of ${support.name}` });
    const rolesDialog = ownerPage.getByRole('dialog', { name: 'Change roles' });
    // By keyboard alone first (web/src/features/admins/components/roles-dialog-content.tsx).
    await expectKeyboardDialog(ownerPage, { opener: change, dialog: rolesDialog });
    await change.click();
    await rolesDialog.getByRole('checkbox', { name: 'Support', exact: true }).uncheck();
    await rolesDialog.getByRole('button', { name: 'Save', exact: true }).click();
    await rolesDialog.waitFor({ state: 'hidden' });
    try {
      await expectRefused(respond, 'Needs the Support or Owner role');
      expect(await page.evaluate(() => performance.timeOrigin)).toBe(loaded);
      // Forced: the browser's own check would not click a control marked unavailable.
      await respond.click({ force: true });
      expect(await modal.isVisible()).toBe(false);
      const listed = await apiCall(info, ownerToken, ADMINS_PATH, adminsPayloadSchema);
      const held = listed.body.payload.admins.find((admin) => admin.email === support.email);
      expect(held?.roles).toEqual([]);
    } finally {
      await setRoles(support.email, { roles: ['support'], priceGroups: [] });
    }
  });

  // Only a stack with roles lists the admins: every other screen is checked on the shared one.
  test.for(THEMES_AND_SIZES)(
    "the owner's Admins screen and its roles dialog: nothing serious for axe, nothing cut off, $name",
    async ({ colorScheme, viewport }, { openPage }) => {
      // Another admin's row, listed once they have signed in: the owner's own roles are not
      // theirs to change.
      const other = roleAdmin('auditor');
      await tokenOf(other.email);
      const page = await openPage({ viewport, colorScheme });
      await signIn(page, info);
      await page.goto(`${info.urls.app}/admins`);
      const change = page.getByRole('button', { name: `Change roles of ${other.name}` });
      await change.waitFor();
      expect(await blockingViolations(page)).toEqual([]);
      expect(await cutOff(page)).toEqual([]);
      await change.click();
      await page.getByRole('dialog', { name: 'Change roles' }).waitFor();
      expect(await blockingViolations(page)).toEqual([]);
    },
  );

  test('an auditor opens every screen, every change refused with its reason', async ({
    page,
    errors,
  }) => {
    errors.expect(REFUSED_REQUEST);
    const auditor = roleAdmin('auditor');
    const token = await tokenOf(auditor.email);
    const groups = await apiCall(info, token, '/admin/groups', z.array(groupSchema));
    const group = groups.body.payload[0];
    const users = await apiCall(info, token, '/admin/user', z.array(userSchema));
    const user = users.body.payload[0];
    if (!group || !user) throw new Error('the seed has no group or no app user');

    await signIn(page, info, auditor.email, auditor.password);
    const main = page.getByRole('main');
    /** Each screen, and change controls on it the auditor must find refused. */
    const screens: { path: string; refused: { name: string | RegExp; reason: string }[] }[] = [
      {
        path: '/all-users',
        refused: [{ name: `Delete ${user.name}`, reason: 'Needs the Users or Owner role' }],
      },
      {
        path: '/send-notification',
        refused: [{ name: 'Send To All', reason: 'Needs the Broadcast or Owner role' }],
      },
      {
        path: '/complaints',
        refused: [{ name: /^Delete complaint/, reason: 'Needs the Support or Owner role' }],
      },
      {
        path: '/notificationsalerts',
        refused: [{ name: 'Add Announcement', reason: 'Needs the Communications or Owner role' }],
      },
      {
        path: '/chat-groups',
        refused: [
          { name: 'New Group', reason: 'Needs the Users or Owner role' },
          { name: `Delete ${group.name}`, reason: 'Needs the Users or Owner role' },
        ],
      },
      {
        path: '/offers',
        refused: [{ name: 'Upload', reason: 'Needs the Communications or Owner role' }],
      },
      {
        path: `/today-prices?day=${DAY}`,
        refused: [{ name: 'Save changes', reason: 'Needs the Prices or Owner role' }],
      },
      { path: '/group-notifications', refused: [] },
      { path: '/audit-log', refused: [] },
      { path: '/chatsbar', refused: [] },
    ];
    for (const { path: screen, refused } of screens) {
      await page.goto(`${info.urls.app}${screen}`);
      await main.waitFor();
      for (const { name, reason } of refused) {
        const control = main.getByRole('button', { name, exact: typeof name === 'string' });
        await control.first().waitFor({ timeout: LOAD_TIMEOUT_MS });
        await expectRefused(control.first(), reason);
      }
      expect(await page.getByTestId('needs-role').count(), screen).toBe(0);
    }

    // A user's invoices open from the list, which hands the user over.
    await page.goto(`${info.urls.app}/all-users`);
    await page.getByRole('searchbox', { name: 'Search the list' }).fill(user.name);
    await main
      .getByRole('button', { name: `View the invoices of ${user.name}` })
      .first()
      .click();
    await page.waitForURL(`**/view-user/${user.id}`);
    await expectRefused(
      main.getByRole('button', { name: 'Add Invoice', exact: true }),
      'Needs the Support or Owner role',
    );

    // The group chats are read, not written.
    await page.goto(`${info.urls.app}/chats/${group.id}`);
    await expect
      .poll(() => main.getByText('You can read this chat but not post in it').isVisible(), {
        timeout: LOAD_TIMEOUT_MS,
      })
      .toBe(true);
    expect(await main.getByRole('textbox', { name: 'Message' }).count()).toBe(0);

    // Every change the product makes upstream, sent through the function, is refused by name.
    const changes = UPSTREAM_CALLS.filter(
      (call) => call.permission !== 'public' && call.permission !== 'view',
    );
    expect(changes).not.toHaveLength(0);
    for (const call of changes) {
      const target = call.path.replaceAll(/:[a-z]+/g, String(group.id));
      // A PUT goes as the web sends it: POST with `_method=PUT`.
      const [method, suffix] = call.method === 'PUT' ? ['POST', '?_method=PUT'] : [call.method, ''];
      const reply = await apiCall(info, token, `/${target}${suffix}`, refusalSchema, { method });
      expect(reply.status, `${call.method} ${call.path}`).toBe(403);
      expect(reply.body.payload.permission, `${call.method} ${call.path}`).toBe(call.permission);
    }
  });
});
