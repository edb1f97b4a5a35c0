import { paths } from '../../contracts/index.js';
import { creationBackfill, type CountDeps } from './counted-once.js';
import { childPages, childrenOf } from '../ports.js';

export interface BackfillResult {
  groups: number;
  /** Creations this run added to the counts (already counted ones are not). */
  counted: number;
}

/**
 * Brings every group's message count up to its chat, once, for the history written before the
 * counter existed: each message still in the chat, and each message deleted since the counter
 * began (its deletion was taken off a count that never held it), has its creation counted (see
 * `creationBackfill`). One group is read at a time, its chat whole: the run holds one group's
 * history, never the database's.
 */
export async function backfillChatCounts(deps: CountDeps): Promise<BackfillResult> {
  const backfill = creationBackfill(deps);
  let groups = 0;
  const countCreation = (groupId: string, messageId: string) =>
    backfill.count({
      markPath: paths.chatCountMark(groupId, messageId, 'created'),
      countPath: paths.groupChatCount(groupId),
    });
  for await (const page of childPages(deps.db, 'groups', 1)) {
    for (const [groupId, group] of page) {
      groups += 1;
      const chat = (group as { groupChat?: unknown } | null)?.groupChat;
      for (const messageId of Object.keys(childrenOf(chat)))
        await countCreation(groupId, messageId);
      const marks = childrenOf(await deps.db.get(paths.chatCountMarks(groupId)));
      for (const [messageId, mark] of Object.entries(marks)) {
        const { deleted } = childrenOf(mark);
        if (deleted === true) await countCreation(groupId, messageId);
      }
    }
  }
  return { groups, counted: backfill.counted() };
}
