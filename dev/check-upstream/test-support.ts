import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { CapabilityParams } from '../../functions/src/contracts/index.js';
import { type FlavourName, SEED_ADMIN, startApi, type RunningApi } from '../api/index.js';
import { checkUpstream } from './check.js';

/** What a run of the check printed and returned, with the requests it made. */
export interface Run {
  code: number;
  output: string;
  requests: string[];
  /** The text after the subject on the line about `subject`, or undefined without such line. */
  line(subject: string): string | undefined;
}

export const ADMIN_ENV = {
  UPSTREAM_ADMIN_EMAIL: SEED_ADMIN.email,
  UPSTREAM_ADMIN_PASSWORD: SEED_ADMIN.password,
};

/** The capability parameters as the environment holds them. */
export const envOf = (params: CapabilityParams): Record<string, string> =>
  Object.fromEntries(Object.entries(params).map(([name, value]) => [name, String(value)]));

/** Runs the check as the command line does, recording each request as `METHOD /path?query`. */
export async function runCheck(
  argv: string[],
  env: Record<string, string>,
  fetchFn: typeof fetch = fetch,
): Promise<Run> {
  let output = '';
  const requests: string[] = [];
  const recording: typeof fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input);
    requests.push(`${init?.method ?? 'GET'} ${url.pathname}${url.search}`);
    return fetchFn(input, init);
  };
  const code = await checkUpstream(argv, env, {
    fetch: recording,
    out: { write: (text: string) => (output += text) },
    now: () => new Date(),
  });
  const line = (subject: string) =>
    output
      .split('\n')
      .find((text) => text.slice(6).startsWith(`${subject} `))
      ?.slice(6 + subject.length)
      .trim();
  return { code, output, requests, line };
}

/** A small seeded dev/api in `flavour`, started once for the test file. */
export function seededApi(flavour: FlavourName) {
  let api: RunningApi | undefined;
  let dataDir = '';
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `check-upstream-${flavour}-`));
    api = await startApi({ port: 0, dataDir, flavour, seed: { users: 6, groupMembersMax: 4 } });
  });
  afterAll(async () => {
    await api?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return () => {
    if (api === undefined) throw new Error('the API is not started');
    return api;
  };
}

/** The admin's payload of `GET <url>/<route>` on a running dev/api. */
export async function adminRead(url: string, route: string): Promise<unknown> {
  const login = await fetch(`${url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ email: SEED_ADMIN.email, password: SEED_ADMIN.password }),
  });
  const { payload } = (await login.json()) as { payload: { token: string } };
  const reply = await fetch(`${url}/${route}`, {
    headers: { authorization: `Bearer ${payload.token}`, accept: 'application/json' },
  });
  return ((await reply.json()) as { payload: unknown }).payload;
}

export interface DoubleReply {
  status?: number;
  body?: unknown;
}

/** A route of the test double: `GET /admin/offers` (below /api, without the query). */
export type DoubleRoutes = Record<string, (request: http.IncomingMessage) => DoubleReply>;

/** A small upstream in a node:http server, answering `routes` and 404 to anything else. */
export function upstreamDouble(routes: () => DoubleRoutes) {
  let server: http.Server | undefined;
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://double');
      const route = routes()[`${request.method ?? 'GET'} ${url.pathname.replace(/^\/api/, '')}`];
      // The body is drained so that the client's request completes; the double ignores it.
      request.resume();
      request.on('end', () => {
        const reply = route?.(request) ?? { status: 404, body: { message: 'Not Found' } };
        response.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
        response.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
      });
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });
  return () => `http://127.0.0.1:${(server?.address() as AddressInfo).port}/api`;
}

/** The envelope of a success. */
export const ok = (payload: unknown): DoubleReply => ({
  body: { metadata: { success: 1, message: '' }, payload },
});
