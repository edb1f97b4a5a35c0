import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DownloadIcon,
  FileTextIcon,
  ImageOffIcon,
  ShieldAlertIcon,
  Trash2Icon,
} from 'lucide-react';
import type { ChatMessage } from '@contracts/chat/chat-messages';
import { Avatar, AvatarFallback, initials } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { formatClock, formatDay, formatFull } from '../chat-time';
import { fileHref, truncateFileName } from '../message';

export interface MessageItemProps {
  message: ChatMessage;
  /** Sent by the signed-in admin: shown on the right. */
  mine: boolean;
  /** The first message of its day (Los Angeles): a day heading goes above it. */
  firstOfDay: boolean;
  /** None while the admin's roles do not allow deleting: no Delete then. */
  onDelete?: (message: ChatMessage) => void;
  onOpenImage: (message: ChatMessage) => void;
}

/**
 * An image message's preview; one that cannot be shown (gone upstream, or stored by another app
 * on an address this page may not load) becomes a link to it.
 */
function ImageBody({
  message,
  href,
  onOpenImage,
}: Pick<MessageItemProps, 'message' | 'onOpenImage'> & { href: string }) {
  const { t } = useTranslation('chat');
  const [broken, setBroken] = useState(false);
  if (broken) {
    return (
      <a
        href={href}
        target="_blank"
        rel="noreferrer"
        className="flex items-center gap-2 rounded-xl border bg-card px-3 py-2.5 text-sm text-muted-foreground hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none"
      >
        <ImageOffIcon aria-hidden="true" className="size-4" />
        {t('IMAGE_UNAVAILABLE')}
      </a>
    );
  }
  return (
    <button
      type="button"
      onClick={() => onOpenImage(message)}
      className="block cursor-zoom-in overflow-hidden rounded-xl border bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none"
      aria-label={t('OPEN_IMAGE', { name: message.filename || t('IMAGE') })}
    >
      <img
        src={href}
        alt={message.filename}
        loading="lazy"
        decoding="async"
        onError={() => setBroken(true)}
        className="h-48 w-auto max-w-full object-cover"
        data-testid="message-image"
      />
    </button>
  );
}

/**
 * A file, image or video whose address is not one of the app's files: its address as text,
 * never loaded or linked, and why.
 */
function InertFile({ message }: Pick<MessageItemProps, 'message'>) {
  const { t } = useTranslation('chat');
  return (
    <div
      className="flex max-w-full items-start gap-2.5 rounded-xl border border-warning/40 bg-warning/10 px-3 py-2.5 text-sm"
      data-testid="inert-file"
    >
      <ShieldAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
      <span className="min-w-0">
        <span className="block font-medium">{t('FILE_NOT_OPENED')}</span>
        <span className="block font-mono text-xs break-all text-muted-foreground">
          {message.url}
        </span>
      </span>
    </div>
  );
}

function Body({
  message,
  mine,
  onOpenImage,
}: Pick<MessageItemProps, 'message' | 'mine' | 'onOpenImage'>) {
  const { t } = useTranslation('chat');
  if (message.type === 'message') {
    return (
      <p
        className={cn(
          'rounded-2xl px-3.5 py-2 text-sm leading-relaxed break-words whitespace-pre-wrap',
          mine ? 'rounded-tr-sm bg-primary text-primary-foreground' : 'rounded-tl-sm bg-muted',
        )}
      >
        {message.message}
      </p>
    );
  }
  const href = fileHref(message.url, window.location.origin);
  if (href === null) return <InertFile message={message} />;
  switch (message.type) {
    case 'image':
      return <ImageBody message={message} href={href} onOpenImage={onOpenImage} />;
    case 'video':
      return (
        // Members' videos come without captions; there is no track to offer.
        // eslint-disable-next-line jsx-a11y/media-has-caption
        <video
          controls
          preload="none"
          playsInline
          poster={fileHref(message.thumbnail, window.location.origin) ?? undefined}
          src={href}
          className="h-48 max-w-full rounded-xl border bg-black"
          aria-label={message.filename || t('VIDEO')}
          data-testid="message-video"
        />
      );
    case 'file':
      return (
        <div
          className={cn(
            'flex max-w-full items-center gap-3 rounded-xl border px-3 py-2.5',
            mine ? 'bg-primary/8' : 'bg-card',
          )}
        >
          <span className="grid size-9 shrink-0 place-content-center rounded-lg bg-primary/12 text-primary">
            <FileTextIcon aria-hidden="true" className="size-4.5" />
          </span>
          <span className="min-w-0 flex-1">
            {/* One line: a narrow phone cuts it further rather than breaking it at a hyphen. */}
            <span
              className="block truncate text-sm font-medium"
              title={message.filename}
              data-testid="file-name"
            >
              {truncateFileName(message.filename || t('FILE'))}
            </span>
            <span className="block text-xs text-muted-foreground">{message.filetype}</span>
          </span>
          <a
            href={href}
            download={message.filename || true}
            target="_blank"
            rel="noreferrer"
            className="grid size-8 shrink-0 place-content-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none"
            aria-label={t('DOWNLOAD', { name: message.filename })}
            data-testid="file-download"
          >
            <DownloadIcon aria-hidden="true" className="size-4" />
          </a>
        </div>
      );
  }
}

/** One message: sender, time (Los Angeles) and its content by type (text, file, image, video). */
export const MessageItem = memo(function MessageItem({
  message,
  mine,
  firstOfDay,
  onDelete,
  onOpenImage,
}: MessageItemProps) {
  const { t } = useTranslation('chat');
  return (
    <div className="px-3 py-1.5 sm:px-5">
      {firstOfDay ? (
        <div className="my-3 flex items-center gap-3 text-xs font-medium text-muted-foreground">
          <span className="h-px flex-1 bg-border" />
          <span>{formatDay(message.timeStamp)}</span>
          <span className="h-px flex-1 bg-border" />
        </div>
      ) : null}
      <article
        className={cn('group flex items-start gap-2.5', mine && 'flex-row-reverse')}
        aria-label={t('MESSAGE_FROM', { name: message.senderUserName })}
        data-testid="chat-message"
        data-message-id={message.messageID}
        data-type={message.type}
      >
        <Avatar className="mt-5 size-8">
          {/* Members in their own colour (the same as in the users list); admins in the theme's. */}
          <AvatarFallback
            className={cn(
              'text-[11px]',
              message.userType === 'admin' && 'bg-primary text-primary-foreground',
            )}
            userId={message.userType === 'admin' ? undefined : message.senderUID}
          >
            {initials(message.senderUserName || '?')}
          </AvatarFallback>
        </Avatar>
        {/* On a phone the whole width beside the avatar: at 80% every sender name was cut. */}
        <div
          className={cn(
            'flex max-w-[calc(100%-2.625rem)] min-w-0 flex-col gap-1 sm:max-w-[min(34rem,80%)]',
            mine && 'items-end',
          )}
        >
          <div
            className={cn(
              'flex max-w-full min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5 text-xs',
              mine && 'flex-row-reverse',
            )}
          >
            <span className="truncate font-semibold" data-testid="message-sender">
              {message.senderUserName}
            </span>
            {message.userType === 'admin' ? (
              <Badge variant="secondary" className="shrink-0 px-1.5 py-0 text-[10px]">
                {t('ADMIN')}
              </Badge>
            ) : null}
            <time
              className="shrink-0 whitespace-nowrap text-muted-foreground tabular-nums"
              dateTime={new Date(message.timeStamp).toISOString()}
              title={formatFull(message.timeStamp)}
              data-testid="message-time"
            >
              {formatClock(message.timeStamp)}
            </time>
          </div>
          <div className={cn('flex items-center gap-1', mine && 'flex-row-reverse')}>
            <div className="min-w-0">
              <Body message={message} mine={mine} onOpenImage={onOpenImage} />
            </div>
            {onDelete ? (
              <button
                type="button"
                onClick={() => onDelete(message)}
                className="grid size-8 shrink-0 cursor-pointer place-content-center rounded-md text-muted-foreground opacity-0 transition-opacity group-hover:opacity-100 hover:bg-destructive/10 hover:text-destructive focus-visible:opacity-100 focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none [@media(hover:none)]:opacity-100"
                aria-label={t('DELETE_MESSAGE')}
                data-testid="delete-message"
              >
                <Trash2Icon aria-hidden="true" className="size-4" />
              </button>
            ) : null}
          </div>
        </div>
      </article>
    </div>
  );
});
