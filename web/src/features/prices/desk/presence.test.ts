import { describe, expect, it } from 'vitest';
import { createPresenceStore, throttledRow, type Timers } from './presence';

const ME = '1';

describe('the other admins on the desk', () => {
  it('shows each other admin on the row of their focused cell, never the admin themselves', () => {
    const store = createPresenceStore(ME);
    store.receive({
      '1': { name: 'Ada Admin', row: '5:1', updatedAt: 1 },
      '2': { name: 'Bea Admin', row: '5:1', updatedAt: 1 },
      '3': { name: 'Cy Admin', row: '5:2', updatedAt: 1 },
      '4': { name: 'Di Admin', updatedAt: 1 },
    });
    expect(store.editorsOf('5:1')).toEqual([{ uid: '2', name: 'Bea Admin' }]);
    expect(store.editorsOf('5:2')).toEqual([{ uid: '3', name: 'Cy Admin' }]);
    expect(store.editorsOf('6:1')).toEqual([]);
    // On the desk without a focused cell: named (for the conflict dialog), on no row.
    expect(store.nameOf('4')).toBe('Di Admin');
    expect(store.nameOf(ME)).toBeUndefined();
  });

  it('skips an entry of another shape', () => {
    const store = createPresenceStore(ME);
    store.receive({ '2': { name: 'Bea Admin', row: '../admin', updatedAt: 1 }, '3': 'Cy' });
    expect(store.editorsOf('../admin')).toEqual([]);
    expect(store.nameOf('3')).toBeUndefined();
  });

  it('keeps a row’s list the same while its editors stay, so only rows with a move re-render', () => {
    const store = createPresenceStore(ME);
    store.receive({
      '2': { name: 'Bea Admin', row: '5:1', updatedAt: 1 },
      '3': { name: 'Cy Admin', row: '5:2', updatedAt: 1 },
    });
    const stayed = store.editorsOf('5:1');
    store.receive({
      '2': { name: 'Bea Admin', row: '5:1', updatedAt: 2 },
      '3': { name: 'Cy Admin', row: '5:3', updatedAt: 2 },
    });
    expect(store.editorsOf('5:1')).toBe(stayed);
    expect(store.editorsOf('5:2')).toEqual([]);
    expect(store.editorsOf('5:3')).toEqual([{ uid: '3', name: 'Cy Admin' }]);
  });

  it('tells its subscribers of each change, and forgets everyone when the day closes', () => {
    const store = createPresenceStore(ME);
    let told = 0;
    const stop = store.subscribe(() => told++);
    store.receive({ '2': { name: 'Bea Admin', row: '5:1', updatedAt: 1 } });
    store.receive(null);
    expect(told).toBe(2);
    expect(store.editorsOf('5:1')).toEqual([]);
    stop();
    store.receive({ '2': { name: 'Bea Admin', row: '5:1', updatedAt: 1 } });
    expect(told).toBe(2);
  });
});

/** Timers run by hand: `due()` runs what is waiting, as the window ending would. */
function manualTimers(): Timers & { due(): void } {
  const waiting = new Map<number, () => void>();
  let next = 0;
  return {
    set(run) {
      next += 1;
      waiting.set(next, run);
      return next;
    },
    clear: (id) => void waiting.delete(id),
    due() {
      const runs = [...waiting.values()];
      waiting.clear();
      for (const run of runs) run();
    },
  };
}

describe('the writes of the focused row', () => {
  it('writes the first move at once and only the last of a burst after it', () => {
    const timers = manualTimers();
    const written: (string | null)[] = [];
    const rows = throttledRow((row) => written.push(row), 500, timers);
    rows.push('5:1');
    rows.push('5:2');
    rows.push('5:3');
    expect(written).toEqual(['5:1']);
    timers.due();
    expect(written).toEqual(['5:1', '5:3']);
    timers.due();
    rows.push(null);
    expect(written).toEqual(['5:1', '5:3', null]);
  });

  it('does not write a row again that is already written', () => {
    const timers = manualTimers();
    const written: (string | null)[] = [];
    const rows = throttledRow((row) => written.push(row), 500, timers);
    rows.push('5:1');
    rows.push('5:2');
    rows.push('5:1');
    timers.due();
    expect(written).toEqual(['5:1']);
  });

  it('writes nothing more once cancelled (the desk closed)', () => {
    const timers = manualTimers();
    const written: (string | null)[] = [];
    const rows = throttledRow((row) => written.push(row), 500, timers);
    rows.push('5:1');
    rows.push('5:2');
    rows.cancel();
    timers.due();
    expect(written).toEqual(['5:1']);
  });
});
