/**
 * The unmodified firebase@12 web SDK (connectDatabaseEmulator) against the database: every
 * call the product makes, observed from a second client so nothing is only the SDK's local
 * cache answering.
 */
import { isDeepStrictEqual } from 'node:util';
import {
  endBefore,
  get,
  goOffline,
  limitToLast,
  onChildAdded,
  onChildRemoved,
  onDisconnect,
  onValue,
  orderByChild,
  push,
  query,
  ref,
  remove,
  runTransaction,
  serverTimestamp,
  set,
  update,
  type DataSnapshot,
} from 'firebase/database';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventually, startDatabase, type TestDatabase } from './support.js';

const OPEN = { rules: { '.read': true, '.write': true } };

let db: TestDatabase;
beforeEach(async () => {
  db = await startDatabase(OPEN);
});
afterEach(async () => {
  await db.close();
});

function message(timeStamp: number, text: string) {
  return { senderUID: 'u1', message: text, type: 'message', timeStamp };
}

function keysOf(snapshot: DataSnapshot): string[] {
  const keys: string[] = [];
  snapshot.forEach((child) => {
    keys.push(child.key ?? '');
  });
  return keys;
}

describe('web SDK', () => {
  it('onValue receives the current value, then every change another client makes', async () => {
    const reader = db.client();
    const writer = db.client();
    await set(ref(writer, 'admin'), { name: 'Ada', lastLogin: 1 });
    const seen: unknown[] = [];
    onValue(ref(reader, 'admin'), (snap) => seen.push(snap.val()));
    await eventually(() => (seen.length === 1 ? true : undefined), 'the first value');
    expect(seen[0]).toEqual({ name: 'Ada', lastLogin: 1 });

    await set(ref(writer, 'admin/lastLogin'), 2);
    await eventually(() => (seen.length === 2 ? true : undefined), 'the change');
    expect(seen[1]).toEqual({ name: 'Ada', lastLogin: 2 });

    await remove(ref(writer, 'admin'));
    await eventually(() => (seen.length === 3 ? true : undefined), 'the removal');
    expect(seen[2]).toBeNull();
  });

  it('onChildAdded and onChildRemoved follow pushes and removals', async () => {
    const reader = db.client();
    const writer = db.client();
    const added: string[] = [];
    const removed: string[] = [];
    const chat = ref(reader, 'groups/g1/groupChat');
    onChildAdded(chat, (snap) => added.push(snap.val().message));
    onChildRemoved(chat, (snap) => removed.push(snap.val().message));

    const first = await push(ref(writer, 'groups/g1/groupChat'), message(1, 'hello'));
    await push(ref(writer, 'groups/g1/groupChat'), message(2, 'world'));
    await eventually(() => (added.length === 2 ? true : undefined), 'two children added');
    expect(added).toEqual(['hello', 'world']);

    await remove(first);
    await eventually(() => (removed.length === 1 ? true : undefined), 'a child removed');
    expect(removed).toEqual(['hello']);
  });

  it('orderByChild + limitToLast keeps the window: new children enter, a removed one lets the next in', async () => {
    const writer = db.client();
    const reader = db.client();
    await set(ref(writer, 'chat'), {
      a: message(10, 'a'),
      b: message(20, 'b'),
      c: message(30, 'c'),
      d: message(40, 'd'),
    });
    let window: string[] = [];
    let events = 0;
    onValue(query(ref(reader, 'chat'), orderByChild('timeStamp'), limitToLast(2)), (snap) => {
      window = keysOf(snap);
      events++;
    });
    await eventually(() => (events > 0 ? true : undefined), 'the first window');
    expect(window).toEqual(['c', 'd']);

    await set(ref(writer, 'chat/e'), message(50, 'e'));
    await eventually(() => (window.includes('e') ? true : undefined), 'the newest message');
    expect(window).toEqual(['d', 'e']);

    // An older message edited to sort last moves into the window.
    await set(ref(writer, 'chat/a/timeStamp'), 60);
    await eventually(() => (window.includes('a') ? true : undefined), 'the re-sorted message');
    expect(window).toEqual(['e', 'a']);

    // Removing one from the window brings back the next one, which the client never had.
    await remove(ref(writer, 'chat/e'));
    await eventually(() => (window.includes('d') ? true : undefined), 'the next message back in');
    expect(window).toEqual(['d', 'a']);
  });

  it('endBefore pages to older messages', async () => {
    const writer = db.client();
    const reader = db.client();
    const chat: Record<string, unknown> = {};
    for (let i = 1; i <= 6; i++) chat[`m${i}`] = message(i * 100, `m${i}`);
    await set(ref(writer, 'chat'), chat);
    const page = await get(
      query(ref(reader, 'chat'), orderByChild('timeStamp'), endBefore(400), limitToLast(2)),
    );
    expect(keysOf(page)).toEqual(['m2', 'm3']);
    const first = await get(
      query(ref(reader, 'chat'), orderByChild('timeStamp'), endBefore(200), limitToLast(2)),
    );
    expect(keysOf(first)).toEqual(['m1']);
  });

  it('get() answers from the server, with and without a query, and for missing data', async () => {
    const writer = db.client();
    await set(ref(writer, 'users'), {
      u1: { name: 'Zed' },
      u2: { name: 'Amy' },
      u3: { name: 'Bob' },
    });
    const reader = db.client();
    const all = await get(ref(reader, 'users'));
    expect(all.val()).toEqual({ u1: { name: 'Zed' }, u2: { name: 'Amy' }, u3: { name: 'Bob' } });
    const firstByName = await get(
      query(ref(reader, 'users'), orderByChild('name'), limitToLast(1)),
    );
    expect(firstByName.val()).toEqual({ u1: { name: 'Zed' } });
    const missing = await get(ref(reader, 'nothing/here'));
    expect(missing.exists()).toBe(false);
  });

  it('set, multi-path update, push and remove are seen by another client, the update at once', async () => {
    const writer = db.client();
    const reader = db.client();
    const roots: unknown[] = [];
    onValue(ref(reader, 'groups'), (snap) => roots.push(snap.val()));
    await eventually(() => (roots.length === 1 ? true : undefined), 'the empty value');

    await set(ref(writer, 'groups/g1/members/u1'), true);
    const key = push(ref(writer, 'groups/g1/groupChat')).key as string;
    await update(ref(writer), {
      [`groups/g1/groupChat/${key}`]: message(1, 'pushed'),
      'groups/g1/members/u2': true,
      'groups/g2/members/u3': true,
    });
    const afterUpdate = {
      g1: { members: { u1: true, u2: true }, groupChat: { [key]: message(1, 'pushed') } },
      g2: { members: { u3: true } },
    };
    await eventually(
      () => (roots.some((v) => isDeepStrictEqual(v, afterUpdate)) ? true : undefined),
      'the update',
    );
    // One event for the three paths: no value in between shows part of the update.
    expect(roots).toEqual([null, { g1: { members: { u1: true } } }, afterUpdate]);

    await remove(ref(writer, 'groups/g1'));
    const fresh = db.client();
    expect((await get(ref(fresh, 'groups'))).val()).toEqual({ g2: { members: { u3: true } } });
  });

  it('serverTimestamp() becomes the server time', async () => {
    const writer = db.client();
    const before = Date.now();
    await set(ref(writer, 'admin/lastLogin'), serverTimestamp());
    const after = Date.now();
    const stored = (await get(ref(db.client(), 'admin/lastLogin'))).val();
    expect(typeof stored).toBe('number');
    expect(stored).toBeGreaterThanOrEqual(before - 1000);
    expect(stored).toBeLessThanOrEqual(after + 1000);
  });

  it('runTransaction: two clients incrementing the same counter lose no update', async () => {
    const a = db.client();
    const b = db.client();
    const increments = 15;
    const run = (client: typeof a) =>
      Promise.all(
        Array.from({ length: increments }, () =>
          runTransaction(ref(client, 'counters/sent'), (value: number | null) => (value ?? 0) + 1),
        ),
      );
    const [resultsA, resultsB] = await Promise.all([run(a), run(b)]);
    expect([...resultsA, ...resultsB].every((r) => r.committed)).toBe(true);
    expect((await get(ref(db.client(), 'counters/sent'))).val()).toBe(2 * increments);
  });

  it('runTransaction aborts when the update function returns undefined', async () => {
    const client = db.client();
    await set(ref(client, 'admin/name'), 'Ada');
    const result = await runTransaction(ref(client, 'admin/name'), () => undefined);
    expect(result.committed).toBe(false);
    expect((await get(ref(db.client(), 'admin/name'))).val()).toBe('Ada');
  });

  it('onDisconnect writes run when the client goes away, cancelled ones do not', async () => {
    const leaving = db.client();
    const watcher = db.client();
    await set(ref(leaving, 'presence/u1'), { online: true });
    await set(ref(leaving, 'presence/u2'), 'here');
    await onDisconnect(ref(leaving, 'presence/u1')).update({
      online: false,
      lastSeen: serverTimestamp(),
    });
    await onDisconnect(ref(leaving, 'presence/u2')).remove();
    await onDisconnect(ref(leaving, 'presence/u3')).set('should not appear');
    await onDisconnect(ref(leaving, 'presence/u3')).cancel();

    const seen: unknown[] = [];
    onValue(ref(watcher, 'presence'), (snap) => seen.push(snap.val()));
    goOffline(leaving);
    const last = await eventually(() => {
      const value = seen.at(-1) as { u1?: { online: boolean; lastSeen?: number } } | undefined;
      return value?.u1?.online === false ? value : undefined;
    }, 'the onDisconnect writes');
    expect(Object.keys(last)).toEqual(['u1']);
    expect(typeof last.u1?.lastSeen).toBe('number');
  });
});
