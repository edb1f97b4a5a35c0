import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../logger.js';
import { hashPassword } from './auth.js';
import { createSchema, openDatabase } from './db.js';
import { createFileStore } from './files.js';
import { SEED_ADMIN, SEED_APP_USER, seed } from './seed/index.js';
import { buildApp, DEFAULTS } from './server.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A small seeded API on a free port, with a clock the test moves. */
async function start() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fuel-server-'));
  const time = { now: Date.parse('2030-01-01T12:00:00Z') };
  const clock = () => time.now;
  let origin = '';
  const db = openDatabase(path.join(dataDir, 'api.sqlite'));
  const passwordHashes = {
    admin: await hashPassword(SEED_ADMIN.password),
    user: await hashPassword(SEED_APP_USER.password),
  };
  createSchema(db, () => {
    const files = createFileStore({ db, dataDir, origin: () => origin, clock });
    seed({ db, files, clock, passwordHashes, options: { users: 3, groupMembersMax: 2 } });
  });
  const app: FastifyInstance = buildApp({
    db,
    dataDir,
    origin: () => origin,
    appOrigin: 'http://app.test',
    clock,
    logger: silentLogger,
  });
  origin = await app.listen({ host: '127.0.0.1', port: 0 });
  cleanups.push(async () => {
    await app.close();
    db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const call = async (
    method: string,
    route: string,
    init: { token?: string; json?: unknown; body?: FormData } = {},
  ) => {
    const response = await fetch(`${origin}/api${route}`, {
      method,
      headers: {
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.json === undefined ? init.body : JSON.stringify(init.json),
    });
    return {
      status: response.status,
      body: (await response.json()) as { payload: { token?: string } | null },
    };
  };
  return { time, call, dataDir };
}

describe('sessions', () => {
  it('end when the token expires', async () => {
    const { time, call } = await start();
    const token = (await call('POST', '/login', { json: SEED_ADMIN })).body.payload?.token;
    expect((await call('GET', '/me', { token })).status).toBe(200);
    time.now += DEFAULTS.tokenTtlMs - 1;
    expect((await call('GET', '/me', { token })).status).toBe(200);
    time.now += 1;
    expect((await call('GET', '/me', { token })).status).toBe(401);
    time.now -= 10;
    // An expired token is deleted, not merely refused.
    expect((await call('GET', '/me', { token })).status).toBe(401);
  });
});

describe('password reset links', () => {
  it('expire after an hour', async () => {
    const { time, call, dataDir } = await start();
    await call('POST', '/password/email', { json: { email: SEED_APP_USER.email } });
    const link = String(
      JSON.parse(fs.readFileSync(path.join(dataDir, 'mail.log'), 'utf8').trim()).link,
    );
    expect(link.startsWith('http://app.test/auth/forgot-password/')).toBe(true);
    const token = link.split('/').at(-2);
    time.now += 60 * 60 * 1000 + 1;
    const reply = await call('POST', '/password/reset', {
      json: {
        token,
        email: SEED_APP_USER.email,
        password: 'new-pass-1',
        password_confirmation: 'new-pass-1',
      },
    });
    expect(reply.status).toBe(400);
  });
});

describe('uploads in flight', () => {
  it('leave no temporary file behind when refused', async () => {
    const { call, dataDir } = await start();
    const token = (await call('POST', '/login', { json: SEED_ADMIN })).body.payload?.token;
    const body = new FormData();
    body.append('file', new Blob(['not an image']), 'fake.png');
    expect((await call('POST', '/chats', { token, body })).status).toBe(422);
    const big = new FormData();
    big.append('file', new Blob([new Uint8Array(DEFAULTS.maxUploadBytes + 1)]), 'big.txt');
    expect((await call('POST', '/chats', { token, body: big })).status).toBe(413);
    await vi.waitFor(() => expect(fs.readdirSync(path.join(dataDir, 'tmp'))).toEqual([]));
  });
});
