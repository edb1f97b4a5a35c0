import type { CountDeps } from '../handlers/counts/index.js';
import type { MemoryDb } from './memory-db.js';

/** The clock the counting tests run at, and how long a claim holds before another run takes it. */
export const NOW = 1_000_000;
export const TAKEOVER_MS = 540_000;

/** A count's dependencies: `db`, the invocation counting, at `now`. */
export const countDeps = (db: MemoryDb, invocation: string, now = NOW): CountDeps => ({
  db,
  now: () => now,
  invocation,
  takeoverMs: TAKEOVER_MS,
});
