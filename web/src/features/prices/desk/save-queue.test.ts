import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/api-client';
import { deskRow, setCell, type DeskRow } from './grid';
import { runPool } from '@/lib/pool';
import { saveChanged, type RowOutcome } from './save-queue';

function deferred() {
  let resolve = () => {};
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('the save queue', () => {
  it('keeps at most the limit under way, starting the next as one settles', async () => {
    const gates = Array.from({ length: 6 }, deferred);
    const started: number[] = [];
    const done = runPool([0, 1, 2, 3, 4, 5], 4, async (item) => {
      started.push(item);
      await gates[item]?.promise;
    });
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2, 3]);
    gates[2]?.resolve();
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual([0, 1, 2, 3, 4]);
    gates.forEach((gate) => gate.resolve());
    await done;
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('saves only changed rows, and saving again retries only those that failed', async () => {
    let rows: DeskRow[] = [1, 2, 3].map((id) => deskRow(id, 1, null, null));
    rows = setCell(rows, 0, 'regular', '3');
    rows = setCell(rows, 2, 'regular', '4');
    const sent: string[] = [];
    const outcomes = new Map<string, RowOutcome>();
    const deps = (failing: Set<string>) => ({
      save: (row: DeskRow) => {
        sent.push(row.key);
        return failing.has(row.key)
          ? Promise.reject(new Error('refused'))
          : Promise.resolve(row.values);
      },
      reasons: (error: unknown) => [(error as Error).message],
      report: (key: string, outcome: RowOutcome, stored?: DeskRow['values']) => {
        outcomes.set(key, outcome);
        if (stored) rows = rows.map((r) => (r.key === key ? { ...r, loaded: stored } : r));
      },
    });
    await saveChanged(rows, deps(new Set(['3:1'])));
    expect(sent).toEqual(['1:1', '3:1']);
    expect(outcomes.get('1:1')).toEqual({ state: 'saved' });
    expect(outcomes.get('3:1')).toEqual({ state: 'failed', lines: ['refused'] });
    expect(rows[2]?.values.regular).toBe('4');

    sent.length = 0;
    await saveChanged(rows, deps(new Set()));
    expect(sent).toEqual(['3:1']);
    expect(outcomes.get('3:1')).toEqual({ state: 'saved' });
  });

  it('reports a row the server held for a second admin as held, not failed', async () => {
    const rows = setCell([deskRow(1, 1, null, null)], 0, 'regular', '30');
    const held = new ApiError(
      'held',
      ['Held.'],
      202,
      undefined,
      {},
      {
        id: 'req-1',
        reason: 'priceWarnings',
      },
    );
    const reports: [string, RowOutcome, DeskRow['values'] | undefined][] = [];
    await saveChanged(rows, {
      save: () => Promise.reject(held),
      reasons: () => ['not asked'],
      report: (key, outcome, stored) => reports.push([key, outcome, stored]),
    });
    expect(reports).toEqual([
      ['1:1', { state: 'saving' }, undefined],
      ['1:1', { state: 'held' }, undefined],
    ]);
  });
});
