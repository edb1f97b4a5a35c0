import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { createHash } from 'node:crypto';
import { getDatabase } from 'firebase-admin/database';
import { getFunctions, type TaskQueue } from 'firebase-admin/functions';
import { getMessaging } from 'firebase-admin/messaging';
import * as functionsLogger from 'firebase-functions/logger';
import type { VerifiedIdToken, AdminClaims } from '../handlers/session/index.js';
import {
  type AlertChunk,
  type ChunkQueue,
  createFcmSender,
  createRecordingSender,
  type MessagingClient,
  type PushSender,
  alertPushPorts,
} from '../handlers/push/index.js';
import type { Db, Logger } from '../handlers/ports.js';

/**
 * The production side of the handlers' ports. In the emulators the same calls reach the Auth
 * and Database emulators (FIREBASE_AUTH_EMULATOR_HOST, FIREBASE_DATABASE_EMULATOR_HOST).
 */

// The default app from the runtime's FIREBASE_CONFIG, created on first use.
const adminApp = (): App => getApps()[0] ?? initializeApp();

export const adminDb = (): Db => databasePort(getDatabase(adminApp()));

/** The children of `path` whose `field` equals `value`, found through the rules' `.indexOn`. */
export async function childrenWhere(
  path: string,
  field: string,
  value: string,
): Promise<[string, unknown][]> {
  const snapshot = await getDatabase(adminApp()).ref(path).orderByChild(field).equalTo(value).get();
  const children: [string, unknown][] = [];
  snapshot.forEach((child) => {
    if (child.key !== null) children.push([child.key, child.val()]);
  });
  return children;
}

/** What `databasePort` uses of the Admin SDK's Database (which a test fake can stand in for). */
export interface SnapshotLike {
  key: string | null;
  val(): unknown;
  forEach(action: (child: SnapshotLike) => unknown): boolean;
}
interface QueryLike {
  startAfter(key: string): QueryLike;
  limitToFirst(limit: number): QueryLike;
  get(): Promise<SnapshotLike>;
}
interface RefLike {
  get(): Promise<SnapshotLike>;
  update(values: Record<string, unknown>): Promise<void>;
  push(): { key: string | null };
  orderByKey(): QueryLike;
  transaction(
    change: (current: unknown) => unknown,
    onComplete: undefined,
    applyLocally: boolean,
  ): Promise<{ committed: boolean; snapshot: SnapshotLike }>;
}
export interface DatabaseLike {
  ref(path?: string): RefLike;
}

/** The handlers' `Db` over an Admin SDK database. */
export function databasePort(database: DatabaseLike): Db {
  return {
    get: async (path) => (await database.ref(path).get()).val(),
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
        if (child.key !== null) children.push([child.key, child.val()]);
      });
      return children;
    },
    transaction: async (path, change) => {
      // Not applied locally first: no listener of this process should see an unsent claim.
      const { committed, snapshot } = await database
        .ref(path)
        .transaction(change, undefined, false);
      return { committed, value: snapshot.val() };
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
export const pushSender = (db: Db): PushSender =>
  senderFor(process.env, db, { now: Date.now, messaging: () => getMessaging(adminApp()) });

/** The sender `pushSender` picks for an environment; FCM's client is made only when used. */
export function senderFor(
  env: Record<string, string | undefined>,
  db: Db,
  deps: { now: () => number; messaging: () => MessagingClient },
): PushSender {
  return env.FUNCTIONS_EMULATOR === 'true'
    ? createRecordingSender(db, deps.now)
    : createFcmSender(deps.messaging());
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
export const chunkQueue = (): ChunkQueue =>
  taskChunkQueue(getFunctions(adminApp()).taskQueue<AlertChunk>(ALERT_CHUNK_FUNCTION));

/** A `ChunkQueue` over a Cloud Tasks queue, as `chunkQueue` describes. */
export function taskChunkQueue(queue: Pick<TaskQueue<AlertChunk>, 'enqueue'>): ChunkQueue {
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

export const logger: Logger = loggerOver(functionsLogger);

/** The handlers' `Logger` over Cloud Logging's structured entries (firebase-functions/logger). */
export function loggerOver(sink: Pick<typeof functionsLogger, 'info' | 'warn' | 'error'>): Logger {
  return {
    info: (message, fields = {}) => sink.info(message, fields),
    warn: (message, fields = {}) => sink.warn(message, fields),
    error: (message, fields = {}) => sink.error(message, fields),
  };
}
