import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'wouter';
import { usePageMeta } from '@/components/page-meta';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { mark } from '@/lib/perf';
import { RealtimeProvider } from '@/lib/realtime/realtime';
import { toast } from '@/lib/toast';
import { useChatGroup, useChatMembers } from './api/get-group';
import { ChatRoom } from './components/chat-room';
import { ChatLoadFailed } from './components/load-failed';

function ChatLoading() {
  return (
    <div className="flex flex-1 items-center justify-center" role="status">
      <Spinner className="size-6 text-muted-foreground" />
      <span className="sr-only">{/* announced with the status role */}…</span>
    </div>
  );
}

/**
 * Group chat (`/chats/:groupid`). The group comes from GET /admin/groups; one that is not there
 * sends the admin back to the groups with a message (the original sent them to a route that
 * does not exist). The history starts loading at once, beside that request.
 */
export function ChatPage() {
  const { t } = useTranslation('chat');
  const { groupid = '' } = useParams<{ groupid: string }>();
  const [, navigate] = useLocation();
  const group = useChatGroup(groupid);
  const known = group.data ?? undefined;
  // Listing the members refreshes the database's member mirror: members can then read and post.
  const members = useChatMembers(groupid, known !== undefined);
  const unknown = group.isSuccess && group.data === null;

  useEffect(() => {
    mark('chat:open');
  }, []);

  useEffect(() => {
    if (!unknown) return;
    toast.error(t('GROUP_NOT_FOUND'));
    navigate('/chat-groups', { replace: true });
  }, [unknown, navigate, t]);

  const title = known?.name ?? t('PAGES.CHAT');
  usePageMeta({
    title,
    breadcrumbs: [{ label: t('MENU.GROUPS'), href: '/chat-groups' }, { label: title }],
  });

  return (
    <Card
      className="h-[calc(100dvh-11.5rem)] min-h-[26rem] gap-0 overflow-hidden py-0 lg:h-[calc(100dvh-13.5rem)]"
      data-testid="chat"
    >
      <RealtimeProvider
        fallback={<ChatLoading />}
        failed={(retry) => <ChatLoadFailed onRetry={retry} />}
      >
        <ChatRoom
          groupId={groupid}
          group={known}
          memberCount={members.data?.items.length ?? known?.users.length}
        />
      </RealtimeProvider>
    </Card>
  );
}
