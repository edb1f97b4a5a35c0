import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@contracts/chat/chat-messages';
import { silentLogger } from '@/lib/logger';
import { memoryStorage } from '@/testing/fakes';
import { textMessage } from './message';
import { createOutbox, outboxStorageKey, waitingCount, type Outbox } from './outbox';

const ADMIN = '7';
const GROUP = '12';
const sender = { uid: ADMIN, name: 'Ada Admin', userType: 'admin' as const };
const message = (messageId: string, text = `text of ${messageId}`) =>
  textMessage({ sender, groupId: GROUP, messageId }, text);

/**
 * The database as the chat's rules make it: a message is created only where none is stored.
 * While `online` is false, writes wait for it, as the SDK holds them; a page that goes away
 * drops what it was holding.
 */
function fakeDatabase() {
  const stored = new Map<string, ChatMessage>();
  const writes: string[] = [];
  let held: (() => void)[] = [];
  let online = true;
  const apply = (entry: ChatMessage, resolve: () => void, reject: (e: Error) => void) => {
    writes.push(entry.messageID);
    if (stored.has(entry.messageID)) reject(new Error('PERMISSION_DENIED: Permission denied'));
    else {
      stored.set(entry.messageID, entry);
      resolve();
    }
  };
  return {
    stored,
    writes,
    /** A write for the outbox of one page; a page can lose what it holds. */
    page() {
      let alive = true;
      return {
        write: (entry: ChatMessage) =>
          new Promise<void>((resolve, reject) => {
            const run = () => {
              if (alive) apply(entry, resolve, reject);
            };
            if (online) run();
            else held.push(run);
          }),
        isStored: async (id: string) => stored.has(id),
        close: () => {
          alive = false;
        },
      };
    },
    goOffline() {
      online = false;
    },
    goOnline() {
      online = true;
      const queue = held;
      held = [];
      for (const run of queue) run();
    },
    /** The server stores the write but the page never hears back (the tab closed meanwhile). */
    storeWithoutAck(entry: ChatMessage) {
      stored.set(entry.messageID, entry);
    },
  };
}

function open(
  storage: ReturnType<typeof memoryStorage>,
  page: ReturnType<ReturnType<typeof fakeDatabase>['page']>,
  onRefused: (message: ChatMessage) => void = () => {},
): Outbox {
  return createOutbox({
    storage,
    uid: ADMIN,
    groupId: GROUP,
    write: page.write,
    isStored: page.isStored,
    onRefused,
    logger: silentLogger,
  });
}

const ids = (outbox: Outbox) => outbox.getSnapshot().map((entry) => entry.messageID);
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the chat outbox', () => {
  it('shows a message as waiting until the database acknowledged it', async () => {
    const storage = memoryStorage();
    const database = fakeDatabase();
    database.goOffline();
    const outbox = open(storage, database.page());
    let delivered = false;
    const sent = outbox.send(message('-a')).then(() => (delivered = true));
    await settled();
    expect(ids(outbox)).toEqual(['-a']);
    expect(delivered).toBe(false);

    database.goOnline();
    await sent;
    expect(ids(outbox)).toEqual([]);
    expect([...database.stored.keys()]).toEqual(['-a']);
    expect(storage.getItem(outboxStorageKey(ADMIN))).toBeNull();
  });

  it('keeps waiting messages across a reload and sends each once, in order', async () => {
    const storage = memoryStorage();
    const database = fakeDatabase();
    database.goOffline();
    const before = database.page();
    const first = open(storage, before);
    void first.send(message('-a'));
    void first.send(message('-b'));
    await settled();
    before.close(); // the reload: whatever the page held in memory is gone

    const after = open(storage, database.page());
    expect(ids(after)).toEqual(['-a', '-b']);
    after.flush();
    void after.send(message('-c'));
    after.flush(); // a reconnect while they are on their way sends nothing twice
    database.goOnline();
    await settled();

    expect(database.writes).toEqual(['-a', '-b', '-c']);
    expect([...database.stored.keys()]).toEqual(['-a', '-b', '-c']);
    expect(ids(after)).toEqual([]);
    expect(waitingCount(storage, ADMIN, silentLogger)).toBe(0);
  });

  it('counts a message the database stored before the page heard back as sent, not again', async () => {
    const storage = memoryStorage();
    const database = fakeDatabase();
    database.goOffline();
    const before = database.page();
    void open(storage, before).send(message('-a'));
    await settled();
    // The server stored it, then the tab was closed before the acknowledgement arrived.
    database.storeWithoutAck(message('-a'));
    before.close();
    database.goOnline();

    const after = open(storage, database.page());
    after.flush();
    await settled();
    expect(database.stored.size).toBe(1);
    expect(ids(after)).toEqual([]);
  });

  it('gives a refused message back and stops keeping it', async () => {
    const storage = memoryStorage();
    const database = fakeDatabase();
    const refusing = {
      write: () => Promise.reject(new Error('PERMISSION_DENIED: Permission denied')),
      isStored: async () => false,
      close: () => {},
    };
    const outbox = open(storage, refusing);
    await expect(outbox.send(message('-a'))).rejects.toThrow(/PERMISSION_DENIED/);
    expect(ids(outbox)).toEqual([]);
    expect(database.stored.size).toBe(0);
    expect(waitingCount(storage, ADMIN, silentLogger)).toBe(0);
  });

  it('tells of a refused message an earlier page left, rather than dropping it unseen', async () => {
    const storage = memoryStorage();
    const database = fakeDatabase();
    database.goOffline();
    void open(storage, database.page()).send(message('-a', 'Left behind'));
    await settled();
    const refused: string[] = [];
    const after = open(
      storage,
      {
        write: () => Promise.reject(new Error('PERMISSION_DENIED: Permission denied')),
        isStored: async () => false,
        close: () => {},
      },
      (entry) => refused.push(entry.message),
    );
    after.flush();
    await settled();
    expect(refused).toEqual(['Left behind']);
    expect(ids(after)).toEqual([]);
  });

  it('keeps a refused message waiting while it cannot tell whether it was stored', async () => {
    const storage = memoryStorage();
    let checks = 0;
    let storedYet = false;
    const outbox = open(storage, {
      write: () => Promise.reject(new Error('PERMISSION_DENIED: Permission denied')),
      isStored: async () => {
        checks += 1;
        if (checks === 1) throw new Error('Client is offline');
        return storedYet;
      },
      close: () => {},
    });
    let delivered = false;
    void outbox.send(message('-a')).then(() => (delivered = true));
    await settled();
    expect(ids(outbox)).toEqual(['-a']);

    storedYet = true;
    outbox.flush();
    await settled();
    expect(delivered).toBe(true);
    expect(ids(outbox)).toEqual([]);
  });

  it('keeps each group apart and counts every waiting message for sign-out', async () => {
    const storage = memoryStorage();
    const database = fakeDatabase();
    database.goOffline();
    const page = database.page();
    void open(storage, page).send(message('-a'));
    void createOutbox({
      storage,
      uid: ADMIN,
      groupId: '13',
      write: page.write,
      isStored: page.isStored,
      onRefused: () => {},
      logger: silentLogger,
    }).send(textMessage({ sender, groupId: '13', messageId: '-b' }, 'other group'));
    await settled();
    expect(ids(open(storage, database.page()))).toEqual(['-a']);
    expect(waitingCount(storage, ADMIN, silentLogger)).toBe(2);
    expect(waitingCount(storage, 'someone-else', silentLogger)).toBe(0);
  });

  it('sets aside what it cannot read rather than sending it', () => {
    const storage = memoryStorage({
      [outboxStorageKey(ADMIN)]: JSON.stringify({ [GROUP]: [{ message: 'no key, no sender' }] }),
    });
    const outbox = open(storage, fakeDatabase().page());
    expect(ids(outbox)).toEqual([]);
    expect(waitingCount(storage, ADMIN, silentLogger)).toBe(0);
  });
});
