import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { z } from 'zod';
import { SEED_ADMIN, SEED_APP_USER, startApi } from '../../dev/api/index.js';
import { type Flavour, flavourNamed } from '../../dev/api/flavour.js';
import {
  bareEnvelopeSchema,
  envelopeSchema,
  loginPayloadSchema,
  refusalMessage,
  writeSucceeded,
  type EnvelopeMessage,
} from '../../functions/src/contracts/index.js';

/**
 * Where the contract tests run: CONTRACT_API_URL (e.g. a real upstream, with its accounts in
 * CONTRACT_ADMIN_EMAIL / _PASSWORD and CONTRACT_USER_EMAIL / _PASSWORD), or, when unset, a
 * fresh seeded reference API started for the test file in a temporary folder on a free port.
 * CONTRACT_FLAVOUR names the dialect it speaks (reference, the default, or laravel): the API
 * started here speaks it, and the tests expect what that dialect promises.
 */
const external = process.env.CONTRACT_API_URL?.replace(/\/+$/, '');

export const flavour: Flavour = flavourNamed(
  process.env.CONTRACT_FLAVOUR ?? 'reference',
  'CONTRACT_FLAVOUR',
);

/** Tests that need the reference API's insides (its data folder, its seed) run only locally. */
export const isLocal = external === undefined;

export interface Credentials {
  email: string;
  password: string;
}

export interface Reply {
  status: number;
  headers: Headers;
  body: unknown;
}

export interface CallOptions {
  token?: string;
  json?: unknown;
  form?: FormData;
  /** A raw body with its content type, for malformed requests. */
  raw?: { body: string; type: string };
  /** More request headers. */
  headers?: Record<string, string>;
}

/** Calls `<base><route>` and reads the reply (JSON when it says so, else text). */
export function client(base: () => string) {
  return async function call(
    method: string,
    route: string,
    options: CallOptions = {},
  ): Promise<Reply> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
    let body: string | FormData | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form !== undefined) {
      body = options.form;
    } else if (options.raw !== undefined) {
      headers['content-type'] = options.raw.type;
      body = options.raw.body;
    }
    const response = await fetch(`${base()}${route}`, { method, headers, body });
    const type = response.headers.get('content-type') ?? '';
    return {
      status: response.status,
      headers: response.headers,
      body: type.includes('json') ? await response.json() : await response.text(),
    };
  };
}
export type Call = ReturnType<typeof client>;

export async function signIn(call: Call, credentials: Credentials): Promise<string> {
  const reply = await call('POST', '/login', { json: { ...credentials, device_id: '' } });
  return expectOk(reply, loginPayloadSchema).token;
}

export function contractApi() {
  let url = external ?? '';
  let dataDir: string | null = null;
  let close: (() => Promise<void>) | null = null;
  const tokens = new Map<string, Promise<string>>();

  beforeAll(async () => {
    if (external !== undefined) return;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fuel-contract-'));
    const api = await startApi({ port: 0, dataDir, flavour: flavour.name });
    url = api.url;
    close = api.close;
  });
  afterAll(async () => {
    await close?.();
    if (dataDir !== null) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const admin: Credentials = {
    email: process.env.CONTRACT_ADMIN_EMAIL ?? SEED_ADMIN.email,
    password: process.env.CONTRACT_ADMIN_PASSWORD ?? SEED_ADMIN.password,
  };
  const user: Credentials = {
    email: process.env.CONTRACT_USER_EMAIL ?? SEED_APP_USER.email,
    password: process.env.CONTRACT_USER_PASSWORD ?? SEED_APP_USER.password,
  };

  const call = client(() => url);

  const login = (credentials: Credentials) => signIn(call, credentials);

  /** One session per account per test file. */
  const tokenFor = (credentials: Credentials) => {
    const key = credentials.email;
    const known = tokens.get(key);
    if (known !== undefined) return known;
    const fresh = login(credentials);
    tokens.set(key, fresh);
    return fresh;
  };

  return {
    get url() {
      return url;
    },
    /** The API's data folder when this suite started it, else null. */
    get dataDir() {
      return dataDir;
    },
    admin,
    user,
    call,
    login,
    adminToken: () => tokenFor(admin),
    userToken: () => tokenFor(user),
  };
}
export type ContractApi = ReturnType<typeof contractApi>;

/** A read's success: HTTP 200, `metadata.success` 1, and a payload of the contract's shape. */
export function expectOk<T extends z.core.$ZodType>(reply: Reply, payload: T): z.output<T> {
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  expect(envelopeSchema(payload).parse(reply.body).metadata.success).toBe(true);
  // Parsed once more on its own: TypeScript cannot see through the generic envelope's payload.
  return z.parse(payload, bareEnvelopeSchema.parse(reply.body).payload);
}

/**
 * A write's success as the product reads it: a 2xx with a successful envelope, a bare model or
 * no body. Its record when the reply echoes one of `record`'s shape, else undefined (the
 * product then reads the list again).
 */
export function expectWritten<T extends z.core.$ZodType>(
  reply: Reply,
  record: T,
): z.output<T> | undefined {
  const body =
    typeof reply.body === 'string' && reply.body.trim() === ''
      ? ({ kind: 'empty' } as const)
      : typeof reply.body === 'string'
        ? ({ kind: 'other' } as const)
        : ({ kind: 'json', json: reply.body } as const);
  const written = writeSucceeded(reply.status, body);
  expect(written, `${reply.status} ${JSON.stringify(reply.body)}`).toBeDefined();
  const parsed = z.safeParse(record, written?.record);
  return parsed.success ? parsed.data : undefined;
}

/** A refusal: the given HTTP status and its message, in the envelope or Laravel's shape. */
export function expectFail(reply: Reply, status: number): EnvelopeMessage {
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  const message = refusalMessage(reply.body);
  if (message === undefined)
    throw new Error(`a refusal without a message: ${JSON.stringify(reply.body)}`);
  return message;
}

/** A validation failure: 422 with a list of messages per field. */
export function expectInvalid(reply: Reply): Record<string, string[]> {
  const message = expectFail(reply, 422);
  if (typeof message === 'string' || Array.isArray(message)) {
    throw new Error(`422 without messages per field: ${JSON.stringify(message)}`);
  }
  return message;
}

/** A multipart form from fields and files ({ name, bytes, type }). */
export function form(
  fields: Record<string, string | number>,
  files: Record<string, { name: string; bytes: Buffer; type?: string }> = {},
): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, String(value));
  for (const [key, file] of Object.entries(files)) {
    data.append(
      key,
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    );
  }
  return data;
}

/** GETs a file URL the API returned (absolute, outside /api). */
export async function download(fileUrl: string) {
  const response = await fetch(fileUrl);
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}
