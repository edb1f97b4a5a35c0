/**
 * A database the product wrote before roles existed (no `adminRoles`, no `roleSettings`) keeps
 * every admin at full rights under database.rules.json. The database is the functions' testing
 * one (functions/src/testing/before-roles.ts), which holds a record under every path the
 * contracts name; the cases are the table's own (cases.ts, role-cases.ts), for each identity
 * whose admin token names a live session in it:
 * - what the table expects of a database from before roles, where it says;
 * - every path an admin reads or writes, for the owner, each role's holder and the admin with no
 *   role alike: allowed whatever permission it takes, but managing roles (there are none);
 * - everything else the table lets an admin do with roles in use, role records aside.
 * Each case starts from that database, cleared and loaded again, on every database of targets.ts.
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
import { PERMISSIONS, type Permission } from '../../functions/src/contracts/index.js';
import {
  beforeRolesDatabase,
  namedRoots,
  ROLE_ROOTS,
} from '../../functions/src/testing/before-roles.js';
import { cases } from './cases.js';
import { RULES_FILE } from './evaluate.js';
import { asWritten, perform, refAt, writesOf, written, type Database } from './operations.js';
import { identities, ROLE_HOLDERS, seededAt, type Who } from './fixture.js';
import type { Expect, RuleCase } from './rule-case.js';
import { targets, type RunningTarget } from './targets.js';

const database = beforeRolesDatabase();
const sessions = database.adminSessions as Record<string, Record<string, { expiresAt: number }>>;

/** The table's identities whose admin token names a session live in the database. */
const admins = (Object.keys(identities) as Who[]).filter((who) => {
  const identity = identities[who];
  if (identity === null) return false;
  const claims: Record<string, string> = identity.claims;
  const session =
    claims.session === undefined ? undefined : sessions[identity.uid]?.[claims.session];
  return claims.role === 'admin' && (session?.expiresAt ?? 0) > Date.now();
});

const keyOf = (c: RuleCase) =>
  JSON.stringify([c.who, c.op, c.path, 'query' in c ? c.query : null, 'data' in c ? c.data : null]);

/** The permission a case of the roles' path table takes: the table names it last, `(chat.read)`. */
function permissionOf(c: RuleCase): Permission | undefined {
  const named = /\(([a-z.]+)\)$/.exec(c.why)?.[1];
  return PERMISSIONS.find((permission) => permission === named);
}

const isRoleRecord = (path: string) => ROLE_ROOTS.includes(path.split('/')[0] ?? '');
/** The cases the table lists for a database from before roles, by what they do. */
const tableBeforeRoles = new Map(
  cases.filter((c) => c.world === 'beforeRoles').map((c) => [keyOf(c), c] as const),
);

/** What the case must come to over the database, or undefined when it is no right of an admin. */
function expected(c: RuleCase): Expect | undefined {
  const table = tableBeforeRoles.get(keyOf(c));
  if (table !== undefined) return table.expect;
  const permission = permissionOf(c);
  if (permission !== undefined) return permission === 'roles.manage' ? 'deny' : 'allow';
  return c.world === undefined && c.expect === 'allow' && !isRoleRecord(c.path)
    ? 'allow'
    : undefined;
}

type Chosen = RuleCase & { permission: Permission | undefined };
const chosen = new Map<string, Chosen>();
for (const c of cases) {
  const verdict = admins.includes(c.who) ? expected(c) : undefined;
  const known = chosen.get(keyOf(c));
  if (known !== undefined) known.permission ??= permissionOf(c);
  if (verdict === undefined || known !== undefined) continue;
  const { world: _world, ...operation } = c;
  const why = tableBeforeRoles.get(keyOf(c))?.why ?? c.why;
  chosen.set(keyOf(c), { ...operation, why, expect: verdict, permission: permissionOf(c) });
}
const beforeRolesCases = [...chosen.values()];

describe('a database written before roles', () => {
  it('holds a record under every path the contracts name, and no role record', () => {
    expect(Object.keys(database).sort()).toEqual(
      namedRoots().filter((root) => !ROLE_ROOTS.includes(root)),
    );
    for (const root of ROLE_ROOTS) expect(database, root).not.toHaveProperty(root);
  });

  it("tries every admin of the table, with every permission for the roles' admins", () => {
    expect(admins).toEqual(expect.arrayContaining(['admin', 'otherAdmin', 'noRoleAdmin']));
    for (const who of admins) {
      expect(beforeRolesCases.filter((c) => c.who === who).length, who).toBeGreaterThan(0);
    }
    // The permissions the rules check: every one but managing roles is each admin's.
    const checked = new Set(cases.map(permissionOf).filter((p) => p !== undefined));
    expect([...checked]).toEqual(
      expect.arrayContaining([
        'view',
        'chat.read',
        'chat.write',
        'push.targeted',
        'push.all',
        'changes.approve',
      ]),
    );
    checked.delete('roles.manage');
    for (const who of [...Object.values(ROLE_HOLDERS), 'noRoleAdmin'] as const) {
      const allowed = beforeRolesCases.filter((c) => c.who === who && c.expect === 'allow');
      const permissions = allowed.map((c) => c.permission).filter((p) => p !== undefined);
      expect(new Set(permissions), who).toEqual(checked);
    }
    // The owner keeps the table's other rights: chat reads, admin posts, pushes to all.
    const owner = beforeRolesCases.filter((c) => c.who === 'admin' && c.expect === 'allow');
    const field = (c: RuleCase, name: string) =>
      c.op === 'set' ? (c.data as Record<string, unknown>)[name] : undefined;
    expect(owner.some((c) => c.op === 'get' && /^groups\/\w+\/groupChat$/.test(c.path))).toBe(true);
    expect(owner.some((c) => /groupChat\//.test(c.path) && field(c, 'userType') === 'admin')).toBe(
      true,
    );
    for (const root of ['notificationsAlert/', 'scheduledAlerts/']) {
      expect(owner.some((c) => c.path.startsWith(root) && field(c, 'target') === 'all')).toBe(true);
    }
  });
});

/** The case as the table words it, for a path case with this verdict. */
const title = (c: Chosen) =>
  `${c.who} ${c.op} /${c.path}${c.op === 'get' && c.query ? ' (by time)' : ''}: ` +
  `${c.expect === 'allow' ? 'allowed' : 'denied'}: ` +
  (c.permission === undefined
    ? c.why
    : c.why.replace(/ may (not )?/, c.expect === 'allow' ? ' may ' : ' may not '));

describe.each(targets)(
  'database.rules.json over a database from before roles, on $name',
  (target) => {
    let running: RunningTarget;
    let env: RulesTestEnvironment;
    const contexts = new Map<Who, Database>();

    beforeAll(async () => {
      running = await target.start();
      env = await initializeTestEnvironment({
        projectId: `demo-before-roles-${randomUUID().slice(0, 8)}`,
        database: {
          host: running.host,
          port: running.port,
          rules: fs.readFileSync(RULES_FILE, 'utf8'),
        },
      });
      for (const who of admins) {
        const identity = identities[who];
        if (identity !== null) {
          contexts.set(who, env.authenticatedContext(identity.uid, identity.claims).database());
        }
      }
    });

    afterAll(async () => {
      await env.cleanup();
      await running.stop();
    });

    async function asOwner<T>(act: (db: Database) => Promise<T>): Promise<T> {
      let value: T | undefined;
      await env.withSecurityRulesDisabled(async (context) => {
        value = await act(context.database());
      });
      return value as T;
    }

    const valueAt = (path: string) =>
      asOwner(async (db) => asWritten((await refAt(db, path).get()).val()));

    it.each(beforeRolesCases.map((c) => [title(c), c] as const))('%s', async (_title, c) => {
      await env.clearDatabase();
      await asOwner((db) => db.ref().set(database));
      for (const root of ROLE_ROOTS) expect(await valueAt(root), root).toBeNull();
      const db = contexts.get(c.who);
      if (db === undefined) throw new Error(`no context for ${c.who}`);

      if (c.expect === 'deny') {
        await assertFails(perform(db, c));
        for (const [path] of writesOf(c)) {
          expect(await valueAt(path), path).toEqual(seededAt(path, database));
        }
        return;
      }
      const result = await assertSucceeds(perform(db, c));
      if (c.op === 'get') {
        expect(asWritten((result as { val(): unknown }).val())).toEqual(seededAt(c.path, database));
        return;
      }
      for (const [path, value] of writesOf(c)) {
        expect(await valueAt(path), path).toEqual(written(value));
      }
    });
  },
);
