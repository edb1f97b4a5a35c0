import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { get, push, ref, serverTimestamp, set } from 'firebase/database';
import { useDatabase } from 'reactfire';
import { paths } from '@contracts/realtime';
import type { ChatMessage } from '@contracts/chat/chat-messages';
import { useServices } from '@/lib/services';
import { toast } from '@/lib/toast';
import { createOutbox, type Outbox } from './outbox';

const NOTHING_WAITING: readonly ChatMessage[] = [];
const noOutbox = { subscribe: () => () => {}, getSnapshot: () => NOTHING_WAITING };

export interface ChatOutboxInput {
  /** The admin's Firebase session is the one the page's session names. */
  connected: boolean;
  uid: string;
  groupId: string;
  online: boolean;
  /** The history as the SDK shows it, its own pending writes included. */
  history: readonly ChatMessage[];
}

/**
 * What the admin sends, through the outbox (outbox.ts): waiting messages, the history without
 * them, and `write`, which gives a message its key once so that a resend lands on the same key.
 */
export function useChatOutbox({ connected, uid, groupId, online, history }: ChatOutboxInput) {
  const { t } = useTranslation('chat');
  const services = useServices();
  const database = useDatabase();
  // Every message goes through the outbox: kept in local storage until the database has it.
  const outbox: Outbox | null = useMemo(
    () =>
      connected
        ? createOutbox({
            storage: services.storage,
            uid,
            groupId,
            write: (message) =>
              set(ref(database, `${paths.groupChat(groupId)}/${message.messageID}`), {
                ...message,
                timeStamp: serverTimestamp(),
              }),
            isStored: async (messageId) =>
              (await get(ref(database, `${paths.groupChat(groupId)}/${messageId}`))).exists(),
            onRefused: (message) =>
              toast.error(t('WAITING_REFUSED', { text: message.message || message.filename })),
            logger: services.logger,
          })
        : null,
    [connected, services.storage, services.logger, uid, groupId, database, t],
  );
  const waitingStore = outbox ?? noOutbox;
  const waiting = useSyncExternalStore(
    waitingStore.subscribe,
    waitingStore.getSnapshot,
    waitingStore.getSnapshot,
  );
  // What a previous page left is sent at once (the SDK holds it until connected), and whatever
  // could not be settled is tried again at each reconnection.
  useEffect(() => {
    outbox?.flush();
  }, [outbox, online]);

  // The SDK shows its own pending writes in the history at once; until the database has
  // acknowledged them they are shown as waiting instead.
  const waitingIds = useMemo(() => new Set(waiting.map((entry) => entry.messageID)), [waiting]);
  const acknowledged = useMemo(
    () =>
      waitingIds.size === 0
        ? history
        : history.filter((message) => !waitingIds.has(message.messageID)),
    [history, waitingIds],
  );

  // The key is made once, here, and kept with the message: a resend lands on the same key.
  const write = useCallback(
    async (build: (messageId: string) => ChatMessage) => {
      if (!outbox) throw new Error('The chat is not connected');
      const key = push(ref(database, paths.groupChat(groupId))).key;
      if (!key) throw new Error('A pushed reference always has a key');
      await outbox.send(build(key));
    },
    [outbox, database, groupId],
  );

  return { outbox, waiting, acknowledged, write };
}
