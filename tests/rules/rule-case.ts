/**
 * What one case of the rules table is, and the helpers the tables (cases.ts, role-cases.ts) are
 * written with.
 */
import type { Who, World } from './fixture.js';

export type Expect = 'allow' | 'deny';

/** The queries the app makes: the latest chat messages or alerts by time. */
export interface ByTimeQuery {
  orderByChild: 'timeStamp';
  limitToLast: number;
}

export type Operation =
  | { op: 'get'; path: string; query?: ByTimeQuery }
  | { op: 'set'; path: string; data: unknown }
  | { op: 'update'; path: string; data: Record<string, unknown> }
  | { op: 'remove'; path: string };

/** `world`: the database the case starts from other than the seed (fixture.ts, `worlds`). */
export type RuleCase = Operation & { who: Who; expect: Expect; why: string; world?: World };

export const get = (path: string, query?: ByTimeQuery): Operation =>
  query === undefined ? { op: 'get', path } : { op: 'get', path, query };
export const set = (path: string, data: unknown): Operation => ({ op: 'set', path, data });
export const update = (path: string, data: Record<string, unknown>): Operation => ({
  op: 'update',
  path,
  data,
});
export const remove = (path: string): Operation => ({ op: 'remove', path });
export const allow = (who: Who, operation: Operation, why: string): RuleCase => ({
  ...operation,
  who,
  expect: 'allow',
  why,
});
export const deny = (who: Who, operation: Operation, why: string): RuleCase => ({
  ...operation,
  who,
  expect: 'deny',
  why,
});

export const latest: ByTimeQuery = { orderByChild: 'timeStamp', limitToLast: 50 };
