import { describe, expect, it } from 'vitest';
import { paths } from '../../contracts/index.js';
import { countDeps, NOW } from '../../testing/count-deps.js';
import { MemoryDb } from '../../testing/memory-db.js';
import { backfillAlertCount } from './alert-count-backfill.js';
import { countAlert } from './alert-count.js';

const deps = (db: MemoryDb, invocation = 'backfill') => countDeps(db, invocation);

const history = (...ids: string[]) => Object.fromEntries(ids.map((id) => [id, { title: id }]));

describe('backfilling the alert count', () => {
  it('counts the history written before the counter', async () => {
    const db = new MemoryDb({ notificationsAlert: history('a1', 'a2', 'a3') });
    expect(await backfillAlertCount(deps(db))).toBe(3);
    expect(db.at(paths.alertCount())).toBe(3);
    expect(db.at(paths.alertCountMark('a2', 'created'))).toBe(true);
  });

  it('adds nothing for alerts the triggers already counted, or on a second run', async () => {
    const db = new MemoryDb({ notificationsAlert: history('old', 'new') });
    await countAlert({ alertId: 'new', change: 'created' }, deps(db, 'trigger'));
    expect(await backfillAlertCount(deps(db))).toBe(1);
    expect(await backfillAlertCount(deps(db))).toBe(0);
    expect(db.at(paths.alertCount())).toBe(2);
  });

  it('evens out an old alert deleted after the counter began', async () => {
    const db = new MemoryDb({ notificationsAlert: history('a1', 'a2') });
    await db.update({ 'notificationsAlert/a1': null });
    await countAlert({ alertId: 'a1', change: 'deleted' }, deps(db, 'trigger'));
    expect(db.at(paths.alertCount())).toBe(-1);
    await backfillAlertCount(deps(db));
    expect(db.at(paths.alertCount())).toBe(1);
  });

  it('leaves a creation a trigger is counting to that trigger', async () => {
    const mark = paths.alertCountMark('a1', 'created');
    const db = new MemoryDb({ notificationsAlert: history('a1', 'a2') });
    await db.update({ [mark]: { by: 'trigger', at: NOW - 1 } });
    expect(await backfillAlertCount(deps(db))).toBe(1);
    expect(db.at(mark)).toEqual({ by: 'trigger', at: NOW - 1 });
    expect(db.at(paths.alertCount())).toBe(1);
  });
});
