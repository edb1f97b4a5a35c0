import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { streamLogger, teeLogger, type Logger } from '../../dev/logger.ts';
import { freePorts } from '../../dev/ports.ts';
import { startStack, type Stack } from '../../dev/stack.ts';
import { httpRequest, upstreamLogin } from './http.ts';

export interface BenchStack {
  stack: Stack;
  /** What Hosting serves: the stack's copy of web/dist. */
  publicDir: string;
  stop(): Promise<void>;
}

export interface BenchStackOptions {
  dataDir: string;
  reset: boolean;
  seed?: { users?: number };
  /** Parameters of the functions beside the upstream's URL (dev/stack.ts `functionParams`). */
  functionParams?: Record<string, string>;
  log: Logger;
}

/**
 * The local stack on free ports in `dataDir`, its chatter in `<dataDir>.log` (and
 * warnings on `log`). `reset: false` keeps what was prepared in `dataDir` beforehand.
 */
export async function startBenchStack(options: BenchStackOptions): Promise<BenchStack> {
  // Beside the data folder, not in it: `reset` empties that folder.
  fs.mkdirSync(path.dirname(options.dataDir), { recursive: true });
  const file = fs.createWriteStream(`${options.dataDir}.log`, { flags: 'a' });
  const stack = await startStack({
    ports: await freePorts(),
    dataDir: options.dataDir,
    reset: options.reset,
    ...(options.seed ? { seed: options.seed } : {}),
    ...(options.functionParams ? { functionParams: options.functionParams } : {}),
    log: teeLogger(streamLogger('stack', file), options.log),
  }).catch((error: unknown) => {
    file.end();
    throw error;
  });
  return {
    stack,
    publicDir: path.join(options.dataDir, 'firebase', 'public'),
    stop: async () => {
      await stack.stop();
      file.end();
    },
  };
}

const shallowSchema = z.record(z.string(), z.literal(true)).nullable();

/**
 * Lists every user once through the app's /api (the proxy), then waits until the user mirror
 * (written after that reply) holds them all, so the measured visits neither pay the Functions
 * emulator's first start nor compete with 100 000 mirror writes.
 */
export async function warmUserList(
  stack: Stack,
  expected: number,
  log: Logger,
  timeoutMs = 300_000,
): Promise<void> {
  const token = await upstreamLogin(`${stack.urls.app}/api`, stack.admin);
  const listed = await httpRequest(`${stack.urls.app}/api/admin/user`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (listed.status !== 200) throw new Error(`listing the users answered HTTP ${listed.status}`);
  const { host, port, namespace } = stack.rtdb;
  const until = Date.now() + timeoutMs;
  for (;;) {
    const reply = await httpRequest(
      `http://${host}:${port}/users.json?ns=${namespace}&shallow=true`,
      { headers: { authorization: 'Bearer owner' } },
    );
    const users = shallowSchema.parse(JSON.parse(reply.body.toString('utf8')));
    const count = users ? Object.keys(users).length : 0;
    if (count >= expected) return;
    if (Date.now() > until) {
      log.warn(`the user mirror holds ${count} of ${expected} users after ${timeoutMs / 1000} s`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
}
