import { chatCountMarkSchema, paths } from '../contracts/index.js';
import type { ClaimDeps } from './push-claims.js';
import { increment } from './ports.js';

export type ChatCountDeps = Pick<ClaimDeps, 'db' | 'now' | 'invocation' | 'takeoverMs'>;

/**
 * Another invocation is counting this change and may still be running. Thrown so that the event
 * is delivered again later, by when it has finished or can be taken over.
 */
export class ChatCountClaimedError extends Error {
  constructor(path: string, by: string) {
    super(`${path} is being counted by ${by}; retrying later`);
    this.name = 'ChatCountClaimedError';
  }
}

/**
 * Adds a created message to its group's count, or takes a deleted one off, once however often
 * the event arrives. Recounting the messages would read the whole history, and a list of counted
 * ids in the counter's own transaction would grow with it; instead each change has its own mark,
 * claimed in a transaction on that mark alone, and the count moves by `increment` in the same
 * atomic update that sets the mark to `true`: a mark is `true` exactly when its change is in the
 * count. A claim older than `takeoverMs` (the function's timeout) belongs to a stopped
 * invocation, whose update either landed whole or not at all, so it is taken over. Creation and
 * deletion have marks of their own, so a deletion counted before its creation nets out too.
 * Resolves with whether this call counted it.
 */
export async function countChatMessage(
  input: { groupId: string; messageId: string; change: 'created' | 'deleted' },
  deps: ChatCountDeps,
): Promise<boolean> {
  const { groupId, messageId, change } = input;
  const path = paths.chatCountMark(groupId, messageId, change);
  const at = deps.now();
  const taken = await deps.db.transaction(path, (current) => {
    const mark = chatCountMarkSchema.safeParse(current);
    if (!mark.success) return { by: deps.invocation, at };
    if (mark.data === true) return undefined;
    const held = mark.data.by !== deps.invocation && at - mark.data.at < deps.takeoverMs;
    return held ? undefined : { by: deps.invocation, at };
  });
  const mark = chatCountMarkSchema.parse(taken.value);
  if (mark === true) return false;
  if (mark.by !== deps.invocation) throw new ChatCountClaimedError(path, mark.by);
  await deps.db.update({
    [path]: true,
    [paths.groupChatCount(groupId)]: increment(change === 'created' ? 1 : -1),
  });
  return true;
}
