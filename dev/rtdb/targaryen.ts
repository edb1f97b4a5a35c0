/**
 * targaryen@3 ships no types: the part the rules checker uses, typed here. It is CommonJS and
 * is loaded as such.
 */
import { createRequire } from 'node:module';

/** A snapshot as rule expressions use it: val(), child(), exists()... */
export interface RuleSnapshotLike {
  exists(): boolean;
  toString(): string;
}

/** What targaryen's rule traversal reads from a database (it never writes to it). */
export interface RulesDatabase {
  readonly auth: unknown;
  readonly timestamp: number;
  readonly debug: boolean;
  snapshot(path: string): RuleSnapshotLike;
  /** Calls `visit` for every descendant of `path`; true skips that descendant's children. */
  walk(path: string, visit: (snapshot: RuleSnapshotLike) => boolean): void;
}

export interface RulesResult {
  readonly allowed: boolean;
}

export interface Ruleset {
  tryRead(
    path: string,
    data: RulesDatabase,
    options: { now: number; query?: Record<string, unknown> },
  ): RulesResult;
  tryWrite(
    path: string,
    data: RulesDatabase,
    newData: RulesDatabase,
    newValue: unknown,
  ): RulesResult;
}

interface Targaryen {
  /** Parses a rules definition (`{ rules: {...} }`); throws on what Firebase would refuse. */
  ruleset(definition: unknown): Ruleset;
}

const load = createRequire(import.meta.url);
export const targaryen = load('targaryen') as Targaryen;
