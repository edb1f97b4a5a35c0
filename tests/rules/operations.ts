/**
 * How the rules tests perform a case of the table on a database the rules guard, and what an
 * allowed write must have left there.
 */
import type { RulesTestContext } from '@firebase/rules-unit-testing';
import { expect } from 'vitest';
import type { RuleCase } from './rule-case.js';

export type Database = ReturnType<RulesTestContext['database']>;

/** The SDKs name the root with no path at all, not with ''. */
export const refAt = (db: Database, path: string) => (path === '' ? db.ref() : db.ref(path));

export function perform(db: Database, c: RuleCase): Promise<unknown> {
  const ref = refAt(db, c.path);
  switch (c.op) {
    case 'get':
      return c.query === undefined
        ? ref.get()
        : ref.orderByChild(c.query.orderByChild).limitToLast(c.query.limitToLast).get();
    case 'set':
      return ref.set(c.data);
    case 'update':
      return ref.update(c.data);
    case 'remove':
      return ref.remove();
  }
}

/** What a read returns after a write of `value`: server timestamps become the server's time. */
export function written(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if ('.sv' in value) return expect.any(Number);
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, written(child)]));
}

/**
 * A read's value with arrays turned back into the objects they were written as: the SDKs hand
 * back an object whose keys are small integers (device slots 0 to 9) as an array.
 */
export function asWritten(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  const entries = Array.isArray(value)
    ? value.flatMap((child: unknown, index) => (child === null ? [] : [[String(index), child]]))
    : Object.entries(value);
  return Object.fromEntries(entries.map(([key, child]) => [key, asWritten(child)]));
}

const join = (base: string, relative: string) => [base, relative].filter((p) => p !== '').join('/');

/** The paths a write touches, each with the value it leaves there. */
export function writesOf(c: RuleCase): [string, unknown][] {
  switch (c.op) {
    case 'set':
      return [[c.path, c.data]];
    case 'update':
      return Object.entries(c.data).map(([relative, value]) => [join(c.path, relative), value]);
    case 'remove':
      return [[c.path, null]];
    case 'get':
      return [];
  }
}
