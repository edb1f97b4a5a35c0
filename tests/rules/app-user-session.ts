/**
 * What an app user's session meets on a running database that enforces database.rules.json:
 * the functions (firebase-admin, the owner) mirror two groups, then the unmodified web SDK,
 * signed in as a member of one of them, tries the other group and posts in its own, while an
 * admin's session watches the chat. Written against host/port/namespace only, so it can run
 * on the local stack's database as well as on an engine a test starts.
 */
import { randomUUID } from 'node:crypto';
import {
  deleteApp as deleteAdminApp,
  initializeApp as initializeAdminApp,
} from 'firebase-admin/app';
import { getDatabase as getAdminDatabase } from 'firebase-admin/database';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectDatabaseEmulator,
  get,
  getDatabase,
  limitToLast,
  onValue,
  orderByChild,
  push,
  query,
  ref,
  serverTimestamp,
  set,
  type Database,
} from 'firebase/database';
import { expect } from 'vitest';
import { paths } from '../../functions/src/contracts/index.js';
import { adminSession, identities, message, seededAt } from './fixture.js';

export interface RunningDatabase {
  host: string;
  port: number;
  namespace: string;
  projectId: string;
}

/** The error a promise rejects with; fails the test if it resolves. */
async function rejection(
  promise: Promise<unknown>,
): Promise<{ code?: unknown; message?: unknown }> {
  try {
    await promise;
  } catch (error) {
    return error as { code?: unknown; message?: unknown };
  }
  throw new Error('expected a permission error, the operation succeeded');
}

/** Resolves with the first value `listen` delivers, or rejects after a while. */
function first<T>(listen: (deliver: (value: T) => void) => () => void, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    let stop = () => {};
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`timed out waiting for ${what}`));
    }, 10_000);
    stop = listen((value) => {
      clearTimeout(timer);
      stop();
      resolve(value);
    });
  });
}

export async function checkAppUserSession(target: RunningDatabase): Promise<void> {
  const databaseURL = `https://${target.namespace}.firebaseio.com`;
  const previousHost = process.env.FIREBASE_DATABASE_EMULATOR_HOST;
  process.env.FIREBASE_DATABASE_EMULATOR_HOST = `${target.host}:${target.port}`;
  const functions = initializeAdminApp(
    { projectId: target.projectId, databaseURL },
    `functions-${randomUUID()}`,
  );
  const webApps: FirebaseApp[] = [];
  const session = (mockUserToken: { sub: string; [claim: string]: unknown }): Database => {
    const app = initializeApp(
      { projectId: target.projectId, databaseURL, apiKey: 'demo-api-key' },
      `web-${randomUUID()}`,
    );
    webApps.push(app);
    const db = getDatabase(app);
    connectDatabaseEmulator(db, target.host, target.port, { mockUserToken });
    return db;
  };

  try {
    const member = identities.member.uid;
    const g1 = `g1-${randomUUID().slice(0, 8)}`;
    const g2 = `g2-${randomUUID().slice(0, 8)}`;
    const owner = getAdminDatabase(functions);
    await owner.ref().update({
      // The session the admin's token names, as the login exchange records it.
      [paths.adminSession(identities.admin.uid, identities.admin.claims.session)]: adminSession(),
      [`${paths.groupMembers(g1)}/${member}`]: true,
      // The mirror's name for the member: a post carries exactly it.
      [paths.user(member)]: seededAt(paths.user(member)),
      [`${paths.groupMembers(g2)}/${identities.outsider.uid}`]: true,
      [`${paths.groupChat(g2)}/m1`]: message({
        senderUID: identities.outsider.uid,
        receiverUID: g2,
        messageID: 'm1',
      }),
    });

    const app = session({ sub: member });
    const admin = session({ sub: identities.admin.uid, ...identities.admin.claims });

    // A group it is not in: no read, no listen, no post.
    const otherChat = ref(app, paths.groupChat(g2));
    expect(String((await rejection(get(otherChat))).message)).toMatch(/permission.denied/i);
    const cancelled = await first<{ code?: unknown }>(
      (deliver) =>
        onValue(
          otherChat,
          () => deliver({ code: 'delivered data' }),
          (error) => deliver(error as { code?: unknown }),
        ),
      'the listener on another group to be refused',
    );
    expect(cancelled.code).toBe('PERMISSION_DENIED');
    const intrusion = message({ senderUID: member, receiverUID: g2, messageID: 'x1' });
    expect((await rejection(set(ref(app, `${paths.groupChat(g2)}/x1`), intrusion))).code).toBe(
      'PERMISSION_DENIED',
    );

    // Its own group: the admin watches while the member posts with the server's time.
    const ownChat = ref(app, paths.groupChat(g1));
    const adminSees = first<Record<string, unknown>>(
      (deliver) =>
        onValue(
          query(ref(admin, paths.groupChat(g1)), orderByChild('timeStamp'), limitToLast(20)),
          (snap) => {
            if (snap.exists()) deliver(snap.val() as Record<string, unknown>);
          },
        ),
      "the member's message to reach the admin",
    );
    const posted = push(ownChat);
    const key = posted.key ?? '';
    const before = Date.now();
    await set(posted, {
      ...message({ senderUID: member, receiverUID: g1, messageID: key, message: 'Hello g1' }),
      timeStamp: serverTimestamp(),
    });
    const latest = await get(query(ownChat, orderByChild('timeStamp'), limitToLast(20)));
    const stored = latest.child(key).val() as { message: unknown; timeStamp: unknown };
    expect(stored.message).toBe('Hello g1');
    expect(typeof stored.timeStamp).toBe('number');
    expect(stored.timeStamp as number).toBeGreaterThanOrEqual(before - 60_000);
    expect(Object.keys(await adminSees)).toEqual([key]);
    expect((await owner.ref(`${paths.groupChat(g1)}/${key}/senderUID`).get()).val()).toBe(member);
  } finally {
    await Promise.all(webApps.map((app) => deleteApp(app)));
    await deleteAdminApp(functions);
    if (previousHost === undefined) delete process.env.FIREBASE_DATABASE_EMULATOR_HOST;
    else process.env.FIREBASE_DATABASE_EMULATOR_HOST = previousHost;
  }
}
