import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ArrowDownIcon, MessageCircleIcon } from 'lucide-react';
import type { ChatMessage } from '@contracts/chat/chat-messages';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { markPainted } from '@/lib/perf';
import { cn } from '@/lib/utils';
import { dayOf } from '../chat-time';
import { MessageItem } from './message-item';

export interface MessageListProps {
  messages: readonly ChatMessage[];
  ready: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
  /** The signed-in admin's uid: their messages sit on the right. */
  selfUid: string;
  onLoadOlder: () => void;
  /** None while the admin's roles do not allow deleting. */
  onDelete?: (message: ChatMessage) => void;
  onOpenImage: (message: ChatMessage) => void;
}

/** Within this many pixels of the bottom the view counts as "at the bottom" and follows. */
const AT_BOTTOM_PX = 48;
/** Older messages are fetched once the view comes this close to the top. */
const LOAD_OLDER_PX = 900;
/** Room at the top for "loading older" or "beginning of the conversation". */
const TOP_SPACE = 44;
const BOTTOM_SPACE = 12;
const DAY_HEADING = 40;
const ESTIMATES: Record<ChatMessage['type'], number> = {
  message: 68,
  file: 92,
  image: 236,
  video: 236,
};

function distanceFromBottom(element: HTMLElement): number {
  return element.scrollHeight - element.scrollTop - element.clientHeight;
}

function LoadingMessages() {
  return (
    <div className="min-h-0 flex-1 space-y-6 overflow-hidden p-5" aria-hidden="true">
      {[48, 64, 40, 56].map((width, at) => (
        <div key={at} className={cn('flex gap-3', at % 2 === 1 && 'flex-row-reverse')}>
          <Skeleton className="size-8 rounded-full" />
          <div className={cn('space-y-2', at % 2 === 1 && 'flex flex-col items-end')}>
            <Skeleton className="h-3 w-24" />
            <Skeleton className="h-9 rounded-2xl" style={{ width: `${width * 4}px` }} />
          </div>
        </div>
      ))}
    </div>
  );
}

function NoMessages() {
  const { t } = useTranslation('chat');
  return (
    <div className="flex min-h-0 flex-1 flex-col items-center justify-center gap-3 overflow-y-auto p-6 text-center">
      <span className="grid size-12 place-content-center rounded-full bg-primary/10 text-primary">
        <MessageCircleIcon aria-hidden="true" className="size-6" />
      </span>
      <p className="font-semibold">{t('EMPTY_TITLE')}</p>
      <p className="max-w-sm text-sm text-muted-foreground">{t('EMPTY_DESCRIPTION')}</p>
    </div>
  );
}

/**
 * The history, oldest at the top. Until the first messages arrive it shows placeholders; an
 * empty chat says so; otherwise the virtualized list below takes over.
 */
export function MessageList(props: MessageListProps) {
  const { ready, messages } = props;
  const empty = ready && messages.length === 0;
  useLayoutEffect(() => {
    // The benchmark's mark: an empty chat is "painted" as soon as it says it is empty.
    if (empty) markPainted('chat:newest');
  }, [empty]);
  if (!ready) return <LoadingMessages />;
  if (empty) return <NoMessages />;
  return <VirtualMessages {...props} />;
}

/**
 * Only the rows in view (and a few around) exist, so 10 000 messages scroll as smoothly as 50.
 * Anchored to the end: it opens at the newest message (its first layout already computed at
 * the bottom), follows new ones while at the bottom, and keeps its place when older ones arrive
 * above. A scroll-down button shows whenever the view is not at the bottom.
 */
function VirtualMessages({
  messages,
  hasOlder,
  loadingOlder,
  selfUid,
  onLoadOlder,
  onDelete,
  onOpenImage,
}: MessageListProps) {
  const { t } = useTranslation('chat');
  const scrollRef = useRef<HTMLDivElement>(null);
  const [atBottom, setAtBottom] = useState(true);
  const [unread, setUnread] = useState(0);
  // Rows come and go as the list scrolls, so the list itself is no live region; arrivals are
  // announced here instead.
  const [announcement, setAnnouncement] = useState('');
  const previousLast = useRef(messages.at(-1)?.messageID);

  /** Whether each message is the first of its day (a day heading goes above it). */
  const dayStarts = useMemo(
    () =>
      messages.map(
        (message, at) => at === 0 || dayOf(messages[at - 1] ?? message) !== dayOf(message),
      ),
    [messages],
  );
  const estimate = useCallback(
    (index: number) => {
      const message = messages[index];
      const base = message ? ESTIMATES[message.type] : ESTIMATES.message;
      return base + (dayStarts[index] ? DAY_HEADING : 0);
    },
    [messages, dayStarts],
  );

  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: estimate,
    getItemKey: (index) => messages[index]?.messageID ?? index,
    overscan: 6,
    paddingStart: TOP_SPACE,
    paddingEnd: BOTTOM_SPACE,
    // The first range is computed at the bottom, not at the top and then moved.
    initialOffset: () => {
      let total = TOP_SPACE + BOTTOM_SPACE;
      for (let index = 0; index < messages.length; index += 1) total += estimate(index);
      return total;
    },
    anchorTo: 'end',
    followOnAppend: true,
    scrollEndThreshold: AT_BOTTOM_PX,
  });

  const maybeLoadOlder = useCallback(() => {
    const element = scrollRef.current;
    if (!element || !hasOlder || loadingOlder) return;
    if (element.scrollTop < LOAD_OLDER_PX && element.scrollHeight > element.clientHeight) {
      onLoadOlder();
    }
  }, [hasOlder, loadingOlder, onLoadOlder]);

  const onScroll = () => {
    const element = scrollRef.current;
    if (!element) return;
    const bottom = distanceFromBottom(element) <= AT_BOTTOM_PX;
    if (bottom !== atBottom) setAtBottom(bottom);
    if (bottom && unread > 0) setUnread(0);
    maybeLoadOlder();
  };

  // Opened: settle at the newest message, then tell the benchmark it is painted.
  useLayoutEffect(() => {
    virtualizer.scrollToEnd();
    markPainted('chat:newest');
  }, [virtualizer]);

  // New messages at the end: one's own brings the view down; others are counted while away.
  useLayoutEffect(() => {
    const last = messages.at(-1);
    const before = previousLast.current;
    previousLast.current = last?.messageID;
    if (!last || !before || last.messageID === before) return;
    const element = scrollRef.current;
    if (!element) return;
    if (last.senderUID === selfUid) {
      virtualizer.scrollToEnd();
      return;
    }
    setAnnouncement(t('NEW_MESSAGE_FROM', { name: last.senderUserName }));
    if (distanceFromBottom(element) > AT_BOTTOM_PX) {
      const from = messages.findIndex((message) => message.messageID === before);
      if (from >= 0) setUnread((count) => count + messages.length - 1 - from);
    }
  }, [messages, selfUid, virtualizer, t]);

  // A page of older messages arrived while the view is still near the top: keep going.
  useEffect(() => {
    if (!atBottom) maybeLoadOlder();
  }, [maybeLoadOlder, messages.length, atBottom]);

  return (
    <div className="relative min-h-0 flex-1">
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      <div
        ref={scrollRef}
        onScroll={onScroll}
        className="h-full overflow-y-auto overscroll-contain will-change-scroll [contain:strict] [overflow-anchor:none]"
        data-testid="chat-scroll"
        role="region"
        aria-busy={loadingOlder}
        aria-label={t('HISTORY')}
        // A scrolling region must be reachable by keyboard to be scrolled without a mouse.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
      >
        <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
          <div
            className="absolute inset-x-0 top-0 flex h-11 items-center justify-center text-xs text-muted-foreground"
            data-testid="chat-top"
          >
            {loadingOlder ? (
              <span className="flex items-center gap-2">
                <Spinner />
                {t('LOADING_OLDER')}
              </span>
            ) : hasOlder ? null : (
              <span>{t('BEGINNING')}</span>
            )}
          </div>
          {virtualizer.getVirtualItems().map((item) => {
            const message = messages[item.index];
            if (!message) return null;
            return (
              <div
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                className="absolute top-0 left-0 w-full [contain:layout_paint_style]"
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <MessageItem
                  message={message}
                  mine={message.senderUID === selfUid}
                  firstOfDay={dayStarts[item.index] ?? false}
                  onDelete={onDelete}
                  onOpenImage={onOpenImage}
                />
              </div>
            );
          })}
        </div>
      </div>
      {!atBottom ? (
        <button
          type="button"
          onClick={() => {
            setUnread(0);
            virtualizer.scrollToEnd();
          }}
          className="absolute right-4 bottom-4 flex h-10 cursor-pointer items-center gap-2 rounded-full border bg-card px-3 text-sm font-medium shadow-lg transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none"
          aria-label={t('SCROLL_DOWN')}
          data-testid="scroll-down"
        >
          {unread > 0 ? (
            <span className="rounded-full bg-primary px-1.5 text-xs text-primary-foreground tabular-nums">
              {unread}
            </span>
          ) : null}
          <ArrowDownIcon aria-hidden="true" className="size-4" />
        </button>
      ) : null}
    </div>
  );
}
