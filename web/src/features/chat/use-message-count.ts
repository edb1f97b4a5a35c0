import { useEffect, useState } from 'react';
import { onValue, ref, type Database } from 'firebase/database';
import { paths } from '@contracts/realtime';
import { groupChatCountSchema } from '@contracts/chat/chat-messages';

/**
 * How many messages the group's chat holds, as the functions count them
 * (`groupChatCounts/{groupId}`), kept current, read once `database` is given. Undefined while it is unknown: not read yet,
 * unreadable, never counted, or below zero for a moment (a deletion counted before its
 * creation), so the header shows no number rather than a wrong one.
 */
export function useMessageCount(database: Database | null, groupId: string): number | undefined {
  const [known, setKnown] = useState<{ groupId: string; count: number | undefined }>();
  useEffect(() => {
    // Null until the database is signed in as the admin: a read refused before then would
    // never be tried again.
    if (database === null) return;
    return onValue(
      ref(database, paths.groupChatCount(groupId)),
      (snapshot) => {
        const count = groupChatCountSchema.safeParse(snapshot.val());
        setKnown({ groupId, count: count.success && count.data >= 0 ? count.data : undefined });
      },
      () => setKnown({ groupId, count: undefined }),
    );
  }, [database, groupId]);
  return database !== null && known?.groupId === groupId ? known.count : undefined;
}
