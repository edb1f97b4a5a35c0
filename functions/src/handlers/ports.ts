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
  /** One atomic multi-path update; a null value removes that path. */
  update(values: Record<string, unknown>): Promise<void>;
  /** A new chronological push id under `path` (generated locally, nothing is written). */
  pushKey(path: string): string;
}

export type Clock = () => number;

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
