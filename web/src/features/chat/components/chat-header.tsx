import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ArrowLeftIcon, MessagesSquareIcon, UsersIcon, WifiOffIcon } from 'lucide-react';
import type { Group } from '@contracts/upstream/upstream';
import { initials } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ownFile } from '@/lib/api/own-file';
import { offlineFor, type Connection } from '../connection';

export type ChatHeaderGroup = Pick<Group, 'name' | 'image'>;

function OfflineFor({ since, now }: { since: number; now: number }) {
  const { t } = useTranslation('chat');
  const duration = offlineFor(since, now);
  switch (duration.unit) {
    case 'under-a-minute':
      return t('OFFLINE_UNDER_A_MINUTE');
    case 'minutes':
      return t('OFFLINE_MINUTES', { minutes: duration.minutes });
    case 'hours':
      return t('OFFLINE_HOURS', { hours: duration.hours, minutes: duration.minutes });
  }
}

/**
 * The group, its members, how many messages its chat holds in all (nothing while that is
 * unknown), and while the database connection is down, since when. The status region is always there, so screen
 * readers announce the change when it fills.
 */
export function ChatHeader({
  group,
  memberCount,
  messageCount,
  hasOlder,
  connection,
  now,
}: {
  group: ChatHeaderGroup | undefined;
  memberCount: number | undefined;
  messageCount: number | undefined;
  hasOlder: boolean;
  connection: Connection | null;
  now: number;
}) {
  const { t } = useTranslation('chat');
  const image = ownFile(group?.image?.original_url);
  return (
    <header className="flex items-center gap-3 border-b px-3 py-3 sm:px-4">
      <Button asChild variant="ghost" size="icon-sm" className="shrink-0">
        <Link href="/chat-groups" aria-label={t('BACK_TO_GROUPS')}>
          <ArrowLeftIcon aria-hidden="true" />
        </Link>
      </Button>
      {group ? (
        image ? (
          <img src={image} alt="" className="size-10 shrink-0 rounded-xl bg-muted object-cover" />
        ) : (
          <span
            aria-hidden="true"
            className="grid size-10 shrink-0 place-content-center rounded-xl bg-primary/12 text-sm font-semibold text-primary"
          >
            {initials(group.name)}
          </span>
        )
      ) : (
        <Skeleton className="size-10 shrink-0 rounded-xl" />
      )}
      <div className="min-w-0 flex-1">
        {group ? (
          <h2 className="truncate leading-tight font-semibold" data-testid="chat-group-name">
            {group.name}
          </h2>
        ) : (
          <Skeleton className="h-4 w-40" />
        )}
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-0.5 text-xs text-muted-foreground">
          {memberCount !== undefined ? (
            <span className="flex items-center gap-1">
              <UsersIcon aria-hidden="true" className="size-3.5" />
              {t('MEMBER_COUNT', { value: memberCount })}
            </span>
          ) : null}
          {messageCount !== undefined ? (
            <span
              className="flex items-center gap-1"
              title={hasOlder ? t('OLDER_HINT') : undefined}
              data-testid="message-count"
            >
              <MessagesSquareIcon aria-hidden="true" className="size-3.5" />
              {t('MESSAGE_COUNT', { count: messageCount })}
            </span>
          ) : null}
          <span role="status" className="flex">
            {connection?.status === 'offline' ? (
              <span
                className="flex items-center gap-1 rounded-full border border-warning/50 bg-warning/15 px-2 py-0.5 font-medium text-foreground"
                title={t('OFFLINE_HINT')}
                data-testid="chat-connection-offline"
              >
                <WifiOffIcon aria-hidden="true" className="size-3.5" />
                <OfflineFor since={connection.since} now={now} />
              </span>
            ) : null}
          </span>
        </p>
      </div>
    </header>
  );
}
