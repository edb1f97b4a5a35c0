import { spawn } from 'node:child_process';
import fs from 'node:fs';
import type { Agent } from 'node:http';
import { request } from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { bareEnvelopeSchema, loginPayloadSchema } from '../../functions/src/contracts/index.ts';
import { repoRoot } from '../../dev/build.ts';

export interface HttpReply {
  status: number;
  body: Buffer;
}

/** One HTTP request on node:http (keep-alive through `agent`), its whole reply read. */
export function httpRequest(
  url: string,
  init: {
    method?: string;
    headers?: Record<string, string>;
    body?: Buffer | string | Readable;
    agent?: Agent;
  } = {},
): Promise<HttpReply> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: init.method ?? 'GET',
      headers: init.headers,
      ...(init.agent ? { agent: init.agent } : {}),
    });
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
    });
    const body = init.body;
    if (body === undefined || typeof body === 'string' || Buffer.isBuffer(body)) req.end(body);
    else body.pipe(req);
  });
}

/** The envelope's payload of a successful reply, parsed; throws with the message otherwise. */
export function payloadOf<T extends z.core.$ZodType>(reply: HttpReply, payload: T): z.output<T> {
  const text = reply.body.toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`HTTP ${reply.status}, not JSON: ${text.slice(0, 120)}`);
  }
  const parsed = bareEnvelopeSchema.safeParse(json);
  if (!parsed.success)
    throw new Error(`HTTP ${reply.status}, unexpected reply: ${parsed.error.message}`);
  if (reply.status !== 200 || !parsed.data.metadata.success) {
    throw new Error(`HTTP ${reply.status}: ${JSON.stringify(parsed.data.metadata.message)}`);
  }
  return z.parse(payload, parsed.data.payload);
}

/** Signs in on the upstream API (or through the proxy) and returns the bearer token. */
export async function upstreamLogin(
  apiUrl: string,
  account: { email: string; password: string },
): Promise<string> {
  const reply = await httpRequest(`${apiUrl}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...account, device_id: '' }),
  });
  return payloadOf(reply, loginPayloadSchema).token;
}

export interface ApiProcess {
  url: string;
  stop(): Promise<void>;
}

/**
 * The reference upstream API in its own process (dev/api/cli.ts), so a load generator or a
 * proxy in another process does not share its event loop.
 */
export async function startApiProcess(options: {
  dataDir: string;
  logFile: string;
  users?: number;
}): Promise<ApiProcess> {
  const log = fs.openSync(options.logFile, 'a');
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(repoRoot, 'dev', 'api', 'cli.ts'),
      '--port',
      '0',
      '--data',
      options.dataDir,
      '--reset',
      ...(options.users === undefined ? [] : ['--users', String(options.users)]),
    ],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', log] },
  );
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  const stdout = child.stdout;
  try {
    if (!stdout) throw new Error('the API process has no stdout');
    const url = await new Promise<string>((resolve, reject) => {
      let seen = '';
      const timer = setTimeout(() => reject(new Error('the API did not start in 120 s')), 120_000);
      stdout.on('data', (chunk: Buffer) => {
        seen += chunk.toString();
        const match = /Upstream API: (\S+)/.exec(seen);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the API exited (${code}); see ${options.logFile}`));
      });
    });
    stdout.resume();
    return { url, stop };
  } catch (error) {
    await stop();
    throw error;
  } finally {
    fs.closeSync(log);
  }
}
