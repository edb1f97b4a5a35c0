import { describe, expect, it } from 'vitest';
import { countDeps, NOW, TAKEOVER_MS } from '../../testing/count-deps.js';
import { MemoryDb } from '../../testing/memory-db.js';
import { CountClaimedError, countOnce, creationBackfill } from './counted-once.js';

const COUNT = 'count';
const mark = (id: string, change: 'created' | 'deleted') => `marks/${id}/${change}`;

const count = (
  db: MemoryDb,
  id: string,
  change: 'created' | 'deleted',
  invocation = `run-${id}-${change}`,
) => countOnce({ markPath: mark(id, change), countPath: COUNT, change }, countDeps(db, invocation));

describe('countOnce', () => {
  it('counts a redelivered event once', async () => {
    const db = new MemoryDb();
    expect(await count(db, 'a1', 'created', 'first')).toBe(true);
    expect(await count(db, 'a1', 'created', 'second')).toBe(false);
    expect(await count(db, 'a1', 'deleted', 'first')).toBe(true);
    expect(await count(db, 'a1', 'deleted', 'second')).toBe(false);
    expect(db.at(COUNT)).toBe(0);
  });

  it('nets a deletion counted before its creation out once the creation is counted', async () => {
    const db = new MemoryDb({ count: 5 });
    await count(db, 'a9', 'deleted');
    expect(db.at(COUNT)).toBe(4);
    await count(db, 'a9', 'created');
    expect(db.at(COUNT)).toBe(5);
  });

  it('leaves a change another invocation is counting to it, naming the mark and holder', async () => {
    const db = new MemoryDb({ count: 7 });
    await db.update({ [mark('a1', 'created')]: { by: 'other', at: NOW - TAKEOVER_MS + 1 } });
    const attempt = count(db, 'a1', 'created', 'mine');
    await expect(attempt).rejects.toThrow(CountClaimedError);
    await expect(attempt).rejects.toThrow(`${mark('a1', 'created')} is being counted by other`);
    expect(db.at(mark('a1', 'created'))).toEqual({ by: 'other', at: NOW - TAKEOVER_MS + 1 });
    expect(db.at(COUNT)).toBe(7);
  });

  it('takes over the claim of an invocation stopped before it counted', async () => {
    const db = new MemoryDb({ count: 7 });
    await db.update({ [mark('a1', 'created')]: { by: 'stopped', at: NOW - TAKEOVER_MS } });
    expect(await count(db, 'a1', 'created', 'mine')).toBe(true);
    expect(db.at(mark('a1', 'created'))).toBe(true);
    expect(db.at(COUNT)).toBe(8);
  });
});

describe('creationBackfill', () => {
  it('counts the creations not counted yet, and leaves one being counted to its holder', async () => {
    const db = new MemoryDb();
    await count(db, 'done', 'created', 'trigger');
    await db.update({ [mark('busy', 'created')]: { by: 'trigger', at: NOW - 1 } });
    const backfill = creationBackfill(countDeps(db, 'backfill'));
    for (const id of ['old', 'done', 'busy'])
      await backfill.count({ markPath: mark(id, 'created'), countPath: COUNT });
    expect(backfill.counted()).toBe(1);
    expect(db.at(COUNT)).toBe(2);
  });

  it('stops on any other failure', async () => {
    class OfflineDb extends MemoryDb {
      override transaction(): never {
        throw new Error('offline');
      }
    }
    const backfill = creationBackfill(countDeps(new OfflineDb(), 'backfill'));
    await expect(
      backfill.count({ markPath: mark('a', 'created'), countPath: COUNT }),
    ).rejects.toThrow('offline');
  });
});
