/**
 * The table of cases (cases.ts) through @firebase/rules-unit-testing, one identity context at a
 * time, on every database of targets.ts. Each case starts from a cleared database holding the
 * seed (or the world it names); an allowed operation must also have done what it says, a denied
 * one nothing at all.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestContext,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cases } from './cases.js';
import type { RuleCase } from './rule-case.js';
import { RULES_FILE } from './evaluate.js';
import { identities, seededAt, seedOf, type Who } from './fixture.js';
import { officialEmulatorNote, targets, type RunningTarget } from './targets.js';

type Database = ReturnType<RulesTestContext['database']>;

/** The SDKs name the root with no path at all, not with ''. */
const refAt = (db: Database, path: string) => (path === '' ? db.ref() : db.ref(path));

function perform(db: Database, c: RuleCase): Promise<unknown> {
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
function written(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if ('.sv' in value) return expect.any(Number);
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, written(child)]));
}

/**
 * A read's value with arrays turned back into the objects they were written as: the SDKs hand
 * back an object whose keys are small integers (device slots 0 to 9) as an array.
 */
function asWritten(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  const entries = Array.isArray(value)
    ? value.flatMap((child: unknown, index) => (child === null ? [] : [[String(index), child]]))
    : Object.entries(value);
  return Object.fromEntries(entries.map(([key, child]) => [key, asWritten(child)]));
}

const join = (base: string, relative: string) => [base, relative].filter((p) => p !== '').join('/');

/** The paths a write touches, each with the value it leaves there. */
function writesOf(c: RuleCase): [string, unknown][] {
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

const title = (c: RuleCase) =>
  `${c.who} ${c.op} /${c.path}${c.op === 'get' && c.query ? ' (by time)' : ''}` +
  `${c.world === undefined ? '' : ` [${c.world}]`}: ${c.why}`;

beforeAll(() => {
  process.stdout.write(officialEmulatorNote);
});

describe.each(targets)('database.rules.json on $name', (target) => {
  let running: RunningTarget;
  let env: RulesTestEnvironment;
  const databases = new Map<Who, Database>();

  beforeAll(async () => {
    running = await target.start();
    env = await initializeTestEnvironment({
      // rules-unit-testing names the database after the project: one of our own per run.
      projectId: `demo-rules-${randomUUID().slice(0, 8)}`,
      database: {
        host: running.host,
        port: running.port,
        rules: fs.readFileSync(RULES_FILE, 'utf8'),
      },
    });
    for (const [who, identity] of Object.entries(identities) as [Who, (typeof identities)[Who]][]) {
      const context =
        identity === null
          ? env.unauthenticatedContext()
          : env.authenticatedContext(identity.uid, identity.claims);
      databases.set(who, context.database());
    }
  });

  afterAll(async () => {
    await env.cleanup();
    await running.stop();
  });

  async function asOwner<T>(read: (db: Database) => Promise<T>): Promise<T> {
    let value: T | undefined;
    await env.withSecurityRulesDisabled(async (context) => {
      value = await read(context.database());
    });
    return value as T;
  }

  const valueAt = (path: string) =>
    asOwner(async (db) => asWritten((await refAt(db, path).get()).val()));

  it.each(cases.map((c) => [title(c), c] as const))('%s', async (_title, c) => {
    await env.clearDatabase();
    const start = seedOf(c.world);
    await asOwner((db) => db.ref().set(start));
    const db = databases.get(c.who);
    if (db === undefined) throw new Error(`no context for ${c.who}`);

    if (c.expect === 'deny') {
      await assertFails(perform(db, c));
      for (const [path] of writesOf(c)) {
        expect(await valueAt(path), path).toEqual(seededAt(path, start));
      }
      return;
    }
    const result = await assertSucceeds(perform(db, c));
    if (c.op === 'get') {
      expect(asWritten((result as { val(): unknown }).val())).toEqual(seededAt(c.path, start));
      return;
    }
    for (const [path, value] of writesOf(c)) {
      expect(await valueAt(path), path).toEqual(written(value));
    }
  });
});
