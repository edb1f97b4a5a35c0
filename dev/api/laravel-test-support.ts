import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { SEED_ADMIN, SEED_APP_USER, startApi, type RunningApi } from './index.js';
import { encodePng } from './png.js';

export interface Reply {
  status: number;
  headers: Headers;
  body: unknown;
}

/** The envelope's payload, as the test expects it to be (expect() judges the rest). */
export function payload<T>(reply: Reply): T {
  return (reply.body as { payload: T }).payload;
}

export interface CallInit {
  token?: string;
  json?: unknown;
  form?: FormData;
}

/** A small seeded API in the Laravel flavour, started once for the test file, over real HTTP. */
export function laravelApi() {
  let api: RunningApi | undefined;
  let dataDir = '';
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fuel-laravel-'));
    api = await startApi({
      port: 0,
      dataDir,
      flavour: 'laravel',
      seed: { users: 6, groupMembersMax: 4 },
    });
  });
  afterAll(async () => {
    await api?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const running = () => {
    if (api === undefined) throw new Error('the API is not started');
    return api;
  };

  /** Calls `<origin>/api<route>` and reads the JSON reply. */
  async function call(method: string, route: string, init: CallInit = {}): Promise<Reply> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (init.token !== undefined) headers.authorization = `Bearer ${init.token}`;
    if (init.json !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${running().url}${route}`, {
      method,
      headers,
      body: init.json === undefined ? init.form : JSON.stringify(init.json),
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: text === '' ? null : JSON.parse(text),
    };
  }

  async function signIn(account: { email: string; password: string }): Promise<string> {
    const known = tokens.get(account.email);
    if (known !== undefined) return known;
    const reply = await call('POST', '/login', { json: account });
    const token = payload<{ token: string }>(reply).token;
    tokens.set(account.email, token);
    return token;
  }

  return {
    get api() {
      return running();
    },
    call,
    admin: () => signIn(SEED_ADMIN),
    appUser: () => signIn(SEED_APP_USER),
    signIn,
  };
}

/** A 2x2 PNG, as a form's file part. */
export function pngBlob(): Blob {
  return new Blob([new Uint8Array(encodePng(2, 2, new Uint8Array(12)))], { type: 'image/png' });
}

/** A form with text fields and named files. */
export function formOf(fields: Record<string, string>, files: Record<string, Blob> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, blob] of Object.entries(files)) form.append(name, blob, `${name}.png`);
  return form;
}

/** MySQL's DATETIME text, as Laravel sends a column without a cast. */
export const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
