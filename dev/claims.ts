import { z } from 'zod';
import {
  chatCountMarkSchema,
  outboxEntrySchema,
  paths,
  pushClaimSchema,
  type OutboxEntry,
  type PushClaim,
} from '../functions/src/contracts/index.js';
import { FCM_BATCH_SIZE } from '../functions/src/handlers/push/index.js';

/**
 * Settles the push claims and count marks (functions/README.md, "Exactly once") that function
 * invocations of an earlier run still hold. The offline database posts the trigger events a stop
 * or a crash left unanswered again at the next start, and a handler meeting a claim another
 * invocation holds leaves it until it is older than the functions' timeout (540 s); locally
 * nothing retries, so that push or count would never happen. No invocation outlives its run (a
 * killed run's emulators are stopped before the next one starts), so before the functions load a
 * held count mark is removed (its count moves in the same update that makes it `true`), and a
 * held push claim is released as its holder does after a failure (`by: ''`, progress kept), for
 * the next delivery to resume.
 *
 * But a chat push whose messages reached the outbox (the local FCM) before the crash cut its
 * function short of marking the claim done would be pushed twice by resuming: its claim is marked
 * done instead. Only a push sent in one flush is whole in the outbox: no progress recorded, and
 * fewer messages than a batch (a push flushes early only with a batch's worth waiting). An alert
 * resumes all the same: its claim is done only with the delivery record the function writes.
 */
const HELD = [
  { root: 'pushClaims', kind: 'push' },
  { root: 'chatCountMarks', kind: 'count' },
  { root: paths.alertCountMarks(), kind: 'count' },
] as const;

export interface HeldClaims {
  push: { path: string; claim: PushClaim }[];
  /** The count marks claimed but not yet `true`. */
  count: string[];
}

/** Adds to `held` every claim of `kind` held under `at`, whose value is `value`. */
export function collectHeld(
  at: string,
  value: unknown,
  kind: keyof HeldClaims,
  held: HeldClaims,
): HeldClaims {
  if (kind === 'push') {
    const claim = pushClaimSchema.safeParse(value);
    if (claim.success) {
      if (claim.data.state === 'sending' && claim.data.by !== '')
        held.push.push({ path: at, claim: claim.data });
      return held;
    }
  } else {
    const mark = chatCountMarkSchema.safeParse(value);
    if (mark.success) {
      if (mark.data !== true) held.count.push(at);
      return held;
    }
  }
  if (typeof value === 'object' && value !== null)
    for (const [key, child] of Object.entries(value))
      collectHeld(`${at}/${key}`, child, kind, held);
  return held;
}

/** The multi-path update settling the held claims, given the outbox entries since they were taken. */
export function settlements(held: HeldClaims, outbox: readonly OutboxEntry[]) {
  const sent = new Map<string, number>();
  for (const { data } of outbox) {
    if (data?.type !== 'chat' || data.groupId === undefined || data.messageId === undefined)
      continue;
    const claim = paths.pushClaim('chat', `${data.groupId}/${data.messageId}`);
    sent.set(claim, (sent.get(claim) ?? 0) + 1);
  }
  const updates: Record<string, unknown> = {};
  for (const { path, claim } of held.push) {
    const flushed = sent.get(path) ?? 0;
    if (claim.pages === 0 && flushed > 0 && flushed < FCM_BATCH_SIZE)
      updates[`${path}/state`] = 'done';
    else updates[`${path}/by`] = '';
  }
  for (const mark of held.count) updates[mark] = null;
  return updates;
}

/** Settles them through the database's REST API as the owner; resolves with how many. */
export async function settleHeldClaims(databaseUrl: string, namespace: string): Promise<number> {
  const headers = { authorization: 'Bearer owner', 'content-type': 'application/json' };
  const read = async (at: string, query = '') => {
    const url = `${databaseUrl}/${at}.json?ns=${encodeURIComponent(namespace)}${query}`;
    const reply = await fetch(url, { headers });
    if (!reply.ok) throw new Error(`reading ${at} answered HTTP ${reply.status}`);
    return (await reply.json()) as unknown;
  };
  const held: HeldClaims = { push: [], count: [] };
  for (const { root, kind } of HELD) collectHeld(root, await read(root), kind, held);
  if (held.push.length + held.count.length === 0) return 0;
  // Only what was sent since the oldest claim was taken: the outbox keeps every push.
  const since = Math.min(...held.push.map(({ claim }) => claim.at));
  const sent =
    held.push.length === 0 ? {} : await read(paths.outbox(), `&orderBy="at"&startAt=${since}`);
  const outbox = Object.values(z.record(z.string(), z.unknown()).nullable().parse(sent) ?? {})
    .map((entry) => outboxEntrySchema.safeParse(entry))
    .flatMap((entry) => (entry.success ? [entry.data] : []));
  const reply = await fetch(`${databaseUrl}/.json?ns=${encodeURIComponent(namespace)}`, {
    method: 'PATCH',
    headers,
    body: JSON.stringify(settlements(held, outbox)),
  });
  if (!reply.ok) throw new Error(`settling the claims answered HTTP ${reply.status}`);
  return held.push.length + held.count.length;
}
