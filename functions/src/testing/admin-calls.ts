import { DEFAULT_CAPABILITIES } from '../contracts/index.js';
import { handleProxyRequest, type ProxyDeps } from '../handlers/proxy/index.js';
import { grantsOfAdmin } from '../handlers/roles/index.js';
import type { UpstreamFetch } from '../handlers/upstream/index.js';
import { AUDIT_IDENTITY, createAdminIdentities } from '../handlers/audit/index.js';
import { createRecordingSender, type PushSender } from '../handlers/push/index.js';
import type { MemoryDb } from './memory-db.js';
import { recordingLogger } from './recording-logger.js';

/**
 * The `api` function over a memory database, called by admins: bearer `t<uid>` is upstream user
 * `uid` (`a<uid>@x.test`), as the upstream's `/me` says. Every other upstream call is answered
 * by `upstream` (yes to all by default) and listed in `forwarded`.
 */
export function adminCalls(options: {
  db: MemoryDb;
  now: () => number;
  /** OWNER_IDS: none means roles are not in use. */
  owners?: readonly string[];
  upstream?: (method: string, path: string, init: RequestInit) => Response | Promise<Response>;
  /** Replaces or adds deps (the changes' store, a mirror). */
  deps?: Partial<ProxyDeps>;
}) {
  const { db, now, owners = [] } = options;
  const forwarded: string[] = [];
  const fetch: UpstreamFetch = async (url, init) => {
    const path = url.pathname.replace(/^\/api/, '');
    if (path === '/me') {
      const auth = String(new Headers(init.headers).get('authorization'));
      const uid = /^Bearer t(\w+)$/.exec(auth)?.[1];
      return Response.json({
        metadata: { success: 1, message: '' },
        payload: {
          id: Number(uid),
          name: `Admin ${uid}`,
          email: `a${uid}@x.test`,
          role: ['admin'],
        },
      });
    }
    forwarded.push(`${init.method} ${path}`);
    return (
      (await options.upstream?.(String(init.method), path, init)) ??
      Response.json({ metadata: { success: 1, message: '' }, payload: null })
    );
  };
  const roles = { db, now, owners: new Set(owners) };
  const deps: ProxyDeps = {
    upstreamUrl: new URL('http://127.0.0.1:5050/api'),
    capabilities: DEFAULT_CAPABILITIES,
    fetch,
    timeoutMs: 10_000,
    maxBodyBytes: 64 * 1024,
    maxJsonReplyBytes: 64 * 1024,
    logger: recordingLogger(),
    createCustomToken: () => Promise.reject(new Error('no custom tokens here')),
    sessions: { db, now, newId: () => 's', lifetimeMs: 3_600_000 },
    verifyIdToken: () => Promise.reject(new Error('no ID tokens here')),
    revokeRefreshTokens: () => Promise.resolve(),
    roles: { ...roles, grants: (uid) => grantsOfAdmin(uid, roles) },
    ...options.deps,
  };
  /** One call through the function, sent; the reply's status and parsed JSON body. */
  const call = async (uid: string, method: string, path: string, body?: unknown) => {
    const reply = await handleProxyRequest(
      {
        method,
        url: `/api${path}`,
        headers: { authorization: `Bearer t${uid}`, 'content-type': 'application/json' },
        body:
          body === undefined
            ? { kind: 'none' }
            : { kind: 'bytes', bytes: Buffer.from(JSON.stringify(body)) },
      },
      deps,
    );
    // What runs once the reply is sent (the mirror, a read price day) has run when it returns.
    await reply.afterSend?.();
    const text = reply.body instanceof Uint8Array ? Buffer.from(reply.body).toString() : '';
    return {
      status: reply.status,
      json: text ? (JSON.parse(text) as { metadata: { message: string }; payload: unknown }) : null,
    };
  };
  return { call, deps, forwarded };
}

/** What the database holds of an admin signed in on one browser: their entry, as the web writes it. */
export const adminEntry = (uid: string) => ({
  id: uid,
  name: `Admin ${uid}`,
  email: `a${uid}@x.test`,
  image: '',
  deviceToken: `browser-of-${uid}`,
  lastLogin: 1,
});

/** An admin's sessions: one, open until `expiresAt`. */
export const liveSession = (expiresAt: number) => ({ s: { at: 1, expiresAt, tokenHash: 'h' } });

/** An admin's roles record, as an owner (uid 1) set it. */
export const rolesRecord = (...roles: string[]) => ({
  roles: Object.fromEntries(roles.map((role) => [role, true])),
  updatedAt: 1,
  updatedBy: '1',
});

/**
 * The deps of the audited path over one memory database: the audit trail, the price history and
 * the changes' store, pushes going to a recording outbox unless `sender` is given.
 */
export const auditedDeps = (db: MemoryDb, now: () => number, sender?: PushSender) => ({
  audit: {
    db,
    now,
    logger: recordingLogger(),
    identities: createAdminIdentities({ ...AUDIT_IDENTITY, now }),
  },
  priceHistory: { db, now, logger: recordingLogger() },
  changes: { db, now, sender: sender ?? createRecordingSender(db, now) },
});
