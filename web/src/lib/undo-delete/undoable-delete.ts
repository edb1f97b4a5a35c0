/**
 * Undoable deletes: the row leaves the list at once and the request waits out the Undo window.
 * Pure: the timer and the request are handed in, so tests drive time themselves.
 */

export interface UndoTimer {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

/** One delete, as the screen sees it. */
export interface DeleteJob {
  /** Takes the row out of the list (called once, at once). */
  hide(): void;
  /** Puts the row back where it was (Undo, or a failed request). */
  restore(): void;
  /** Sends the request; `keepalive` when the page is going away. */
  send(keepalive: boolean): Promise<unknown>;
  /** The server agreed. */
  committed(): void;
  /** The server refused or could not be reached; the row is back already. */
  failed(error: unknown): void;
}

export interface PendingDelete {
  /** Puts the row back and drops the request; false once it was sent. */
  undo(): boolean;
  /** Sends the request now rather than at the end of the window. */
  commit(): void;
}

export interface DeleteScheduler {
  schedule(job: DeleteJob): PendingDelete;
  /** Sends every waiting request now (the page, session or screen is being left). */
  flush(keepalive: boolean): void;
}

export function createDeleteScheduler(timer: UndoTimer, windowMs: number): DeleteScheduler {
  const waiting = new Set<(keepalive: boolean) => void>();

  function schedule(job: DeleteJob): PendingDelete {
    let settled = false;
    const take = () => {
      if (settled) return false;
      settled = true;
      timer.clear(handle);
      waiting.delete(sendWith);
      return true;
    };
    const sendWith = (keepalive: boolean) => {
      if (!take()) return;
      job.send(keepalive).then(
        () => job.committed(),
        (error: unknown) => {
          job.restore();
          job.failed(error);
        },
      );
    };
    job.hide();
    const handle = timer.set(() => sendWith(false), windowMs);
    waiting.add(sendWith);
    return {
      undo() {
        if (!take()) return false;
        job.restore();
        return true;
      },
      commit: () => sendWith(false),
    };
  }

  return {
    schedule,
    flush(keepalive) {
      for (const send of [...waiting]) send(keepalive);
    },
  };
}

/** Where a row stood, to put it back between the same neighbours. */
export interface RowPlace {
  index: number;
  before: number | undefined;
  after: number | undefined;
}

interface WithId {
  id: number;
}

/** The list without the row, and where it stood (undefined when it was not there). */
export function takeRow<T extends WithId>(
  rows: readonly T[],
  id: number,
): { rows: T[]; row: T; place: RowPlace } | undefined {
  const index = rows.findIndex((row) => row.id === id);
  const row = rows[index];
  if (row === undefined) return undefined;
  return {
    rows: [...rows.slice(0, index), ...rows.slice(index + 1)],
    row,
    place: { index, before: rows[index - 1]?.id, after: rows[index + 1]?.id },
  };
}

/**
 * The list with the row back: after its old predecessor, else before its old successor, else
 * at its old index. Several rows undone in any order so find their places again.
 */
export function putRowBack<T extends WithId>(rows: readonly T[], row: T, place: RowPlace): T[] {
  if (rows.some((other) => other.id === row.id)) return [...rows];
  const at = (index: number) => [...rows.slice(0, index), row, ...rows.slice(index)];
  const previous = rows.findIndex((other) => other.id === place.before);
  if (previous !== -1) return at(previous + 1);
  const next = rows.findIndex((other) => other.id === place.after);
  if (next !== -1) return at(next);
  return at(Math.min(place.index, rows.length));
}
