import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { initializeApp as initializeWebApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithCustomToken } from 'firebase/auth';
import { connectDatabaseEmulator, getDatabase as getWebDatabase } from 'firebase/database';
import { getDatabase, type Database } from 'firebase-admin/database';
import type { Page } from 'playwright-core';
import { z } from 'zod';
import { envelopeSchema, loginPayloadSchema } from '../../../functions/src/contracts/index.js';
import type { StackInfo } from '../../support/stack-info.ts';

/** Signs in through the app's /api/login, as the browser would. */
export async function apiLogin(stack: StackInfo, email: string, password: string) {
  const reply = await fetch(`${stack.urls.app}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, device_id: '' }),
  });
  return {
    status: reply.status,
    body: envelopeSchema(z.nullable(loginPayloadSchema)).parse(await reply.json()),
  };
}

/** A bearer call through the app's /api proxy, parsed with the given payload schema. */
export async function apiCall<T extends z.core.$ZodType>(
  stack: StackInfo,
  token: string,
  path: string,
  payload: T,
  init: RequestInit = {},
) {
  const reply = await fetch(`${stack.urls.app}/api${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...init.headers },
  });
  return { status: reply.status, body: envelopeSchema(payload).parse(await reply.json()) };
}

/**
 * The database as the functions see it: firebase-admin with the owner credential. The
 * end-to-end project runs its files one at a time in one worker, so the variable is safe here.
 */
export function ownerDatabase(stack: StackInfo): { db: Database; close: () => Promise<void> } {
  process.env.FIREBASE_DATABASE_EMULATOR_HOST = `${stack.rtdb.host}:${stack.rtdb.port}`;
  const app: App = initializeApp(
    { projectId: stack.projectId, databaseURL: `https://${stack.rtdb.namespace}.firebaseio.com` },
    `owner-${randomUUID()}`,
  );
  return { db: getDatabase(app), close: () => deleteApp(app) };
}

/** A web app signed in through the stack's Auth emulator with a custom token, and its database. */
export async function signedInWeb(stack: StackInfo, customToken: string) {
  const app = initializeWebApp(
    {
      apiKey: 'fake-api-key',
      projectId: stack.projectId,
      databaseURL: `https://${stack.rtdb.namespace}.firebaseio.com`,
    },
    randomUUID(),
  );
  const auth = getAuth(app);
  connectAuthEmulator(auth, stack.urls.auth, { disableWarnings: true });
  const { user } = await signInWithCustomToken(auth, customToken);
  const db = getWebDatabase(app);
  connectDatabaseEmulator(db, stack.rtdb.host, stack.rtdb.port);
  return { app, uid: user.uid, db };
}

/** Polls until `probe` returns a value (not undefined), or fails with what it waited for. */
export async function eventually<T>(
  probe: () => Promise<T | undefined>,
  what: string,
  timeoutMs = 15_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Signs in through the login form and waits for the signed-in shell. */
export async function signIn(
  page: Page,
  stack: StackInfo,
  email = stack.admin.email,
  password = stack.admin.password,
) {
  await page.goto(`${stack.urls.app}/auth/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/all-users');
}

/** The message a read was refused with; throws if the read succeeded. */
export async function denial(read: Promise<unknown>): Promise<string> {
  try {
    await read;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  throw new Error('expected the read to be denied, it succeeded');
}
