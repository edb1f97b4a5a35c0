import { paths } from '../../contracts/index.js';
import { countOnce, type CountChange, type CountDeps } from './counted-once.js';

/**
 * Adds a created message to its group's count, or takes a deleted one off, once however often
 * the event arrives (see `countOnce`). Resolves with whether this call counted it.
 */
export function countChatMessage(
  input: { groupId: string; messageId: string; change: CountChange },
  deps: CountDeps,
): Promise<boolean> {
  const { groupId, messageId, change } = input;
  return countOnce(
    {
      markPath: paths.chatCountMark(groupId, messageId, change),
      countPath: paths.groupChatCount(groupId),
      change,
    },
    deps,
  );
}
