import {
  deleteApp as deleteAdminApp,
  initializeApp as initializeAdminApp,
} from 'firebase-admin/app';
import { getAuth as getAdminAuth } from 'firebase-admin/auth';
import { deleteApp, initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithCustomToken } from 'firebase/auth';
import { get, ref, set } from 'firebase/database';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import {
  chatUploadSchema,
  DEVICE_SLOTS,
  outboxEntrySchema,
  paths,
  userSchema,
  type Alert,
} from '../../functions/src/contracts/index.js';
import { checkAppUserSession } from '../rules/app-user-session.ts';
import {
  apiCall,
  apiLogin,
  denial,
  eventually,
  ownerDatabase,
  signedInWeb,
} from './support/clients.ts';
import { mirroredTokens } from './support/users.ts';

// The parts working together as `npm start` runs them: Hosting → the api function → the
// upstream; the login exchange → Auth; a database write → the push trigger → the outbox.
const stack = inject('stack');
let token: string;
let firebaseToken: string;
const owner = ownerDatabase(stack);

beforeAll(async () => {
  const login = await apiLogin(stack, stack.admin.email, stack.admin.password);
  token = login.body.payload?.token ?? '';
  firebaseToken = login.body.payload?.firebaseToken ?? '';
});
afterAll(() => owner.close());

/** An app user's custom token, minted by firebase-admin against the Auth emulator (no role). */
async function appUserToken(uid: string): Promise<string> {
  const previous = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  process.env.FIREBASE_AUTH_EMULATOR_HOST = new URL(stack.urls.auth).host;
  const minter = initializeAdminApp({ projectId: stack.projectId }, `mint-${randomUUID()}`);
  try {
    return await getAdminAuth(minter).createCustomToken(uid);
  } finally {
    await deleteAdminApp(minter);
    if (previous === undefined) delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    else process.env.FIREBASE_AUTH_EMULATOR_HOST = previous;
  }
}

describe('the local stack', () => {
  it('signs an admin in through /api/login to a Firebase session carrying the admin claim', async () => {
    expect(token).not.toBe('');
    const app = initializeApp({ apiKey: 'fake-api-key', projectId: stack.projectId }, randomUUID());
    const auth = getAuth(app);
    connectAuthEmulator(auth, stack.urls.auth, { disableWarnings: true });
    const credential = await signInWithCustomToken(auth, firebaseToken);
    const claims = (await credential.user.getIdTokenResult()).claims;
    expect(claims.role).toBe('admin');
    expect(credential.user.uid).toMatch(/^\d+$/);
    await deleteApp(app);
  });

  it('gives no Firebase token to an app user', async () => {
    const login = await apiLogin(stack, 'olivia.martinez@example.com', 'fuel-user-2024');
    expect(login.body.metadata.success).toBe(false);
    expect(login.body.payload?.firebaseToken).toBeUndefined();
  });

  it('proxies a JSON call and mirrors the users it lists into the database', async () => {
    const users = await apiCall(stack, token, '/admin/user', z.array(userSchema));
    expect(users.status).toBe(200);
    expect(users.body.payload.length).toBeGreaterThanOrEqual(60);
    const someone = users.body.payload.find((u) => u.device_ids.length > 0);
    expect(someone).toBeDefined();
    const id = String(someone?.id);
    const mirrored = await eventually(async () => {
      const value: unknown = (await owner.db.ref(paths.user(id)).get()).val();
      return value ?? undefined;
    }, 'the mirror entry');
    expect(mirrored).toMatchObject({ userId: id, name: someone?.name });
    // The entry may be an earlier sync's: this call's sync writes the tokens after replying.
    const device = someone?.device_ids[0] ?? '';
    await eventually(
      async () => ((await mirroredTokens(owner.db, id)).includes(device) ? true : undefined),
      `the device token ${device} in the mirror`,
    );
  });

  it('keeps an app user writing 50 device tokens to ten, and a send to all reaches ten of them', async () => {
    const users = await apiCall(stack, token, '/admin/user', z.array(userSchema));
    const uid = String(users.body.payload.at(-1)?.id);
    const member = await signedInWeb(stack, await appUserToken(uid));
    const flood = `flood-${randomUUID()}`;
    const stored: boolean[] = [];
    for (let device = 0; device < 50; device++) {
      const entry = { token: `${flood}-${device}`, updatedAt: Date.now() };
      stored.push(
        await set(ref(member.db, `${paths.deviceTokens(uid)}/${device}`), entry).then(
          () => true,
          () => false,
        ),
      );
    }
    await deleteApp(member.app);
    expect(stored.filter(Boolean)).toHaveLength(DEVICE_SLOTS);

    const ours = (await mirroredTokens(owner.db, uid)).filter((t) => t.startsWith(flood));
    expect(ours.length).toBeGreaterThan(0);
    expect(ours.length).toBeLessThanOrEqual(DEVICE_SLOTS);

    const alertRef = owner.db.ref(paths.alerts()).push();
    const alertId = alertRef.key ?? '';
    const alert: Alert = {
      notificationId: alertId,
      title: `To everyone ${alertId}`,
      description: 'Stations open late tonight.',
      image: '',
      userName: 'All Users',
      timeStamp: Date.now(),
      target: 'all',
    };
    await alertRef.set(alert);
    await eventually(async () => {
      const value: unknown = (await owner.db.ref(paths.alertDelivery(alertId)).get()).val();
      return value ?? undefined;
    }, 'the delivery record');
    const outbox = z
      .record(z.string(), outboxEntrySchema)
      .parse((await owner.db.ref(paths.outbox()).get()).val());
    const reached = Object.values(outbox).filter(
      (m) => m.notification.title === alert.title && m.token.startsWith(flood),
    );
    expect(reached.length).toBeGreaterThan(0);
    expect(reached.length).toBeLessThanOrEqual(DEVICE_SLOTS);
  });

  it('round-trips a multipart upload through Hosting and serves the file back on /api/files', async () => {
    const bytes = new TextEncoder().encode(`hello from the e2e test ${randomUUID()}\n`);
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'text/plain' }), 'note.txt');
    const upload = await apiCall(stack, token, '/chats', chatUploadSchema, {
      method: 'POST',
      body: form,
    });
    expect(upload.status).toBe(200);
    const url = upload.body.payload.file.original_url;
    expect(url.startsWith('/api/files/')).toBe(true);
    const file = await fetch(`${stack.urls.app}${url}`);
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes);
  });

  it('pushes a new alert to every device of its user and records the delivery', async () => {
    const users = await apiCall(stack, token, '/admin/user', z.array(userSchema));
    const target = users.body.payload.find(
      (u) => u.device_ids.length >= 2 && !u.device_ids.some((d) => d.startsWith('invalid-')),
    );
    expect(target).toBeDefined();
    const userId = String(target?.id);
    // The sync writes in batches: a user's tokens may arrive in more than one.
    const devices = target?.device_ids ?? [];
    await eventually(async () => {
      const mirrored = await mirroredTokens(owner.db, userId);
      return devices.every((device) => mirrored.includes(device)) ? true : undefined;
    }, `every device token of user ${userId} in the mirror`);

    const ref = owner.db.ref(paths.alerts()).push();
    const alertId = ref.key ?? '';
    const title = `Price drop ${alertId}`;
    const alert: Alert = {
      notificationId: alertId,
      title,
      description: 'Diesel is cheaper today.',
      image: '',
      userName: target?.name ?? '',
      timeStamp: Date.now(),
      target: 'user',
      userId,
    };
    await ref.set(alert);

    const delivery = await eventually(async () => {
      const value: unknown = (await owner.db.ref(paths.alertDelivery(alertId)).get()).val();
      return value ?? undefined;
    }, 'the delivery record');
    expect(delivery).toMatchObject({ sent: target?.device_ids.length, failed: 0 });

    const outbox = z
      .record(z.string(), outboxEntrySchema)
      .parse((await owner.db.ref(paths.outbox()).get()).val());
    const sent = Object.values(outbox).filter((m) => m.notification.title === title);
    expect(sent.map((m) => m.token).sort()).toEqual([...(target?.device_ids ?? [])].sort());
  });

  it('shows the rules an Auth-emulator session: the admin claim opens the user list, an app user reads only its own entry', async () => {
    const users = await apiCall(stack, token, '/admin/user', z.array(userSchema));
    const [mine, theirs] = users.body.payload.map((u) => String(u.id));
    if (mine === undefined || theirs === undefined) throw new Error('the seed has too few users');
    for (const id of [mine, theirs])
      await eventually(
        async () => ((await owner.db.ref(paths.user(id)).get()).exists() ? true : undefined),
        `the mirror entry of ${id}`,
      );

    // The admin's session from the real /api/login exchange: role 'admin' in its ID token.
    const admin = await signedInWeb(stack, firebaseToken);
    try {
      const all = (await get(ref(admin.db, 'users'))).val() as Record<string, unknown>;
      expect(Object.keys(all)).toEqual(expect.arrayContaining([mine, theirs]));
    } finally {
      await deleteApp(admin.app);
    }

    // An app user's session: the rules see its uid, and no admin claim.
    const user = await signedInWeb(stack, await appUserToken(mine));
    try {
      expect(user.uid).toBe(mine);
      expect((await get(ref(user.db, paths.user(mine)))).val()).toMatchObject({ userId: mine });
      expect(await denial(get(ref(user.db, paths.user(theirs))))).toMatch(/permission.denied/i);
      expect(await denial(get(ref(user.db, 'users')))).toMatch(/permission.denied/i);
    } finally {
      await deleteApp(user.app);
    }
  });

  it('enforces the rules file: an app user cannot read a group it is not in and can post in its own', async () => {
    await checkAppUserSession({ ...stack.rtdb, projectId: stack.projectId });
  });
});
