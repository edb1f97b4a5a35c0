import type { Logger } from '@/lib/logger';

export interface NotifyGroupDeps {
  /** Rejects when the database cannot be reached: a push is refused then, never held. */
  whenConnected: () => Promise<void>;
  /** The members from the upstream (the call also refreshes the database's mirror). */
  fetchMemberIds: () => Promise<readonly number[]>;
  /** The member ids the mirror holds now. */
  readMirror: () => Promise<readonly string[]>;
  /** Writes the group alert; resolves with its id. */
  writeAlert: () => Promise<string>;
  sleep: (ms: number) => Promise<void>;
  logger: Logger;
}

/** How long to wait for the mirror to catch up with the upstream before notifying anyway. */
export const MIRROR_WAIT = { attempts: 10, delayMs: 400 } as const;

function sameMembers(expected: readonly number[], mirrored: readonly string[]): boolean {
  if (expected.length !== mirrored.length) return false;
  const held = new Set(mirrored);
  return expected.every((id) => held.has(String(id)));
}

/**
 * A group alert reaches whoever the database's member mirror lists, and the `api` function
 * writes that mirror just after answering a member list. So the members are listed first and
 * the alert waits (briefly) until the mirror agrees; otherwise members assigned outside this
 * back-office would never be notified.
 */
export async function notifyGroup(
  deps: NotifyGroupDeps,
): Promise<{ alertId: string; members: number }> {
  await deps.whenConnected();
  const members = await deps.fetchMemberIds();
  for (let attempt = 0; attempt < MIRROR_WAIT.attempts; attempt += 1) {
    if (sameMembers(members, await deps.readMirror())) break;
    if (attempt === MIRROR_WAIT.attempts - 1) {
      deps.logger.warn('The member mirror did not catch up; notifying whoever it lists');
      break;
    }
    await deps.sleep(MIRROR_WAIT.delayMs);
  }
  return { alertId: await deps.writeAlert(), members: members.length };
}
