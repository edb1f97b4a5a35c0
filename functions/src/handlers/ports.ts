/**
 * What the handlers need from the outside world. Production wiring passes firebase-admin and
 * firebase-functions/logger through these; tests pass in-memory fakes.
 */

export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** The few Realtime Database operations the handlers use; paths have no leading slash. */
export interface Db {
  /** The value at `path`, or null when there is none. */
  get(path: string): Promise<unknown>;
  /** One atomic multi-path update; a null value removes that path, `increment` adds to one. */
  update(values: Record<string, unknown>): Promise<void>;
  /** A new chronological push id under `path` (generated locally, nothing is written). */
  pushKey(path: string): string;
  /**
   * Up to `limit` children of `path` in the database's key order, starting after the key
   * `after` (from the first child when it is absent): a read whose size the caller bounds.
   */
  page(path: string, options: { after?: string; limit: number }): Promise<[string, unknown][]>;
  /**
   * Compare-and-set on one path: `change` gets the value there (null when none) and returns the
   * value to write, or undefined to leave it. When another write got there first, `change` runs
   * again with the newer value, so it must be pure. Resolves with whether it wrote and the value
   * the path holds afterwards.
   */
  transaction(
    path: string,
    change: (current: unknown) => unknown,
  ): Promise<{ committed: boolean; value: unknown }>;
}

export type Clock = () => number;

/**
 * An update value that adds `delta` to the number at its path in the database itself, so
 * concurrent increments all land: the wire form of firebase-admin's `ServerValue.increment`.
 */
export const increment = (delta: number) => ({ '.sv': { increment: delta } });

/**
 * The children of a database value as a record. The Realtime Database hands back an object
 * whose keys are mostly small integers (user ids!) as an array with holes; this undoes that.
 */
export function childrenOf(value: unknown): Record<string, unknown> {
  if (Array.isArray(value)) {
    const record: Record<string, unknown> = {};
    value.forEach((child: unknown, index) => {
      if (child !== null && child !== undefined) record[String(index)] = child;
    });
    return record;
  }
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

/**
 * The children of `path` (after the key `from`, when given), read `pageSize` at a time in key
 * order: what one read holds is bounded by the page, however many children the node has.
 */
export async function* childPages(
  db: Db,
  path: string,
  pageSize: number,
  from?: string,
): AsyncGenerator<[string, unknown][]> {
  let after = from;
  for (;;) {
    const page = await db.page(
      path,
      after === undefined ? { limit: pageSize } : { after, limit: pageSize },
    );
    if (page.length > 0) yield page;
    if (page.length < pageSize) return;
    after = page[page.length - 1]?.[0];
  }
}
