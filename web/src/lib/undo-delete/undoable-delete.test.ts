import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createDeleteScheduler,
  putRowBack,
  takeRow,
  type DeleteJob,
  type RowPlace,
} from './undoable-delete';

const WINDOW_MS = 5000;

interface Row {
  id: number;
  name: string;
}

/** A list on screen and a fake server, with a job that deletes one row of it. */
function setUp(answer: () => Promise<unknown> = () => Promise.resolve(null)) {
  let list: Row[] = [
    { id: 1, name: 'Ann' },
    { id: 2, name: 'Bob' },
    { id: 3, name: 'Cy' },
    { id: 4, name: 'Dee' },
  ];
  const sent: { id: number; keepalive: boolean }[] = [];
  const committed: number[] = [];
  const failures: unknown[] = [];
  const scheduler = createDeleteScheduler(
    {
      set: (run, ms) => setTimeout(run, ms),
      clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    },
    WINDOW_MS,
  );
  const job = (id: number): DeleteJob => {
    let taken: { row: Row; place: RowPlace } | undefined;
    return {
      hide() {
        const result = takeRow(list, id);
        if (!result) return;
        taken = result;
        list = result.rows;
      },
      restore() {
        if (taken) list = putRowBack(list, taken.row, taken.place);
      },
      send(keepalive) {
        sent.push({ id, keepalive });
        return answer();
      },
      committed: () => committed.push(id),
      failed: (error) => failures.push(error),
    };
  };
  return {
    names: () => list.map((row) => row.name),
    remove: (id: number) => scheduler.schedule(job(id)),
    scheduler,
    sent,
    committed,
    failures,
  };
}

describe('undoable deletes', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('takes the row out at once and sends nothing until the window ends', async () => {
    const app = setUp();
    app.remove(2);
    expect(app.names()).toEqual(['Ann', 'Cy', 'Dee']);
    await vi.advanceTimersByTimeAsync(WINDOW_MS - 1);
    expect(app.sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(app.sent).toEqual([{ id: 2, keepalive: false }]);
    expect(app.committed).toEqual([2]);
    expect(app.names()).toEqual(['Ann', 'Cy', 'Dee']);
  });

  it('puts the row back where it was on Undo and never sends the request', async () => {
    const app = setUp();
    const pending = app.remove(3);
    expect(pending.undo()).toBe(true);
    expect(app.names()).toEqual(['Ann', 'Bob', 'Cy', 'Dee']);
    await vi.runAllTimersAsync();
    expect(app.sent).toEqual([]);
  });

  it('cannot undo once the request has gone', async () => {
    const app = setUp();
    const pending = app.remove(3);
    await vi.advanceTimersByTimeAsync(WINDOW_MS);
    expect(pending.undo()).toBe(false);
    expect(app.names()).toEqual(['Ann', 'Bob', 'Dee']);
  });

  it('puts the row back and reports the error when the server refuses', async () => {
    const refusal = new Error('User has open complaints');
    const app = setUp(() => Promise.reject(refusal));
    app.remove(1);
    expect(app.names()).toEqual(['Bob', 'Cy', 'Dee']);
    await vi.advanceTimersByTimeAsync(WINDOW_MS);
    expect(app.names()).toEqual(['Ann', 'Bob', 'Cy', 'Dee']);
    expect(app.failures).toEqual([refusal]);
    expect(app.committed).toEqual([]);
  });

  it('sends every waiting delete at once with keepalive when the page is left', async () => {
    const app = setUp();
    app.remove(1);
    app.remove(4);
    app.scheduler.flush(true);
    expect(app.sent).toEqual([
      { id: 1, keepalive: true },
      { id: 4, keepalive: true },
    ]);
    await vi.runAllTimersAsync();
    expect(app.sent).toHaveLength(2);
    expect(app.committed).toEqual([1, 4]);
  });

  it('sends a delete at once when its toast is closed', async () => {
    const app = setUp();
    app.remove(2).commit();
    expect(app.sent).toEqual([{ id: 2, keepalive: false }]);
    await vi.runAllTimersAsync();
    expect(app.sent).toHaveLength(1);
  });

  it('keeps several deletes apart: each has its own window and its own Undo', async () => {
    const app = setUp();
    app.remove(1);
    await vi.advanceTimersByTimeAsync(2000);
    const second = app.remove(3);
    await vi.advanceTimersByTimeAsync(WINDOW_MS - 2000);
    expect(app.sent).toEqual([{ id: 1, keepalive: false }]);
    second.undo();
    await vi.runAllTimersAsync();
    expect(app.sent).toEqual([{ id: 1, keepalive: false }]);
    expect(app.names()).toEqual(['Bob', 'Cy', 'Dee']);
  });

  it.each(['first', 'last'])(
    'puts two rows back in their old places, the %s one undone first',
    (first) => {
      const app = setUp();
      const ann = app.remove(1);
      const cy = app.remove(3);
      expect(app.names()).toEqual(['Bob', 'Dee']);
      const order = first === 'first' ? [ann, cy] : [cy, ann];
      for (const pending of order) pending.undo();
      expect(app.names()).toEqual(['Ann', 'Bob', 'Cy', 'Dee']);
    },
  );

  it('does nothing to a list that no longer holds the row', () => {
    expect(takeRow([{ id: 1 }], 9)).toBeUndefined();
    expect(
      putRowBack([{ id: 1 }], { id: 1 }, { index: 0, before: undefined, after: undefined }),
    ).toEqual([{ id: 1 }]);
  });
});
