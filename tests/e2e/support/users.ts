import { randomUUID } from 'node:crypto';
import type { Database } from 'firebase-admin/database';
import type { Page } from 'playwright-core';
import { z } from 'zod';
import {
  deviceTokenEntrySchema,
  envelopeSchema,
  paths,
  sessionUserSchema,
  userSchema,
} from '../../../functions/src/contracts/index.js';
import type { StackInfo } from '../../support/stack-info.ts';
import type { AdminApi } from './admin-api.ts';
import { eventually } from './clients.ts';

/**
 * Helpers of the users and notifications end-to-end tests: app users of their own (registered
 * through the app's API, with the push devices a test needs), so no test leans on seed users
 * another test file may change.
 */

export interface TestUser {
  id: number;
  name: string;
  email: string;
  devices: string[];
}

const registerReply = envelopeSchema(
  z.object({ user: sessionUserSchema, token: z.string() }).nullable(),
);

/** A new app user, registered as the mobile app does, with these push device tokens. */
export async function registerAppUser(
  stack: StackInfo,
  label: string,
  devices: string[] = [],
): Promise<TestUser> {
  const tag = randomUUID().slice(0, 8);
  const name = `${label} ${tag}`;
  const email = `e2e-${tag}@example.com`;
  const [first, ...more] = devices;
  const reply = await fetch(`${stack.urls.app}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      fullname: name,
      email,
      username: `e2e_${tag}`,
      password: 'fuel-user-2024',
      ...(first ? { device_id: first } : {}),
    }),
  });
  const body = registerReply.parse(await reply.json());
  if (!body.payload) throw new Error(`registering ${email} failed: ${JSON.stringify(body)}`);
  // Each further device is a sign-in from another phone (the upstream adds its token).
  for (const device of more) {
    const login = await fetch(`${stack.urls.api}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'fuel-user-2024', device_id: device }),
    });
    if (!login.ok) throw new Error(`signing ${email} in on ${device} failed: ${login.status}`);
  }
  return { id: body.payload.user.id, name, email, devices };
}

/** The admin's view of one user through the API (undefined once deleted). */
export async function listedUser(admin: AdminApi, id: number) {
  const users = (await admin.call('/admin/user', z.array(userSchema))).body.payload;
  return users.find((user) => user.id === id);
}

/** The device tokens the database's mirror holds for a user (what a push goes to). */
export async function mirroredTokens(db: Database, userId: number | string): Promise<string[]> {
  // Slots 0 to 9 come back as an array (with holes) when most of them are taken.
  const slots: unknown = (await db.ref(paths.deviceTokens(String(userId))).get()).val() ?? {};
  return z
    .array(deviceTokenEntrySchema)
    .parse(Object.values(slots as object).filter((entry) => entry !== null))
    .map((entry) => entry.token);
}

/**
 * Lists the users through the proxy, which mirrors their device tokens into the database, and
 * waits until the functions know every device of `user`: a push goes to the mirrored tokens.
 */
export async function mirrorDevices(admin: AdminApi, db: Database, user: TestUser) {
  await listedUser(admin, user.id);
  await eventually(
    async () =>
      (await mirroredTokens(db, user.id)).length >= user.devices.length ? true : undefined,
    `the device tokens of ${user.name} in the mirror`,
  );
}

/** A new device token no other test uses. */
export const deviceToken = (label: string) => `e2e-${label}-${randomUUID()}`;

/** Fails unless a toast (sonner) with this text shows. */
export async function expectToast(page: Page, text: string) {
  await page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();
}

/** Types into the list's search box and waits until exactly one user is listed. */
export async function searchOne(page: Page, text: string) {
  await page.getByRole('searchbox').fill(text);
  await page.getByText('Showing 1–1 of 1').waitFor();
}

/** The table row that holds this text. */
export const rowWith = (page: Page, text: string) =>
  page.getByRole('row').filter({ hasText: text });
