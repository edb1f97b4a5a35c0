/**
 * The SDK in a real browser (Chromium, native WebSocket), as the web app uses it; here through
 * the SDK's own browser bundles, served from a local page. Also the one transport the engine
 * does not serve: a browser that once saw a WebSocket fail falls back to long polling, which
 * forceWebSockets() prevents (the product's CSP forbids long polling's scripts anyway).
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '../../dev/rtdb/index.js';
import { launchBrowser } from '../support/browser.js';
import { eventually, officialEmulator, startDatabase, type TestDatabase } from './support.js';

// The SDK's own browser bundles (UMD, global `firebase`), as its package ships them.
const firebaseDir = path.dirname(createRequire(import.meta.url).resolve('firebase/package.json'));
const bundles: Record<string, string> = {
  '/app.js': path.join(firebaseDir, 'firebase-app-compat.js'),
  '/database.js': path.join(firebaseDir, 'firebase-database-compat.js'),
};

const lines: string[] = [];
const logger: Logger = { info: () => {}, warn: (m) => lines.push(m), error: (m) => lines.push(m) };

let db: TestDatabase;
let server: http.Server;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  db = await startDatabase({ rules: { '.read': true, '.write': true } }, { logger });
  server = http.createServer((req, res) => {
    const bundle = bundles[req.url ?? ''];
    res.setHeader('content-type', bundle === undefined ? 'text/html' : 'text/javascript');
    res.end(
      bundle === undefined
        ? '<!doctype html><script src="/app.js"></script><script src="/database.js"></script>'
        : fs.readFileSync(bundle),
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await new Promise((done) => server?.close(done));
  await db?.close();
});

interface Outcome {
  value: unknown;
  windows: string[][];
}

/** In the page: a query listener, three writes, a read; what the listener saw. */
function run(page: Page, options: { forceWebSockets: boolean }): Promise<Outcome> {
  return page.evaluate(
    async ({ namespace, host, port, forceWebSockets }) => {
      type Snapshot = { val(): Record<string, unknown> | null };
      type Reference = {
        set(value: unknown): Promise<void>;
        remove(): Promise<void>;
        once(event: 'value'): Promise<Snapshot>;
        orderByChild(path: string): {
          limitToLast(n: number): { on(event: 'value', cb: (s: Snapshot) => void): void };
        };
      };
      type Db = {
        INTERNAL: { forceWebSockets(): void };
        useEmulator(host: string, port: number): void;
        ref(path: string): Reference;
      };
      const sdk = (
        window as unknown as {
          firebase: { initializeApp(o: object, name: string): { database(): Db } };
        }
      ).firebase;
      const app = sdk.initializeApp(
        { projectId: 'demo-rtdb-tests', databaseURL: `https://${namespace}.firebaseio.com` },
        `app-${Math.random()}`,
      );
      const database = app.database();
      if (forceWebSockets) database.INTERNAL.forceWebSockets();
      database.useEmulator(host, port);
      const windows: string[][] = [];
      database
        .ref('chat')
        .orderByChild('t')
        .limitToLast(2)
        .on('value', (s) => windows.push(Object.keys(s.val() ?? {})));
      await database.ref('chat').set({ a: { t: 1 }, b: { t: 2 }, c: { t: 3 } });
      await database.ref('chat/c').remove();
      const value = (await database.ref('chat').once('value')).val();
      await new Promise((done) => setTimeout(done, 100));
      return { value, windows };
    },
    { namespace: db.namespace, host: db.host, port: db.port, ...options },
  );
}

describe('web SDK in Chromium', () => {
  it('works over the browser WebSocket, server-side query windows included', async () => {
    const page = await browser.newPage();
    await page.goto(origin);
    const outcome = await run(page, { forceWebSockets: false });
    expect(outcome.value).toEqual({ a: { t: 1 }, b: { t: 2 } });
    expect(outcome.windows.at(-1)).toEqual(['a', 'b']);
    await page.close();
  });

  it('after an earlier WebSocket failure, works when the app forces WebSockets', async () => {
    const page = await browser.newPage();
    await page.goto(origin);
    await page.evaluate(() => localStorage.setItem('firebase:previous_websocket_failure', 'true'));
    await page.reload();
    const outcome = await run(page, { forceWebSockets: true });
    expect(outcome.value).toEqual({ a: { t: 1 }, b: { t: 2 } });
    await page.close();
  });

  it.skipIf(officialEmulator !== undefined)(
    'says how to fix it when a browser falls back to long polling',
    async () => {
      const page = await browser.newPage();
      await page.goto(origin);
      await page.evaluate(() =>
        localStorage.setItem('firebase:previous_websocket_failure', 'true'),
      );
      await page.reload();
      void run(page, { forceWebSockets: false }).catch(() => undefined);
      const warning = await eventually(
        () => lines.find((l) => l.includes('long polling')),
        'the warning',
      );
      expect(warning).toContain('forceWebSockets()');
      await page.close();
    },
  );
});
