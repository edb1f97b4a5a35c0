import {
  endBefore,
  limitToLast,
  onValue,
  orderByChild,
  query,
  ref,
  startAt,
  type Database,
  type QueryConstraint,
} from 'firebase/database';
import { paths } from '@contracts/realtime';
import type { ChatSource, ChatWindow, RawChild } from './chat-history';

/**
 * The chat's windows as Realtime Database queries on `groups/{gid}/groupChat`, ordered by
 * `timeStamp` (the rules declare the index, so the server answers only the window).
 */
export function firebaseChatSource(database: Database, groupId: string): ChatSource {
  const chat = ref(database, paths.groupChat(groupId));
  return {
    listen(window: ChatWindow, onChildren, onError) {
      const constraints: QueryConstraint[] = [orderByChild('timeStamp')];
      if (window.startAt) constraints.push(startAt(window.startAt.timeStamp, window.startAt.key));
      if (window.endBefore) {
        constraints.push(endBefore(window.endBefore.timeStamp, window.endBefore.key));
      }
      if (window.limitToLast !== undefined) constraints.push(limitToLast(window.limitToLast));
      return onValue(
        query(chat, ...constraints),
        (snapshot) => {
          const children: RawChild[] = [];
          snapshot.forEach((child) => {
            if (child.key !== null) children.push({ key: child.key, value: child.val() });
          });
          onChildren(children);
        },
        onError,
      );
    },
  };
}
