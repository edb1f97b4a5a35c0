import { useEffect, useMemo, useState } from 'react';
import { onValue, ref, type Database } from 'firebase/database';
import * as z from 'zod/mini';
import { LIMITS, paths } from '@contracts/realtime';
import type { ChatMessage } from '@contracts/chat/chat-messages';

const nameSchema = z.string().check(z.minLength(1), z.maxLength(LIMITS.name));

/**
 * Messages with each app user named as the user mirror names them, where it does: a member
 * writes `senderUserName` from a client of their own, and the mirror is what the upstream says.
 * Messages whose name is already right are the same objects, so memoized rows stay as they are.
 */
export function withMirroredNames(
  messages: readonly ChatMessage[],
  names: ReadonlyMap<string, string>,
): readonly ChatMessage[] {
  if (names.size === 0) return messages;
  return messages.map((message) => {
    const name = message.userType === 'user' ? names.get(message.senderUID) : undefined;
    return name === undefined || name === message.senderUserName
      ? message
      : { ...message, senderUserName: name };
  });
}

/** `withMirroredNames` over `users/{uid}/name` of the app users among the senders, kept current. */
export function useMirroredNames(
  database: Database,
  messages: readonly ChatMessage[],
): readonly ChatMessage[] {
  const senders = useMemo(
    () =>
      [...new Set(messages.filter((m) => m.userType === 'user').map((m) => m.senderUID))]
        .sort()
        .join('\n'),
    [messages],
  );
  const [names, setNames] = useState<ReadonlyMap<string, string>>(() => new Map());
  useEffect(() => {
    const uids = senders === '' ? [] : senders.split('\n');
    const stops = uids.map((uid) =>
      onValue(
        ref(database, `${paths.user(uid)}/name`),
        (snapshot) => {
          const name = nameSchema.safeParse(snapshot.val());
          setNames((known) => {
            if (known.get(uid) === name.data) return known;
            const next = new Map(known);
            if (name.success) next.set(uid, name.data);
            else next.delete(uid);
            return next;
          });
        },
        // A name that cannot be read leaves the message's own.
        () => {},
      ),
    );
    return () => stops.forEach((stop) => stop());
  }, [database, senders]);
  return useMemo(() => withMirroredNames(messages, names), [messages, names]);
}
