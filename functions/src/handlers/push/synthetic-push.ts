import { createHash } from 'node:crypto';
import { paths, type DeviceTokenEntry, type PushCount } from '../../contracts/index.js';
import type { Db } from '../ports.js';
import type { PushSender, SendResult } from './push.js';

/**
 * Emulator only: the alert triggers send to a generated audience of this many device tokens
 * through a sender that counts, so a fan-out of a million tokens runs through the real task
 * queue without a million tokens in the database or a million outbox entries.
 */
export const SYNTHETIC_TOKENS_VAR = 'PUSH_SYNTHETIC_TOKENS';
/** Devices of each synthetic user: user n (1, 2, …) holds tokens (n - 1) × 2 and the next. */
export const SYNTHETIC_TOKENS_PER_USER = 2;

type Env = Readonly<Record<string, string | undefined>>;

/**
 * How many synthetic tokens the alert triggers send to, or undefined for the real audience.
 * The variable counts only in the Functions emulator: in a project it is ignored, so nothing
 * set in a deployment can turn its pushes into counts.
 */
export function syntheticTokens(env: Env): number | undefined {
  if (env.FUNCTIONS_EMULATOR !== 'true') return undefined;
  const raw = env[SYNTHETIC_TOKENS_VAR];
  if (raw === undefined || raw === '') return undefined;
  // A mistyped value fails loudly rather than sending to the stack's real mirror.
  if (!/^[1-9][0-9]{0,8}$/.test(raw)) {
    throw new Error(`${SYNTHETIC_TOKENS_VAR} must be a positive whole number, not ${raw}`);
  }
  return Number(raw);
}

/** About the length of a real FCM registration token, the same for the same index. */
export function syntheticToken(index: number): string {
  const hash = createHash('sha256').update(String(index)).digest('base64url');
  return `s${index.toString(36)}:APA91b${hash.repeat(3)}`;
}

/**
 * `db`, but its device mirror (`deviceTokens`, as an alert to everyone pages it) is generated:
 * users "1" to the last, a page at a time, so nothing of the audience is stored or held beyond
 * the page being sent. Every other path is `db`'s.
 */
export function withSyntheticDevices(db: Db, tokens: number): Db {
  const users = Math.ceil(tokens / SYNTHETIC_TOKENS_PER_USER);
  // Delegated one by one: a class instance's methods would not survive a spread.
  return {
    get: (path) => db.get(path),
    update: (values) => db.update(values),
    pushKey: (path) => db.pushKey(path),
    transaction: (path, change) => db.transaction(path, change),
    page: async (path, options) => {
      if (path !== 'deviceTokens') return db.page(path, options);
      // A key this audience never handed out (NaN) pages nothing.
      const from = options.after === undefined ? 1 : Number(options.after) + 1;
      const page: [string, unknown][] = [];
      for (let user = from; user < from + options.limit && user <= users; user++) {
        const slots: Record<string, DeviceTokenEntry> = {};
        for (let slot = 0; slot < SYNTHETIC_TOKENS_PER_USER; slot++) {
          const index = (user - 1) * SYNTHETIC_TOKENS_PER_USER + slot;
          if (index < tokens) slots[String(slot)] = { token: syntheticToken(index), updatedAt: 1 };
        }
        page.push([String(user), slots]);
      }
      return page;
    },
  };
}

/**
 * Sends nothing: each call is recorded as its size and the process's RSS (one small write per
 * call, none per token), and every token counts as sent.
 */
export function createCountingSender(
  record: (call: PushCount) => Promise<void>,
  rss: () => number,
): PushSender {
  return {
    async sendEach(messages) {
      await record({ tokens: messages.length, rss: rss() });
      return { results: messages.map((): SendResult => ({ ok: true })) };
    },
  };
}

/**
 * The database and sender of the alert triggers: `real` as it is, or, when `syntheticTokens`
 * says so (the Functions emulator only), a generated audience over `real.db` and the counting
 * sender recording at pushCounts/{pushId}.
 */
export function alertPushPorts(
  env: Env,
  real: { db: Db; sender: (db: Db) => PushSender; rss: () => number },
): { db: Db; sender: PushSender } {
  const tokens = syntheticTokens(env);
  const { db } = real;
  if (tokens === undefined) return { db, sender: real.sender(db) };
  return {
    db: withSyntheticDevices(db, tokens),
    sender: createCountingSender(
      (call) => db.update({ [`${paths.pushCounts()}/${db.pushKey(paths.pushCounts())}`]: call }),
      real.rss,
    ),
  };
}
