import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { repoRoot } from './build.ts';
import { checkFunctionParams, functionParamsFrom } from './stack.ts';

// `npm start` when it cannot start: what the terminal shows, and the exit code. (Its start,
// printed lines, Ctrl-C and restarts are in tests/e2e/start.test.ts: they need whole stacks.)
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** Runs `tsx dev/start.ts <args>` as npm start does, in a temporary data folder. */
function start(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number | null; lines: string[] }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fuel-start-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const child = spawn(
    path.join(repoRoot, 'node_modules', '.bin', 'tsx'),
    ['dev/start.ts', '--data', dataDir, ...args],
    { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => {
    child.once('close', (code) =>
      resolve({ code, lines: output.split('\n').filter((l) => l.trim() !== '') }),
    );
  });
}

/** Something listening on a free port, as another program would be. */
async function occupyPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen({ port: 0, host: '127.0.0.1' }, resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('npm start that cannot start', () => {
  it('says in one line which port is taken, and exits non-zero', async () => {
    const port = await occupyPort();
    const { code, lines } = await start(['--port', String(port)]);
    expect(code).not.toBe(0);
    expect(lines).toEqual([
      `Port ${port} (app) is already in use: stop what is using it, then run npm start again.`,
    ]);
  }, 30_000);

  it('names the options in one line for one it does not know', async () => {
    const { code, lines } = await start(['--prot', '6000']);
    expect(code).not.toBe(0);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/Unknown option '--prot'.*--port <number>/);
  }, 30_000);

  it('refuses a port that leaves no room for the seven above it', async () => {
    const { code, lines } = await start(['--port', '65533']);
    expect(code).not.toBe(0);
    expect(lines).toEqual([
      '--port takes a number from 1024 to 65528 (the stack uses it and the 7 above it).',
    ]);
  }, 30_000);
});

describe('npm start -- --upstream, refused before anything starts', () => {
  it('refuses --users: there is no local API to seed', async () => {
    const { code, lines } = await start([
      '--upstream',
      'https://api.example.com/api',
      '--users',
      '5',
    ]);
    expect(code).not.toBe(0);
    expect(lines).toEqual([
      '--users sizes the seed of the local API, and with --upstream there is none: leave --users out.',
    ]);
  }, 30_000);

  it('names a capability parameter the functions would misread', async () => {
    const { code, lines } = await start(['--upstream', 'http://127.0.0.1:9/api'], {
      UPSTREAM_EMPTY_GROUP: 'no',
    });
    expect(code).not.toBe(0);
    expect(lines).toEqual(['UPSTREAM_EMPTY_GROUP must be true or false: got "no"']);
  }, 30_000);
});

describe('the functions parameters of an upstream', () => {
  const env = {
    UPSTREAM_API_URL: 'https://elsewhere.example.com/api',
    UPSTREAM_CURRENT_USER_PATH: '/user',
    UPSTREAM_FILE_ORIGINS: 'https://cdn.example.com',
    ADMIN_SESSION_SECONDS: '30',
    PATH: '/usr/bin',
    UPSTREAMISH: 'x',
  };

  it('takes every UPSTREAM_* variable but the URL, which is the option, and the session lifetime', () => {
    expect(functionParamsFrom(env, { upstream: true })).toEqual({
      UPSTREAM_CURRENT_USER_PATH: '/user',
      UPSTREAM_FILE_ORIGINS: 'https://cdn.example.com',
      ADMIN_SESSION_SECONDS: '30',
    });
  });

  it('takes the session lifetime alone before the local API, whose capabilities are its own', () => {
    expect(functionParamsFrom(env, { upstream: false })).toEqual({ ADMIN_SESSION_SECONDS: '30' });
  });

  it('accepts the Laravel set and unknown names as they are', () => {
    expect(() =>
      checkFunctionParams({
        UPSTREAM_CURRENT_USER_PATH: '/user',
        UPSTREAM_CURRENT_USER_ENVELOPE: 'false',
        UPSTREAM_REGISTRATION: 'false',
        UPSTREAM_PASSWORD_REQUEST: 'false',
        UPSTREAM_PRICE_DAY_PARAM: 'none',
        UPSTREAM_EMPTY_GROUP: 'false',
        UPSTREAM_TIMEOUT_SECONDS: '10',
        UPSTREAM_FILE_ORIGINS: 'https://cdn.example.com',
      }),
    ).not.toThrow();
  });

  it.each([
    [{ UPSTREAM_REGISTRATION: 'TRUE' }, 'UPSTREAM_REGISTRATION must be true or false: got "TRUE"'],
    [{ UPSTREAM_CURRENT_USER_PATH: 'user' }, /^UPSTREAM_CURRENT_USER_PATH must be a path/],
    [{ UPSTREAM_PRICE_DAY_PARAM: 'a day' }, /^UPSTREAM_PRICE_DAY_PARAM must be a query parameter/],
    [{ UPSTREAM_TIMEOUT_SECONDS: '0' }, /^UPSTREAM_TIMEOUT_SECONDS must be a whole number/],
    [{ ADMIN_SESSION_SECONDS: '1.5' }, /^ADMIN_SESSION_SECONDS must be a whole number/],
    [{ UPSTREAM_FILE_ORIGINS: 'a\nB=c' }, 'UPSTREAM_FILE_ORIGINS must be one line'],
  ])('refuses %o', (params, message) => {
    expect(() => checkFunctionParams(params)).toThrow(message);
  });
});
