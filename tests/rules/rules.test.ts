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
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cases } from './cases.js';
import type { RuleCase } from './rule-case.js';
import { RULES_FILE } from './evaluate.js';
import { asWritten, perform, refAt, writesOf, written, type Database } from './operations.js';
import { identities, seededAt, seedOf, type Who } from './fixture.js';
import { officialEmulatorNote, targets, type RunningTarget } from './targets.js';

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
