import { describe, expect, it } from 'vitest';
import {
  ADMINS_PATH,
  DEFAULT_CAPABILITIES,
  DEFAULT_ROLES_PATH,
  FIREBASE_TOKEN_PATH,
  FULL_GRANTS,
  paths,
  PERMISSIONS,
  UPSTREAM_CALLS,
  type AuditEntry,
} from '../../contracts/index.js';
import {
  BEFORE,
  beforeRolesDatabase,
  LIVE_ADMINS,
  namedRoots,
  ROLE_ROOTS,
} from '../../testing/before-roles.js';
import { MemoryDb } from '../../testing/memory-db.js';
import { recordingLogger } from '../../testing/recording-logger.js';
import { AUDIT_IDENTITY, createAdminIdentities } from '../audit/index.js';
import { handleProxyRequest, type ProxyDeps } from '../proxy/index.js';
import type { UpstreamFetch } from '../upstream/index.js';
import { createGrantsCache, grantsOfAdmin, holding, parseOwnerIds } from './admin-roles.js';

/**
 * The `api` function over a database the product wrote before roles existed (no adminRoles, no
 * roleSettings: testing/before-roles.ts), with OWNER_IDS empty and wired as http/api.ts wires
 * it: every admin of that database keeps every right, and signing in switches no role on.
 * Bearer `t<uid>` is upstream admin uid; the upstream answers yes to all, so whatever does not
 * reach it was refused by the function.
 */

const OWNER_IDS = '';
/** Any moment while the database's sessions are live. */
const NOW = BEFORE + 3_600_000;
/** Every admin with a live session in the database: none of them an owner. */
const ADMINS = [...new Set(LIVE_ADMINS.map(([uid]) => uid))];

const ok = (payload: unknown) => Response.json({ metadata: { success: 1, message: '' }, payload });
const upstreamAdmin = (uid: string) => ({
  id: Number(uid),
  name: `Admin ${uid}`,
  email: `a${uid}@x.test`,
  role: ['admin'],
});

function stack() {
  const db = new MemoryDb(beforeRolesDatabase());
  const roles = { db, now: () => NOW, owners: parseOwnerIds(OWNER_IDS) };
  const grants = createGrantsCache(() => NOW);
  const upstream: string[] = [];
  const minted: string[] = [];
  let signingIn = '';
  const fetch: UpstreamFetch = async (url, init) => {
    const path = url.pathname.replace(/^\/api/, '');
    const uid = /^Bearer t(\d+)$/.exec(String(init.headers.get('authorization')))?.[1] ?? '';
    if (path === '/me') return ok(upstreamAdmin(uid));
    if (path === '/login') return ok({ user: upstreamAdmin(signingIn), token: `t${signingIn}` });
    upstream.push(`${init.method} ${path}`);
    return ok(null);
  };
  const deps: ProxyDeps = {
    upstreamUrl: new URL('http://127.0.0.1:5050/api'),
    capabilities: DEFAULT_CAPABILITIES,
    fetch,
    timeoutMs: 10_000,
    maxBodyBytes: 64 * 1024,
    maxJsonReplyBytes: 64 * 1024,
    logger: recordingLogger(),
    createCustomToken: async (uid) => {
      minted.push(uid);
      return `custom-token-of-${uid}`;
    },
    sessions: { db, now: () => NOW, newId: () => `new${minted.length}`, lifetimeMs: 3_600_000 },
    verifyIdToken: () => Promise.reject(new Error('no ID tokens here')),
    revokeRefreshTokens: () => Promise.resolve(),
    audit: {
      db,
      now: () => NOW,
      logger: recordingLogger(),
      identities: createAdminIdentities({ ...AUDIT_IDENTITY, now: () => NOW }),
    },
    mirror: { db, now: () => NOW },
    roles: { ...roles, grants: (uid) => grants(uid, () => grantsOfAdmin(uid, roles)) },
  };
  const call = async (uid: string | null, method: string, path: string, body?: unknown) => {
    const reply = await handleProxyRequest(
      {
        method,
        url: `/api/${path.replace(/^\//, '')}`,
        headers: {
          ...(uid === null ? {} : { authorization: `Bearer t${uid}` }),
          'content-type': 'application/json',
        },
        body:
          body === undefined
            ? { kind: 'none' }
            : { kind: 'bytes', bytes: Buffer.from(JSON.stringify(body)) },
      },
      deps,
    );
    const text = reply.body instanceof Uint8Array ? Buffer.from(reply.body).toString() : '';
    return { status: reply.status, json: text ? (JSON.parse(text) as { payload: unknown }) : null };
  };
  const signIn = (uid: string) => {
    signingIn = uid;
    return call(null, 'POST', 'login', { email: `a${uid}@x.test`, password: 'secret' });
  };
  return { db, roles, call, signIn, upstream, minted };
}

/** What a database from before roles must still be without: any role record in use. */
async function expectRolesOff(db: MemoryDb, uids: string[]) {
  expect(db.at(paths.allAdminRoles()), 'no admin holds a role record').toBeUndefined();
  // The settings may say roles are not in use, as a sign-in with no owner records; never more.
  expect([null, { inUse: false }]).toContainEqual(await db.get(paths.roleSettings()));
  // The triggers, which read the settings rather than OWNER_IDS, still see every admin.
  for (const permission of PERMISSIONS) {
    expect(await holding(db, uids, permission), permission).toEqual(uids);
  }
}

describe('a database from before roles, with OWNER_IDS empty', () => {
  it('holds a record under every path the contracts name, and no role record', async () => {
    const { db } = stack();
    expect(Object.keys(db.at('') as object).sort()).toEqual(
      namedRoots().filter((root) => !ROLE_ROOTS.includes(root)),
    );
    for (const root of ROLE_ROOTS) expect(db.at(root), root).toBeUndefined();
    expect(parseOwnerIds(OWNER_IDS).size).toBe(0);
  });

  it('gives each of its admins every permission, in the api function and in the triggers', async () => {
    const { db, roles } = stack();
    for (const uid of ADMINS) expect(await grantsOfAdmin(uid, roles), uid).toEqual(FULL_GRANTS);
    await expectRolesOff(db, ADMINS);
  });

  const changes = UPSTREAM_CALLS.filter(
    (row) => row.permission !== 'public' && row.permission !== 'view',
  );
  const pathOf = (path: string) => path.replace(/:\w+/g, '5');

  it.each(changes.map((row) => [`${row.method} /${row.path} (${row.permission})`, row] as const))(
    '%s is let through for every admin of it',
    async (_, row) => {
      const { db, call, upstream } = stack();
      const method = row.method === 'PUT' ? 'POST' : row.method;
      const body = row.method === 'PUT' ? { _method: 'PUT' } : method === 'POST' ? {} : undefined;
      for (const uid of ADMINS) {
        const reply = await call(uid, method, pathOf(row.path), body);
        expect(reply.status, `admin ${uid}: ${JSON.stringify(reply.json)}`).toBe(200);
      }
      // The reads the proxy makes before an edit (for the audit's values before) aside.
      const sent = upstream.filter((line) => !line.startsWith('GET '));
      expect(sent).toEqual(ADMINS.map(() => `${method} /${pathOf(row.path)}`));
      // Each change was made, and audited, as that admin's own.
      const audited = Object.values(db.at(paths.auditLog()) as Record<string, AuditEntry>);
      const made = audited.filter((entry) => entry.at === NOW).map((entry) => entry.uid);
      expect(made).toEqual(ADMINS);
      await expectRolesOff(db, ADMINS);
    },
  );

  it("lets an admin delete a group chat's message, which takes chat.write with roles", async () => {
    const { db, call } = stack();
    expect((await call('17', 'DELETE', 'group-chat/g2/messages/m4')).status).toBe(200);
    expect(db.at(`${paths.groupChat('g2')}/m4`)).toBeUndefined();
  });

  it('lets an admin make a call the product does not, which only owners make with roles', async () => {
    const { call, upstream } = stack();
    expect((await call('17', 'GET', 'admin/settings')).status).toBe(200);
    expect(upstream).toEqual(['GET /admin/settings']);
  });

  it('switches no role on when admins sign in or renew their session', async () => {
    const { db, call, signIn, minted, upstream } = stack();
    // An admin the database knows, one it has never seen, and a renewal.
    for (const uid of ['17', '99']) {
      const reply = await signIn(uid);
      expect(reply.status).toBe(200);
      expect(reply.json?.payload).toMatchObject({ firebaseToken: `custom-token-of-${uid}` });
    }
    expect((await call('2', 'POST', FIREBASE_TOKEN_PATH)).status).toBe(200);
    expect(minted).toEqual(['17', '99', '2']);
    expect(Object.keys(db.at(paths.adminSessions('99')) as object)).toHaveLength(1);
    await expectRolesOff(db, [...ADMINS, '99']);
    // The admin seen for the first time, who holds no record, still makes any change.
    expect((await call('99', 'DELETE', 'admin/user/5')).status).toBe(200);
    expect(upstream).toContain('DELETE /admin/user/5');
  });

  it('refuses every admin the Admins screen: nobody gives roles while no owner is named', async () => {
    const { db, call } = stack();
    const tries = [
      ['GET', ADMINS_PATH, undefined],
      ['PUT', `${ADMINS_PATH}/17/roles`, { roles: ['support'], priceGroups: [] }],
      ['PUT', DEFAULT_ROLES_PATH, { roles: ['auditor'] }],
    ] as const;
    for (const uid of ADMINS) {
      for (const [method, path, body] of tries) {
        expect((await call(uid, method, path, body)).status, `${uid} ${method} ${path}`).toBe(404);
      }
    }
    await expectRolesOff(db, ADMINS);
  });
});
