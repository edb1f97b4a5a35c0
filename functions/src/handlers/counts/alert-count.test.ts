import { describe, expect, it } from 'vitest';
import { paths } from '../../contracts/index.js';
import { countDeps } from '../../testing/count-deps.js';
import { MemoryDb } from '../../testing/memory-db.js';
import { countAlert } from './alert-count.js';

const count = (
  db: MemoryDb,
  alertId: string,
  change: 'created' | 'deleted',
  invocation = `run-${alertId}-${change}`,
) => countAlert({ alertId, change }, countDeps(db, invocation));

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
});
