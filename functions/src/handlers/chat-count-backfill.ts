import { paths } from '../contracts/index.js';
import { ChatCountClaimedError, countChatMessage, type ChatCountDeps } from './chat-count.js';
import { childPages, childrenOf } from './ports.js';

export interface BackfillResult {
  groups: number;
  /** Creations this run added to the counts (already counted ones are not). */
  counted: number;
}

/**
 * Brings every group's message count up to its chat, once, for the history written before the
 * counter existed: each message still in the chat, and each message deleted since the counter
 * began (its deletion was taken off a count that never held it), has its creation counted
 * through the triggers' own marks, so running it twice, or beside the triggers, counts nothing
 * twice. A creation another invocation is counting right now is left to it. One group is read
 * at a time, its chat whole: the run holds one group's history, never the database's.
 */
export async function backfillChatCounts(deps: ChatCountDeps): Promise<BackfillResult> {
  const result: BackfillResult = { groups: 0, counted: 0 };
  const countCreation = async (groupId: string, messageId: string) => {
    try {
      const counted = await countChatMessage({ groupId, messageId, change: 'created' }, deps);
      if (counted) result.counted += 1;
    } catch (error) {
      if (!(error instanceof ChatCountClaimedError)) throw error;
    }
  };
  for await (const page of childPages(deps.db, 'groups', 1)) {
    for (const [groupId, group] of page) {
      result.groups += 1;
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
  return result;
}
