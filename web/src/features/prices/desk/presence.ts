import { deskPresenceSchema } from '@contracts/prices/price-desk';

/** Another admin with the desk open on a row. */
export interface Editor {
  uid: string;
  name: string;
}

/**
 * The other admins on a day's desk, as rows subscribe to them: each row reads its own editors,
 * and the list it gets stays the same array while they do, so a move re-renders only the rows
 * it leaves and enters, never the grid.
 */
export interface PresenceStore {
  subscribe: (listener: () => void) => () => void;
  editorsOf: (row: string) => readonly Editor[];
  /** The name an admin with the desk open goes by (undefined: not on the desk). */
  nameOf: (uid: string) => string | undefined;
  /** The day's entries as the database holds them; the own one and malformed ones are skipped. */
  receive: (value: unknown) => void;
}

const NONE: readonly Editor[] = [];

const sameEditors = (a: readonly Editor[], b: readonly Editor[]) =>
  a.length === b.length &&
  a.every((editor, at) => editor.uid === b[at]?.uid && editor.name === b[at]?.name);

export function createPresenceStore(self: string): PresenceStore {
  let byRow = new Map<string, readonly Editor[]>();
  let names = new Map<string, string>();
  const listeners = new Set<() => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    editorsOf: (row) => byRow.get(row) ?? NONE,
    nameOf: (uid) => names.get(uid),
    receive(value) {
      const entries = value !== null && typeof value === 'object' ? Object.entries(value) : [];
      const nextNames = new Map<string, string>();
      const grouped = new Map<string, Editor[]>();
      for (const [uid, raw] of entries.sort(([a], [b]) => a.localeCompare(b))) {
        const entry = deskPresenceSchema.safeParse(raw);
        if (uid === self || !entry.success) continue;
        nextNames.set(uid, entry.data.name);
        if (entry.data.row === undefined) continue;
        grouped.set(entry.data.row, [
          ...(grouped.get(entry.data.row) ?? []),
          { uid, name: entry.data.name },
        ]);
      }
      const next = new Map<string, readonly Editor[]>();
      for (const [row, editors] of grouped) {
        const before = byRow.get(row);
        next.set(row, before && sameEditors(before, editors) ? before : editors);
      }
      byRow = next;
      names = nextNames;
      for (const listener of listeners) listener();
    },
  };
}

export interface Timers {
  set(run: () => void, ms: number): number;
  clear(id: number): void;
}

/**
 * The row this admin edits, written at most once per `ms` (focus moves by keyboard come many a
 * second): the first change at once, the last of a burst when the window ends; a row equal to
 * the one last written is not written again.
 */
export function throttledRow(write: (row: string | null) => void, ms: number, timers: Timers) {
  let written: string | null = null;
  let wanted: string | null = null;
  let timer: number | undefined;
  const flush = () => {
    timer = undefined;
    if (wanted === written) return;
    written = wanted;
    write(wanted);
    timer = timers.set(flush, ms);
  };
  return {
    push(row: string | null) {
      wanted = row;
      if (timer === undefined) flush();
    },
    cancel() {
      if (timer !== undefined) timers.clear(timer);
      timer = undefined;
    },
  };
}
