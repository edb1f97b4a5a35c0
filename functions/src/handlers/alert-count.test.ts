import { describe, expect, it } from 'vitest';
import { paths } from '../contracts/index.js';
import { MemoryDb } from '../testing/memory-db.js';
import { countAlert } from './alert-count.js';
import { CountClaimedError, type CountDeps } from './counted-once.js';

const TAKEOVER_MS = 540_000;
const NOW = 1_000_000;

const deps = (db: MemoryDb, invocation: string): CountDeps => ({
  db,
  now: () => NOW,
  invocation,
  takeoverMs: TAKEOVER_MS,
});

const count = (
  db: MemoryDb,
  alertId: string,
  change: 'created' | 'deleted',
  invocation = `run-${alertId}-${change}`,
) => countAlert({ alertId, change }, deps(db, invocation));

describe('counting the alerts of the history', () => {
  it('counts each created alert and takes each deleted one off', async () => {
    const db = new MemoryDb();
    await Promise.all(['a1', 'a2', 'a3'].map((id) => count(db, id, 'created')));
    expect(db.at(paths.alertCount())).toBe(3);
    await count(db, 'a2', 'deleted');
    expect(db.at(paths.alertCount())).toBe(2);
  });

  it('adds to the count in the same update as the mark', async () => {
    const db = new MemoryDb({ notificationsAlertCount: 99_999 });
    expect(await count(db, 'a1', 'created')).toBe(true);
    expect(db.updates.at(-1)).toEqual({
      [paths.alertCountMark('a1', 'created')]: true,
      [paths.alertCount()]: { '.sv': { increment: 1 } },
    });
    expect(db.at(paths.alertCount())).toBe(100_000);
  });

  it('counts a retried event once', async () => {
    const db = new MemoryDb();
    expect(await count(db, 'a1', 'created', 'first')).toBe(true);
    expect(await count(db, 'a1', 'created', 'second')).toBe(false);
    expect(await count(db, 'a1', 'deleted', 'first')).toBe(true);
    expect(await count(db, 'a1', 'deleted', 'second')).toBe(false);
    expect(db.at(paths.alertCount())).toBe(0);
  });

  it('nets a deletion counted before its creation out once the creation is counted', async () => {
    const db = new MemoryDb({ notificationsAlertCount: 5 });
    await count(db, 'a9', 'deleted');
    expect(db.at(paths.alertCount())).toBe(4);
    await count(db, 'a9', 'created');
    expect(db.at(paths.alertCount())).toBe(5);
  });

  it('leaves a change another invocation is counting to it, and retries', async () => {
    const mark = paths.alertCountMark('a1', 'created');
    const db = new MemoryDb({ notificationsAlertCount: 7 });
    await db.update({ [mark]: { by: 'other', at: NOW - TAKEOVER_MS + 1 } });
    await expect(count(db, 'a1', 'created', 'mine')).rejects.toThrow(CountClaimedError);
    expect(db.at(paths.alertCount())).toBe(7);
  });

  it('takes over the claim of an invocation stopped before it counted', async () => {
    const mark = paths.alertCountMark('a1', 'created');
    const db = new MemoryDb({ notificationsAlertCount: 7 });
    await db.update({ [mark]: { by: 'stopped', at: NOW - TAKEOVER_MS } });
    expect(await count(db, 'a1', 'created', 'mine')).toBe(true);
    expect(db.at(mark)).toBe(true);
    expect(db.at(paths.alertCount())).toBe(8);
  });
});
