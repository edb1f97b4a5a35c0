/**
 * The database the compatibility tests talk to: the official Database emulator when
 * RTDB_EMULATOR_HOST (host:port) names one, else a fresh offline engine (dev/rtdb) per test on
 * a free port. Every database gets its own namespace, so tests never see each other's data.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deleteApp, initializeApp, type FirebaseApp, type FirebaseOptions } from 'firebase/app';
import { connectDatabaseEmulator, getDatabase, type Database } from 'firebase/database';
import { startRtdb, type RtdbOptions, type RunningRtdb } from '../../dev/rtdb/index.js';

/** host:port of the official Database emulator, when one runs. */
export const officialEmulator = process.env.RTDB_EMULATOR_HOST;

export type Rules = { rules: Record<string, unknown> };

export interface TestDatabase {
  host: string;
  port: number;
  namespace: string;
  /** The offline engine, or undefined against the official emulator. */
  engine: RunningRtdb | undefined;
  /** The rules file the engine watches (offline engine only). */
  rulesFile: string | undefined;
  /** A new web-SDK app whose databaseURL names this database. */
  newApp(options?: FirebaseOptions): FirebaseApp;
  /**
   * A web-SDK database client (of a new app unless one is given); `token` is an ID token (or
   * mock claims) it authenticates with instead of the app's Auth.
   */
  client(token?: string | { sub: string; [claim: string]: unknown }, app?: FirebaseApp): Database;
  /** A REST call to this database's namespace (or another one). */
  rest(
    dbPath: string,
    init?: RequestInit & { query?: Record<string, string>; namespace?: string },
  ): Promise<Response>;
  /** Closes every client, then the engine. */
  close(): Promise<void>;
}

export function uniqueNamespace(): string {
  return `test-${randomUUID().slice(0, 8)}`;
}

function splitHost(hostPort: string): { host: string; port: number } {
  const at = hostPort.lastIndexOf(':');
  return { host: hostPort.slice(0, at), port: Number(hostPort.slice(at + 1)) };
}

export async function putRules(
  host: string,
  port: number,
  namespace: string,
  rules: Rules,
): Promise<void> {
  const res = await fetch(`http://${host}:${port}/.settings/rules.json?ns=${namespace}`, {
    method: 'PUT',
    headers: { authorization: 'Bearer owner' },
    body: JSON.stringify(rules),
  });
  if (!res.ok) throw new Error(`loading rules failed: ${res.status} ${await res.text()}`);
}

/** A temporary folder removed by `cleanup`. */
export function tempDir(): { dir: string; cleanup(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rtdb-test-'));
  return { dir, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

export async function startDatabase(
  rules: Rules,
  engineOptions: Partial<RtdbOptions> = {},
  namespace = uniqueNamespace(),
): Promise<TestDatabase> {
  let engine: RunningRtdb | undefined;
  let rulesFile: string | undefined;
  let target: { host: string; port: number };
  let cleanupDir = () => {};
  if (officialEmulator !== undefined) {
    target = splitHost(officialEmulator);
    await putRules(target.host, target.port, namespace, rules);
  } else {
    const temp = tempDir();
    cleanupDir = temp.cleanup;
    rulesFile = path.join(temp.dir, 'database.rules.json');
    fs.writeFileSync(rulesFile, JSON.stringify(rules, null, 2));
    engine = await startRtdb({ port: 0, rulesFile, ...engineOptions });
    target = { host: engine.host, port: engine.port };
  }
  const apps: FirebaseApp[] = [];
  const newApp = (options: FirebaseOptions = {}) => {
    const app = initializeApp(
      {
        projectId: 'demo-rtdb-tests',
        ...options,
        databaseURL: `https://${namespace}.firebaseio.com`,
      },
      `client-${randomUUID()}`,
    );
    apps.push(app);
    return app;
  };
  return {
    ...target,
    namespace,
    engine,
    rulesFile,
    newApp,
    client(token, app = newApp()) {
      const db = getDatabase(app);
      connectDatabaseEmulator(
        db,
        target.host,
        target.port,
        token === undefined ? {} : { mockUserToken: token },
      );
      return db;
    },
    rest(dbPath, init = {}) {
      const query = new URLSearchParams({ ns: init.namespace ?? namespace, ...init.query });
      return fetch(`http://${target.host}:${target.port}/${dbPath}.json?${query}`, init);
    },
    async close() {
      await Promise.all(apps.map((app) => deleteApp(app)));
      await engine?.close();
      cleanupDir();
    },
  };
}

/** Resolves once `check` returns something other than undefined (it is retried on each change). */
export async function eventually<T>(
  check: () => T | undefined,
  what: string,
  timeoutMs = 5000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * An ID token shaped like the Auth emulator's: unsigned (`alg: none`), with `user_id`, `sub`
 * and the custom claims at the top level, as Firebase Auth puts them.
 */
export function emulatorStyleIdToken(
  projectId: string,
  uid: string,
  claims: Record<string, unknown>,
): string {
  const now = Math.floor(Date.now() / 1000);
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const payload = {
    ...claims,
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    auth_time: now,
    user_id: uid,
    sub: uid,
    iat: now,
    exp: now + 3600,
    firebase: { identities: {}, sign_in_provider: 'custom' },
  };
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(payload)}.`;
}
