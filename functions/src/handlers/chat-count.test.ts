import { describe, expect, it } from 'vitest';
import { paths } from '../contracts/index.js';
import { MemoryDb } from '../testing/memory-db.js';
import { countChatMessage } from './chat-count.js';
import { CountClaimedError, type CountDeps } from './counted-once.js';

const TAKEOVER_MS = 540_000;
const NOW = 1_000_000;

const deps = (db: MemoryDb, invocation: string, now = NOW): CountDeps => ({
  db,
  now: () => now,
  invocation,
  takeoverMs: TAKEOVER_MS,
});

const count = (
  db: MemoryDb,
  messageId: string,
  change: 'created' | 'deleted',
  invocation = `run-${messageId}-${change}`,
) => countChatMessage({ groupId: 'g1', messageId, change }, deps(db, invocation));

describe('counting chat messages', () => {
  it('counts each created message and takes each deleted one off', async () => {
    const db = new MemoryDb();
    await Promise.all(['m1', 'm2', 'm3'].map((id) => count(db, id, 'created')));
    expect(db.at(paths.groupChatCount('g1'))).toBe(3);
    await count(db, 'm2', 'deleted');
    expect(db.at(paths.groupChatCount('g1'))).toBe(2);
    expect(db.at(paths.groupChatCount('g2'))).toBeUndefined();
  });

  it('adds to a count kept alongside, in the same update as the mark', async () => {
    const db = new MemoryDb({ groupChatCounts: { g1: 41 } });
    expect(await count(db, 'm1', 'created')).toBe(true);
    expect(db.updates.at(-1)).toEqual({
      [paths.chatCountMark('g1', 'm1', 'created')]: true,
      [paths.groupChatCount('g1')]: { '.sv': { increment: 1 } },
    });
    expect(db.at(paths.groupChatCount('g1'))).toBe(42);
  });

  it('counts a redelivered event once', async () => {
    const db = new MemoryDb();
    expect(await count(db, 'm1', 'created', 'first')).toBe(true);
    expect(await count(db, 'm1', 'created', 'second')).toBe(false);
    expect(await count(db, 'm1', 'deleted', 'first')).toBe(true);
    expect(await count(db, 'm1', 'deleted', 'second')).toBe(false);
    expect(db.at(paths.groupChatCount('g1'))).toBe(0);
  });

  it('nets a deletion counted before its creation out once the creation is counted', async () => {
    const db = new MemoryDb({ groupChatCounts: { g1: 5 } });
    await count(db, 'm9', 'deleted');
    expect(db.at(paths.groupChatCount('g1'))).toBe(4);
    await count(db, 'm9', 'created');
    expect(db.at(paths.groupChatCount('g1'))).toBe(5);
  });

  it('leaves a change another invocation is counting to it, and retries', async () => {
    const mark = paths.chatCountMark('g1', 'm1', 'created');
    const db = new MemoryDb({ groupChatCounts: { g1: 7 } });
    await db.update({ [mark]: { by: 'other', at: NOW - TAKEOVER_MS + 1 } });
    await expect(count(db, 'm1', 'created', 'mine')).rejects.toThrow(CountClaimedError);
    expect(db.at(mark)).toEqual({ by: 'other', at: NOW - TAKEOVER_MS + 1 });
    expect(db.at(paths.groupChatCount('g1'))).toBe(7);
  });

  it('takes over the claim of an invocation stopped before it counted', async () => {
    const mark = paths.chatCountMark('g1', 'm1', 'created');
    const db = new MemoryDb({ groupChatCounts: { g1: 7 } });
    await db.update({ [mark]: { by: 'stopped', at: NOW - TAKEOVER_MS } });
    expect(await count(db, 'm1', 'created', 'mine')).toBe(true);
    expect(db.at(mark)).toBe(true);
    expect(db.at(paths.groupChatCount('g1'))).toBe(8);
  });
});
