import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import {
  BellRingIcon,
  ClockIcon,
  MessagesSquareIcon,
  PencilIcon,
  ReceiptTextIcon,
  Trash2Icon,
  UsersIcon,
} from 'lucide-react';
import type { Group } from '@contracts/upstream/upstream';
import { Permitted } from '@/components/permitted';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatTimeAgo } from '@/lib/time';
import { AvatarStack } from './avatar-stack';
import { GroupImage } from './group-image';

export type GroupAction = 'edit' | 'delete' | 'members' | 'notify' | 'invoice';

const wideButton = 'h-auto min-h-8 justify-start whitespace-normal text-left';

/** One group: time-ago, name, members, and what the admin can do with it. */
export function GroupCard({
  group,
  now,
  onAction,
}: {
  group: Group;
  now: number;
  onAction: (action: GroupAction, group: Group) => void;
}) {
  const { t } = useTranslation('groups');
  const titleId = useId();
  return (
    <Card
      className="gap-0 overflow-hidden py-0"
      role="article"
      aria-labelledby={titleId}
      data-testid="group-card"
      data-group-id={group.id}
    >
      <div className="flex items-start gap-4 p-5">
        <GroupImage group={group} className="size-14 rounded-xl text-lg" />
        <div className="min-w-0 flex-1 space-y-1">
          <h2
            id={titleId}
            className="line-clamp-2 text-base leading-tight font-semibold break-words"
          >
            {group.name}
          </h2>
          <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
            <ClockIcon aria-hidden="true" className="size-3.5" />
            <time dateTime={new Date(group.timestamp).toISOString()} data-testid="group-time-ago">
              {formatTimeAgo(group.timestamp, now, t)}
            </time>
          </p>
        </div>
        <div className="-mt-1 -mr-2 flex shrink-0">
          <Permitted permission="groups.write">
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={t('EDIT_GROUP', { name: group.name })}
              title={t('COMMON.EDIT')}
              onClick={() => onAction('edit', group)}
            >
              <PencilIcon aria-hidden="true" />
            </Button>
          </Permitted>
          <Permitted permission="groups.write">
            <Button
              variant="ghost"
              size="icon-sm"
              className="text-muted-foreground hover:bg-destructive/10 hover:text-destructive"
              aria-label={t('DELETE_GROUP', { name: group.name })}
              title={t('COMMON.DELETE')}
              onClick={() => onAction('delete', group)}
            >
              <Trash2Icon aria-hidden="true" />
            </Button>
          </Permitted>
        </div>
      </div>
      <div className="flex min-h-12 items-center justify-between gap-3 px-5 pb-4">
        <AvatarStack users={group.users} />
        <span className="text-xs font-medium text-muted-foreground" data-testid="member-count">
          {t('MEMBER_COUNT', { value: group.users.length })}
        </span>
      </div>
      <div className="mt-auto grid grid-cols-2 gap-2 border-t bg-muted/40 p-3">
        <Permitted permission="chat.read">
          <Button asChild size="sm" className={wideButton}>
            <Link href={`/chats/${group.id}`} aria-label={t('VIEW_CHAT', { name: group.name })}>
              <MessagesSquareIcon aria-hidden="true" />
              {t('COMMON.VIEW')}
            </Link>
          </Button>
        </Permitted>
        <Permitted permission="groups.write">
          <Button
            variant="outline"
            size="sm"
            className={wideButton}
            onClick={() => onAction('members', group)}
          >
            <UsersIcon aria-hidden="true" />
            {t('MEMBERS')}
          </Button>
        </Permitted>
        <Permitted permission="push.targeted">
          <Button
            variant="outline"
            size="sm"
            className={wideButton}
            onClick={() => onAction('notify', group)}
          >
            <BellRingIcon aria-hidden="true" />
            {t('MENU.SEND_NOTIFICATION')}
          </Button>
        </Permitted>
        <Permitted permission="invoices.write">
          <Button
            variant="outline"
            size="sm"
            className={wideButton}
            onClick={() => onAction('invoice', group)}
          >
            <ReceiptTextIcon aria-hidden="true" />
            {t('SEND_INVOICE')}
          </Button>
        </Permitted>
      </div>
    </Card>
  );
}
