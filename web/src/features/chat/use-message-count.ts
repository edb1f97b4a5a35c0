import { useEffect, useState } from 'react';
import { onValue, ref, type Database } from 'firebase/database';
import { groupChatCountSchema, paths } from '@contracts/realtime';

/**
 * How many messages the group's chat holds, as the functions count them
 * (`groupChatCounts/{groupId}`), kept current. Undefined while it is unknown: not read yet,
 * unreadable, never counted, or below zero for a moment (a deletion counted before its
 * creation), so the header shows no number rather than a wrong one.
 */
export function useMessageCount(database: Database, groupId: string): number | undefined {
  const [known, setKnown] = useState<{ groupId: string; count: number | undefined }>();
  useEffect(
    () =>
      onValue(
        ref(database, paths.groupChatCount(groupId)),
        (snapshot) => {
          const count = groupChatCountSchema.safeParse(snapshot.val());
          setKnown({ groupId, count: count.success && count.data >= 0 ? count.data : undefined });
        },
        () => setKnown({ groupId, count: undefined }),
      ),
    [database, groupId],
  );
  return known?.groupId === groupId ? known.count : undefined;
}
