import { chatMessageSchema, type ChatMessage } from '@contracts/chat/chat-messages';
import type { Logger } from '@/lib/logger';

/**
 * The live history of one group chat, read in windows ordered by `timeStamp` (then key):
 *
 * - first the newest page (`limitToLast`), so the newest message shows at once;
 * - then a "tail" from that page's oldest message on, with no upper bound and no limit, so new
 *   messages join it and nothing is pushed out: a child that leaves it was deleted;
 * - older pages, each `endBefore` the oldest loaded one and `limitToLast` a page. Their upper
 *   bound is fixed, so they only change when one of their messages is deleted.
 *
 * Every window stays live (deletes by anyone show everywhere). A message is shown while at least
 * one window holds it; windows may overlap after a delete slides an older message into a page.
 * Each child is parsed once, when it first arrives.
 */

export const CHAT_PAGE_SIZE = 50;

/** Where a window starts or ends: a child's `timeStamp` and key, as the query orders them. */
export interface Cursor {
  timeStamp: number | null;
  key: string;
}

export interface ChatWindow {
  startAt?: Cursor;
  endBefore?: Cursor;
  limitToLast?: number;
}

export interface RawChild {
  key: string;
  value: unknown;
}

/** The database, as far as the history needs it (the Firebase SDK, or a fake in tests). */
export interface ChatSource {
  /** Calls `onChildren` with every child of the window, in query order, each time it changes. */
  listen(
    window: ChatWindow,
    onChildren: (children: readonly RawChild[]) => void,
    onError: (error: unknown) => void,
  ): () => void;
}

export interface ChatHistorySnapshot {
  status: 'loading' | 'ready' | 'error';
  /** Oldest first. */
  messages: readonly ChatMessage[];
  /** Older messages exist that are not loaded yet (as far as is known). */
  hasOlder: boolean;
  loadingOlder: boolean;
  error: unknown;
}

export interface ChatHistory {
  getSnapshot(): ChatHistorySnapshot;
  /** The first subscriber starts the listening; the last one leaving stops it. */
  subscribe(listener: () => void): () => void;
  /** Loads the page before the oldest loaded message; ignored while one is loading. */
  loadOlder(): void;
}

interface Segment {
  keys: Set<string>;
  stop: () => void;
  delivered: boolean;
}

function rawTimeStamp(value: unknown): number | null {
  if (typeof value !== 'object' || value === null || !('timeStamp' in value)) return null;
  return typeof value.timeStamp === 'number' ? value.timeStamp : null;
}

function compare(a: ChatMessage, aKey: string, b: ChatMessage, bKey: string): number {
  return a.timeStamp - b.timeStamp || (aKey < bKey ? -1 : aKey > bKey ? 1 : 0);
}

const INITIAL: ChatHistorySnapshot = {
  status: 'loading',
  messages: [],
  hasOlder: false,
  loadingOlder: false,
  error: undefined,
};

interface Reading {
  loadOlder(): void;
  stop(): void;
}

export function createChatHistory(
  source: ChatSource,
  { logger, pageSize = CHAT_PAGE_SIZE }: { logger: Logger; pageSize?: number },
): ChatHistory {
  const listeners = new Set<() => void>();
  let snapshot = INITIAL;
  let reading: Reading | undefined;

  const emit = (changes: Partial<ChatHistorySnapshot>) => {
    snapshot = { ...snapshot, ...changes };
    for (const listener of listeners) listener();
  };

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      reading ??= read(source, pageSize, logger, () => snapshot, emit);
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0 || !reading) return;
        reading.stop();
        reading = undefined;
        snapshot = INITIAL;
      };
    },
    loadOlder: () => reading?.loadOlder(),
  };
}

/** One run of listening, from the newest page on, until `stop`. */
function read(
  source: ChatSource,
  pageSize: number,
  logger: Logger,
  current: () => ChatHistorySnapshot,
  emit: (changes: Partial<ChatHistorySnapshot>) => void,
): Reading {
  /** Parsed messages by key, while some window holds them. */
  const parsed = new Map<string, ChatMessage>();
  /** How many windows hold each key. */
  const holders = new Map<string, number>();
  /** Keys of the shown messages, in order; `messages` follows it. */
  const order: string[] = [];
  const segments = new Set<Segment>();
  const unreadable = new Set<string>();
  let lowest: Cursor | undefined;
  let stopped = false;

  const messages = () => order.map((key) => parsed.get(key) as ChatMessage);
  /** Where `key` (with `message`) sits or would sit in `order`. */
  const position = (message: ChatMessage, key: string) => {
    let low = 0;
    let high = order.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const at = order[middle] as string;
      if (compare(parsed.get(at) as ChatMessage, at, message, key) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  const insert = (key: string, message: ChatMessage) => {
    parsed.set(key, message);
    order.splice(position(message, key), 0, key);
  };
  const remove = (key: string) => {
    const message = parsed.get(key);
    if (!message) return;
    const at = position(message, key);
    if (order[at] === key) order.splice(at, 1);
    parsed.delete(key);
  };

  const parse = (child: RawChild): ChatMessage | undefined => {
    const result = chatMessageSchema.safeParse(child.value);
    if (result.success) return result.data;
    if (!unreadable.has(child.key)) {
      unreadable.add(child.key);
      logger.warn(`Chat message ${child.key} does not match the message shape; not shown`);
    }
    return undefined;
  };

  /** One window no longer holds `key`; true when that took the message off the list. */
  const release = (key: string): boolean => {
    const count = (holders.get(key) ?? 0) - 1;
    if (count > 0) {
      holders.set(key, count);
      return false;
    }
    holders.delete(key);
    remove(key);
    return true;
  };

  /** Applies one window's new content; true when the shown messages changed. */
  const apply = (segment: Segment, children: readonly RawChild[]): boolean => {
    let changed = false;
    const next = new Set<string>();
    for (const child of children) {
      const known = parsed.get(child.key);
      if (known && known.timeStamp === rawTimeStamp(child.value)) {
        next.add(child.key);
        continue;
      }
      // New, or its time changed (a local write's estimated time replaced by the server's).
      const message = parse(child);
      if (!message) continue;
      next.add(child.key);
      if (known) remove(child.key);
      insert(child.key, message);
      changed = true;
    }
    for (const key of next) {
      if (segment.keys.has(key)) continue;
      holders.set(key, (holders.get(key) ?? 0) + 1);
    }
    for (const key of segment.keys) {
      if (next.has(key)) continue;
      changed = release(key) || changed;
    }
    segment.keys = next;
    return changed;
  };

  const close = (segment: Segment) => {
    segment.stop();
    segments.delete(segment);
    let changed = false;
    for (const key of segment.keys) changed = release(key) || changed;
    segment.keys.clear();
    return changed;
  };

  const fail = (error: unknown) => {
    if (stopped) return;
    logger.warn('The chat history could not be read', error);
    emit({ status: 'error', error, loadingOlder: false });
  };

  const cursorOf = (child: RawChild): Cursor => ({
    timeStamp: rawTimeStamp(child.value),
    key: child.key,
  });

  const open = (
    window: ChatWindow,
    onFirst: (children: readonly RawChild[], segment: Segment) => Partial<ChatHistorySnapshot>,
  ): Segment => {
    const segment: Segment = { keys: new Set(), stop: () => {}, delivered: false };
    segments.add(segment);
    const stop = source.listen(
      window,
      (children) => {
        if (stopped || !segments.has(segment)) return;
        const changed = apply(segment, children);
        if (!segment.delivered) {
          segment.delivered = true;
          emit({ ...onFirst(children, segment), messages: messages() });
        } else if (changed) {
          emit({ messages: messages() });
        }
      },
      fail,
    );
    // A source may answer from its cache before `listen` returns, and that answer may already
    // have closed this window.
    if (segments.has(segment)) segment.stop = stop;
    else stop();
    return segment;
  };

  // The newest page first; then the tail from its oldest message on takes over from it.
  open({ limitToLast: pageSize }, (children, first) => {
    const oldest = children[0];
    const complete = children.length < pageSize || !oldest;
    lowest = complete ? undefined : cursorOf(oldest);
    open(lowest ? { startAt: lowest } : {}, () => {
      close(first);
      return {};
    });
    return { status: 'ready', hasOlder: !complete };
  });

  return {
    loadOlder() {
      const boundary = lowest;
      const now = current();
      if (stopped || !boundary || !now.hasOlder || now.loadingOlder) return;
      if (now.status !== 'ready') return;
      emit({ loadingOlder: true });
      open({ endBefore: boundary, limitToLast: pageSize }, (children) => {
        const oldest = children[0];
        const complete = children.length < pageSize || !oldest;
        lowest = complete ? undefined : cursorOf(oldest);
        return { loadingOlder: false, hasOlder: !complete };
      });
    },
    stop() {
      stopped = true;
      for (const segment of segments) segment.stop();
      segments.clear();
    },
  };
}
