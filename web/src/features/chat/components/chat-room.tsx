import { useCallback, useLayoutEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useDatabase, useUser } from 'reactfire';
import { LockIcon, PlugZapIcon, WifiOffIcon } from 'lucide-react';
import { type ChatMessage } from '@contracts/chat/chat-messages';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { RealtimeUnavailableNotice } from '@/components/realtime-unavailable-notice';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorLines, isApiError } from '@/lib/api/api-client';
import { connectRealtime } from '@/lib/realtime/keeper';
import { useAllows } from '@/lib/roles/roles';
import { useRealtimeSession, useServices, useSession } from '@/lib/services';
import { toast } from '@/lib/toast';
import { deleteChatMessage } from '../api/delete-chat-message';
import { keptFilesNotices } from '../delete-message';
import {
  createChatHistory,
  type ChatHistory,
  type ChatHistorySnapshot,
} from '../history/chat-history';
import { firebaseChatSource } from '../history/firebase-source';
import { useMirroredNames } from '../history/mirrored-names';
import { textMessage, type Sender } from '../message';
import { useChatConnection } from '../use-connection';
import { useMessageCount } from '../use-message-count';
import { ChatHeader, type ChatHeaderGroup } from './chat-header';
import { Composer } from './composer';
import { ImageViewer } from './image-viewer';
import { ChatLoadFailed } from './load-failed';
import { MessageList } from './message-list';
import { WaitingMessages } from './waiting-messages';
import { useAttachments } from '../use-attachments';
import { useChatOutbox } from '../use-chat-outbox';

const IDLE: ChatHistorySnapshot = {
  status: 'loading',
  messages: [],
  hasOlder: false,
  loadingOlder: false,
  error: undefined,
};
const idle = { subscribe: () => () => {}, getSnapshot: () => IDLE };
export interface ChatRoomProps {
  groupId: string;
  group: ChatHeaderGroup | undefined;
  memberCount: number | undefined;
}

/** The live chat of one group, inside the realtime providers. */
export function ChatRoom({ groupId, group, memberCount }: ChatRoomProps) {
  const { t } = useTranslation('chat');
  const services = useServices();
  const session = useSession();
  const database = useDatabase();
  const user = useUser();
  const realtime = useRealtimeSession();
  const uid = user.data?.uid ?? null;
  const expectedUid = session ? String(session.user.id) : '';
  const connected = uid !== null && uid === expectedUid;
  const [attempt, setAttempt] = useState(0);
  const [reconnecting, setReconnecting] = useState(false);
  const [deleting, setDeleting] = useState<ChatMessage | null>(null);
  const [viewing, setViewing] = useState<ChatMessage | null>(null);
  // Without chat.write the admin only reads: no composer, no Delete.
  const writing = useAllows('chat.write');

  const history: ChatHistory | null = useMemo(
    () =>
      connected
        ? createChatHistory(firebaseChatSource(database, groupId), { logger: services.logger })
        : null,
    // `attempt` starts a new reading after a failure.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [connected, database, groupId, services.logger, attempt],
  );
  // The first query leaves as soon as the room is on screen. useSyncExternalStore subscribes
  // only once the browser has painted and run whatever else was queued, which held the newest
  // messages back by up to a quarter of a second on a cold open.
  useLayoutEffect(() => history?.subscribe(() => {}), [history]);
  const store = history ?? idle;
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const { connection, now } = useChatConnection(database);
  const online = connection.status === 'online';

  const { outbox, waiting, acknowledged, write } = useChatOutbox({
    connected,
    uid: expectedUid,
    groupId,
    online,
    history: snapshot.messages,
  });
  const messages = useMirroredNames(database, acknowledged);
  const messageCount = useMessageCount(connected ? database : null, groupId);

  const sender: Sender = useMemo(
    () => ({ uid: expectedUid, name: session?.user.name ?? '', userType: 'admin' }),
    [expectedUid, session?.user.name],
  );

  const sendText = useCallback(
    async (text: string) => {
      try {
        await write((messageId) => textMessage({ sender, groupId, messageId }, text));
      } catch (error) {
        services.logger.warn('A chat message could not be sent', error);
        toast.error(t('SEND_FAILED'));
        throw error;
      }
    },
    [write, sender, groupId, services.logger, t],
  );

  const { upload, attach, cancelUpload } = useAttachments({ sender, groupId, write });

  const confirmDelete = async () => {
    if (!deleting) return;
    // The functions delete it: only they know which uploads are the message's own.
    const outcome = await deleteChatMessage(services.api, groupId, deleting.messageID);
    toast.success(t('MESSAGES.DELETED_SUCCESSFULLY'));
    for (const notice of keptFilesNotices(outcome)) toast.warning(t(notice));
  };

  const openImage = useCallback((message: ChatMessage) => setViewing(message), []);
  const askDelete = useCallback((message: ChatMessage) => setDeleting(message), []);
  const loadOlder = useCallback(() => history?.loadOlder(), [history]);

  // A failure shows the unavailable state, and the session keeper tries again from there.
  const reconnect = async () => {
    setReconnecting(true);
    await connectRealtime({ ...services, uid: expectedUid });
    setReconnecting(false);
  };

  let body;
  if (user.status === 'loading') {
    body = (
      <div className="flex flex-1 items-center justify-center">
        <Spinner className="size-6 text-muted-foreground" />
      </div>
    );
  } else if (!connected && realtime.status === 'unavailable') {
    body = (
      <div className="flex flex-1 items-center justify-center p-4">
        <RealtimeUnavailableNotice className="max-w-lg" reason={realtime.reason} />
      </div>
    );
  } else if (!connected) {
    body = (
      <div className="flex flex-1 items-center justify-center p-4">
        <EmptyState
          className="w-full max-w-lg border-0"
          icon={<PlugZapIcon aria-hidden="true" />}
          title={t('OFFLINE_TITLE')}
          description={t('OFFLINE_DESCRIPTION')}
          action={
            <Button variant="outline" onClick={() => void reconnect()} disabled={reconnecting}>
              {reconnecting ? <Spinner /> : null}
              {t('RECONNECT')}
            </Button>
          }
          data-testid="chat-offline"
        />
      </div>
    );
  } else if (snapshot.status === 'loading' && connection.status === 'offline') {
    body = (
      <div className="flex flex-1 items-center justify-center p-4">
        <EmptyState
          className="w-full max-w-lg border-0"
          icon={<WifiOffIcon aria-hidden="true" />}
          title={t('LOAD_WHEN_ONLINE')}
          data-testid="chat-load-when-online"
        />
      </div>
    );
  } else if (snapshot.status === 'error') {
    body = <ChatLoadFailed onRetry={() => setAttempt((value) => value + 1)} />;
  } else {
    body = (
      <MessageList
        messages={messages}
        ready={snapshot.status === 'ready'}
        hasOlder={snapshot.hasOlder}
        loadingOlder={snapshot.loadingOlder}
        selfUid={expectedUid}
        onLoadOlder={loadOlder}
        onDelete={writing.allowed ? askDelete : undefined}
        onOpenImage={openImage}
      />
    );
  }

  return (
    <>
      <ChatHeader
        group={group}
        memberCount={memberCount}
        messageCount={messageCount}
        hasOlder={snapshot.hasOlder}
        connection={connected ? connection : null}
        now={now}
      />
      {body}
      <WaitingMessages messages={waiting} />
      {writing.allowed ? (
        <Composer
          onSendText={sendText}
          onAttach={(kind, file) => void attach(kind, file)}
          upload={upload}
          onCancelUpload={cancelUpload}
          offline={connection.status === 'offline'}
          disabled={outbox === null || snapshot.status === 'error'}
        />
      ) : (
        <p
          className="flex items-center gap-2 border-t bg-card px-4 py-3 text-sm text-muted-foreground"
          data-testid="chat-read-only"
        >
          <LockIcon aria-hidden="true" className="size-4 shrink-0" />
          {t('READ_ONLY')} {writing.reason}
        </p>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('DELETE_DIALOG.TITLE')}
        description={t('DELETE_DIALOG.MESSAGE')}
        confirmLabel={t('DELETE_DIALOG.DELETE')}
        cancelLabel={t('COMMON.CLOSE')}
        variant="destructive"
        onConfirm={confirmDelete}
        describeError={(error) => (isApiError(error) ? errorLines(error, t) : [t('DELETE_FAILED')])}
        testId="delete-message-dialog"
      />
      <ImageViewer
        open={viewing !== null}
        onOpenChange={(open) => {
          if (!open) setViewing(null);
        }}
        message={viewing}
      />
    </>
  );
}
