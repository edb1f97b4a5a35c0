import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../web/src/lib/storage.ts';

// docs/product.md states what the code keeps: a local storage key or a timer added in the code
// and not in the docs (or the other way round) fails here.
const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const product = read('docs/product.md');

/** The text of a `## ` section of docs/product.md, up to the next one. */
function section(heading: string): string {
  const start = product.indexOf(`\n## ${heading}\n`);
  if (start === -1) throw new Error(`docs/product.md has no section "${heading}"`);
  const end = product.indexOf('\n## ', start + 1);
  return product.slice(start, end === -1 ? undefined : end);
}

/** Every source file of the web app, tests and test helpers left out. */
function webSources(): string[] {
  const files = fs.readdirSync(path.join(root, 'web/src'), { recursive: true, encoding: 'utf8' });
  return files
    .map((file) => `web/src/${file.split(path.sep).join('/')}`)
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .filter((file) => !file.startsWith('web/src/testing/'));
}

describe('the local storage table', () => {
  const keys = [...section('Local storage').matchAll(/^\|\s*`([^`]+)`\s*\|/gm)].map(
    ([, key]) => key ?? '',
  );
  const outboxKey = /outboxStorageKey = \(uid: string\) => `([^`$]+)\$\{uid\}`/.exec(
    read('web/src/features/chat/outbox.ts'),
  );
  const outboxPrefix = outboxKey?.[1];

  it('lists every key the app stores', () => {
    expect(outboxPrefix).toBe('chatOutbox:');
    const missing = Object.values(STORAGE_KEYS).filter((key) => !keys.includes(key));
    expect(missing).toEqual([]);
    expect(keys).toContain(`${outboxPrefix}{uid}`);
  });

  it('lists no key the app does not store', () => {
    const known: string[] = [...Object.values(STORAGE_KEYS), `${outboxPrefix}{uid}`];
    expect(keys.filter((key) => !known.includes(key))).toEqual([]);
  });
});

// A product timer lives in web/src/lib/constants.ts, or in a file the "Limits and timers" table
// names. What stays in its own module is a timing of that module alone, listed here with why.
const CONSTANTS = 'web/src/lib/constants.ts';
const OWN_TIMINGS: Readonly<Record<string, readonly string[]>> = {
  // A unit of time, not a timer.
  'web/src/components/push-composer/send-later-time.ts': ['DAY_MS'],
  // Bounds on the steps of a sign-out the admin does not wait for.
  'web/src/app/create-services.ts': ['FIREBASE_SIGN_OUT_TIMEOUT_MS', 'SERVER_SIGN_OUT_TIMEOUT_MS'],
  // A bound on reading a video for its cover.
  'web/src/features/chat/video-cover.ts': ['READ_TIMEOUT_MS'],
  // How often the chat's offline duration is looked at again, and its start-up grace.
  'web/src/features/chat/use-connection.ts': ['TICK_MS'],
  'web/src/features/chat/connection.ts': ['CONNECT_GRACE_MS'],
  // When a push's missing delivery report stops reading as pending.
  'web/src/features/notifications/components/delivery-status.tsx': ['DELIVERY_REPORT_EXPECTED_MS'],
  // The price desk's chart and presence pacing (docs/decisions.md, Screens).
  'web/src/features/prices/desk/price-desk.tsx': ['CHART_FOLLOW_MS'],
  'web/src/features/prices/desk/use-desk-presence.ts': ['PRESENCE_WRITE_MS', 'PRESENCE_REST_MS'],
  // How long a template demo's example action spins.
  'web/src/template/template-demos/components/overlays-demo.tsx': ['EXAMPLE_ACTION_MS'],
  // How long a push waits for the database connection (docs/decisions.md).
  'web/src/lib/realtime/connection.ts': ['CONNECT_TIMEOUT_MS'],
};

describe('the timers', () => {
  it(`are in ${CONSTANTS} unless kept for a reason`, () => {
    const named = new Set(
      [...section('Limits and timers').matchAll(/`(web\/src\/[^`]+\.tsx?)`/g)].map(([, f]) => f),
    );
    const files = webSources();
    expect(files).toContain(CONSTANTS);
    const stray = files
      .filter((file) => file !== CONSTANTS && !named.has(file))
      .flatMap((file) =>
        [...read(file).matchAll(/^\s*(?:export\s+)?const\s+([A-Z][A-Z0-9_]*_MS)\b/gm)]
          .map(([, name]) => name as string)
          .filter((name) => !OWN_TIMINGS[file]?.includes(name))
          .map((name) => `${file}: ${name}`),
      );
    expect(stray).toEqual([]);
  });
});
