import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@contracts/chat/chat-messages';
import { silentLogger, type Logger } from '@/lib/logger';
import {
  createChatHistory,
  type ChatHistory,
  type ChatSource,
  type ChatWindow,
  type Cursor,
  type RawChild,
} from './chat-history';

/** An in-memory chat that answers windows as the database orders them, and stays live. */
function fakeChat(options: { sync?: boolean } = {}) {
  const data = new Map<string, unknown>();
  const listens = new Set<{
    window: ChatWindow;
    deliver: (children: readonly RawChild[]) => void;
    last: string;
  }>();
  const opened: ChatWindow[] = [];
  const ts = (value: unknown) =>
    typeof value === 'object' && value !== null && 'timeStamp' in value
      ? (value.timeStamp as number)
      : null;
  const before = (a: Cursor, b: Cursor) =>
    (a.timeStamp ?? -Infinity) - (b.timeStamp ?? -Infinity) ||
    (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
  const windowOf = (window: ChatWindow): RawChild[] => {
    let rows = [...data.entries()]
      .map(([key, value]) => ({ key, value, cursor: { key, timeStamp: ts(value) } }))
      .sort((a, b) => before(a.cursor, b.cursor));
    const { startAt, endBefore, limitToLast } = window;
    if (startAt) rows = rows.filter((row) => before(row.cursor, startAt) >= 0);
    if (endBefore) rows = rows.filter((row) => before(row.cursor, endBefore) < 0);
    if (limitToLast !== undefined) rows = rows.slice(-limitToLast);
    return rows.map(({ key, value }) => ({ key, value }));
  };
  const refresh = () => {
    for (const listen of listens) {
      const children = windowOf(listen.window);
      const text = JSON.stringify(children);
      if (text === listen.last) continue;
      listen.last = text;
      listen.deliver(children);
    }
  };
  const source: ChatSource = {
    listen(window, onChildren) {
      opened.push(window);
      const listen = { window, deliver: onChildren, last: '' };
      listens.add(listen);
      const first = () => {
        if (!listens.has(listen)) return;
        const children = windowOf(window);
        listen.last = JSON.stringify(children);
        onChildren(children);
      };
      if (options.sync) first();
      else queueMicrotask(first);
      return () => listens.delete(listen);
    },
  };
  return {
    source,
    opened,
    listening: () => listens.size,
    set(key: string, value: unknown) {
      data.set(key, value);
      refresh();
    },
    remove(key: string) {
      data.delete(key);
      refresh();
    },
  };
}

function message(index: number, fields: Partial<ChatMessage> = {}): ChatMessage {
  const id = `m${String(index).padStart(5, '0')}`;
  return {
    senderUID: '7',
    receiverUID: 'g1',
    message: `message ${index}`,
    url: '',
    type: 'message',
    thumbnail: '',
    filetype: '',
    filename: '',
    userType: 'user',
    messageID: id,
    senderUserName: 'Olivia',
    deleteAbleId: '',
    thumbnailID: '',
    timeStamp: 1_700_000_000_000 + index * 1000,
    ...fields,
  };
}

function seeded(count: number, options: { sync?: boolean } = {}) {
  const chat = fakeChat(options);
  for (let i = 1; i <= count; i += 1) chat.set(message(i).messageID, message(i));
  return chat;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Subscribes and returns what the history shows, read fresh each time. */
function watch(history: ChatHistory) {
  let renders = 0;
  const stop = history.subscribe(() => {
    renders += 1;
  });
  return {
    stop,
    renders: () => renders,
    texts: () => history.getSnapshot().messages.map((m) => m.message),
    snapshot: () => history.getSnapshot(),
  };
}

describe('the chat history', () => {
  it('shows the newest page first, oldest at the top, and says older messages exist', async () => {
    const chat = seeded(120);
    const view = watch(createChatHistory(chat.source, { logger: silentLogger, pageSize: 50 }));
    expect(view.snapshot().status).toBe('loading');
    await settle();
    const texts = view.texts();
    expect(texts).toHaveLength(50);
    expect(texts[0]).toBe('message 71');
    expect(texts.at(-1)).toBe('message 120');
    expect(view.snapshot()).toMatchObject({ status: 'ready', hasOlder: true });
  });

  it('loads older pages on request until the beginning, without gaps or repeats', async () => {
    const chat = seeded(120);
    const history = createChatHistory(chat.source, { logger: silentLogger, pageSize: 50 });
    const view = watch(history);
    await settle();
    history.loadOlder();
    expect(view.snapshot().loadingOlder).toBe(true);
    await settle();
    expect(view.texts()).toHaveLength(100);
    expect(view.snapshot().hasOlder).toBe(true);
    history.loadOlder();
    await settle();
    const texts = view.texts();
    expect(texts).toEqual(Array.from({ length: 120 }, (_, i) => `message ${i + 1}`));
    expect(view.snapshot()).toMatchObject({ hasOlder: false, loadingOlder: false });
    history.loadOlder();
    await settle();
    expect(view.texts()).toHaveLength(120);
  });

  it('a chat shorter than a page is complete at once', async () => {
    const chat = seeded(3);
    const view = watch(createChatHistory(chat.source, { logger: silentLogger, pageSize: 50 }));
    await settle();
    expect(view.texts()).toEqual(['message 1', 'message 2', 'message 3']);
    expect(view.snapshot().hasOlder).toBe(false);
  });

  it('keeps every loaded message when new ones arrive (nothing is pushed out of view)', async () => {
    const chat = seeded(60);
    const view = watch(createChatHistory(chat.source, { logger: silentLogger, pageSize: 50 }));
    await settle();
    await settle();
    for (let i = 61; i <= 70; i += 1) chat.set(message(i).messageID, message(i));
    const texts = view.texts();
    expect(texts).toHaveLength(60);
    expect(texts[0]).toBe('message 11');
    expect(texts.at(-1)).toBe('message 70');
  });

  it('drops a deleted message, in the newest page and in an older one', async () => {
    const chat = seeded(120);
    const history = createChatHistory(chat.source, { logger: silentLogger, pageSize: 50 });
    const view = watch(history);
    await settle();
    history.loadOlder();
    await settle();
    chat.remove(message(110).messageID);
    chat.remove(message(60).messageID);
    const texts = view.texts();
    expect(texts).not.toContain('message 110');
    expect(texts).not.toContain('message 60');
    // The older page slid down by one: message 20 came in, and nothing shows twice.
    expect(texts[0]).toBe('message 20');
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('re-sorts a message whose estimated time the server replaced', async () => {
    const chat = seeded(3);
    const view = watch(createChatHistory(chat.source, { logger: silentLogger, pageSize: 50 }));
    await settle();
    await settle();
    const mine = message(4, { message: 'mine', timeStamp: message(1).timeStamp + 10_000 });
    chat.set(mine.messageID, mine);
    expect(view.texts().at(-1)).toBe('mine');
    chat.set(mine.messageID, { ...mine, timeStamp: message(1).timeStamp + 500 });
    expect(view.texts()).toEqual(['message 1', 'mine', 'message 2', 'message 3']);
  });

  it('skips (and reports once) a child that is not a message', async () => {
    const warnings: string[] = [];
    const logger: Logger = { ...silentLogger, warn: (text) => void warnings.push(text) };
    const chat = seeded(2);
    chat.set('bad', { timeStamp: message(1).timeStamp + 1, message: 42 });
    const view = watch(createChatHistory(chat.source, { logger }));
    await settle();
    await settle();
    expect(view.texts()).toEqual(['message 1', 'message 2']);
    expect(warnings.filter((w) => w.includes('bad'))).toHaveLength(1);
  });

  it('works with a source that answers before listen returns (a warm cache)', async () => {
    const chat = seeded(75, { sync: true });
    const history = createChatHistory(chat.source, { logger: silentLogger, pageSize: 50 });
    const view = watch(history);
    expect(view.texts()).toHaveLength(50);
    // The first page's listener was handed over to the tail and stopped.
    expect(chat.listening()).toBe(1);
    history.loadOlder();
    expect(view.texts()).toHaveLength(75);
    expect(view.snapshot().hasOlder).toBe(false);
    await settle();
  });

  it('stops listening when the last subscriber leaves, and starts afresh on the next', async () => {
    const chat = seeded(10);
    const history = createChatHistory(chat.source, { logger: silentLogger });
    const first = watch(history);
    await settle();
    await settle();
    expect(chat.listening()).toBe(1);
    first.stop();
    expect(chat.listening()).toBe(0);
    expect(history.getSnapshot().status).toBe('loading');
    const second = watch(history);
    await settle();
    expect(second.texts()).toHaveLength(10);
  });

  it('reports a refused read (no permission) as an error', async () => {
    const failing: ChatSource = {
      listen(_window, _onChildren, onError) {
        queueMicrotask(() => onError(new Error('permission_denied')));
        return () => {};
      },
    };
    const view = watch(createChatHistory(failing, { logger: silentLogger }));
    await settle();
    expect(view.snapshot().status).toBe('error');
  });
});
