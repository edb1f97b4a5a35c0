import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { createHash } from 'node:crypto';
import { getDatabase } from 'firebase-admin/database';
import { getFunctions } from 'firebase-admin/functions';
import { getMessaging } from 'firebase-admin/messaging';
import * as functionsLogger from 'firebase-functions/logger';
import type { VerifiedIdToken } from '../handlers/admin-session.js';
import type { AlertChunk, ChunkQueue } from '../handlers/alert-push.js';
import type { AdminClaims } from '../handlers/login-exchange.js';
import type { Db, Logger } from '../handlers/ports.js';
import { createFcmSender, createRecordingSender } from '../handlers/senders.js';
import type { PushSender } from '../handlers/push.js';
import { alertPushPorts } from '../handlers/synthetic-push.js';

/**
 * The production side of the handlers' ports. In the emulators the same calls reach the Auth
 * and Database emulators (FIREBASE_AUTH_EMULATOR_HOST, FIREBASE_DATABASE_EMULATOR_HOST).
 */

// The default app from the runtime's FIREBASE_CONFIG, created on first use.
const adminApp = (): App => getApps()[0] ?? initializeApp();

export function adminDb(): Db {
  const database = getDatabase(adminApp());
  return {
    get: async (path) => (await database.ref(path).get()).val() as unknown,
    update: (values) => database.ref().update(values),
    pushKey: (path) => {
      const key = database.ref(path).push().key;
      if (key === null) throw new Error(`No push key under ${path}`);
      return key;
    },
    page: async (path, { after, limit }) => {
      const byKey = database.ref(path).orderByKey();
      const snapshot = await (after === undefined ? byKey : byKey.startAfter(after))
        .limitToFirst(limit)
        .get();
      const children: [string, unknown][] = [];
      snapshot.forEach((child) => {
        if (child.key !== null) children.push([child.key, child.val() as unknown]);
      });
      return children;
    },
    transaction: async (path, change) => {
      // Not applied locally first: no listener of this process should see an unsent claim.
      const { committed, snapshot } = await database
        .ref(path)
        .transaction(change, undefined, false);
      return { committed, value: snapshot.val() as unknown };
    },
  };
}

/**
 * Custom tokens are signed by the runtime service account through IAM signBlob, which needs
 * roles/iam.serviceAccountTokenCreator; with the Auth emulator they are unsigned.
 */
export const createCustomToken = (uid: string, claims: AdminClaims): Promise<string> =>
  getAuth(adminApp()).createCustomToken(uid, claims);

/**
 * An ID token's uid and claims, checked against the project's signing keys (the Auth emulator's
 * tokens are unsigned and accepted as they are). Revocation is not checked: a sign-out repeated
 * with a token whose refresh tokens are already revoked must still find its session.
 */
export async function verifyIdToken(idToken: string): Promise<VerifiedIdToken> {
  const { uid, ...claims } = await getAuth(adminApp()).verifyIdToken(idToken);
  return { uid, claims };
}

/**
 * Refresh tokens issued before now stop working. The runtime service account's default role on
 * its project (Editor) includes `firebaseauth.users.update`, which this needs.
 */
export const revokeRefreshTokens = (uid: string): Promise<void> =>
  getAuth(adminApp()).revokeRefreshTokens(uid);

/** FCM in production; the RTDB outbox in the emulators, where FCM cannot be reached. */
export function pushSender(db: Db): PushSender {
  return process.env.FUNCTIONS_EMULATOR === 'true'
    ? createRecordingSender(db, Date.now)
    : createFcmSender(getMessaging(adminApp()));
}

/**
 * The alert triggers' database and sender: the mirror and `pushSender`, but for a generated
 * audience and a counting sender when the Functions emulator runs with PUSH_SYNTHETIC_TOKENS
 * (the benchmark's million-token fan-out), which a deployment cannot select.
 */
export const alertPorts = (): { db: Db; sender: PushSender } =>
  alertPushPorts(process.env, {
    db: adminDb(),
    sender: pushSender,
    rss: () => process.memoryUsage.rss(),
  });

/** The deployed name of the task queue function that sends the chunks of an alert to everyone. */
export const ALERT_CHUNK_FUNCTION = 'pushAlertChunk';

/**
 * Chunks go to the task queue of `pushAlertChunk` (the Tasks emulator when
 * CLOUD_TASKS_EMULATOR_HOST is set). Each task is named after its alert and index, so a chunk
 * queued again (its predecessor's event delivered twice) is refused as a duplicate and runs once.
 */
export function chunkQueue(): ChunkQueue {
  const queue = getFunctions(adminApp()).taskQueue<AlertChunk>(ALERT_CHUNK_FUNCTION);
  return {
    async enqueue(chunk) {
      // Task names take letters, digits, - and _ only; a hash also spreads them, as Cloud
      // Tasks prefers to sequential names.
      const id = `${createHash('sha256').update(chunk.alertId).digest('hex').slice(0, 32)}-${chunk.index}`;
      try {
        await queue.enqueue(chunk, { id });
      } catch (error) {
        if ((error as { code?: unknown }).code !== 'functions/task-already-exists') throw error;
      }
    },
  };
}

export const logger: Logger = {
  info: (message, fields = {}) => functionsLogger.info(message, fields),
  warn: (message, fields = {}) => functionsLogger.warn(message, fields),
  error: (message, fields = {}) => functionsLogger.error(message, fields),
};
