/**
 * What the Hosting emulator serves with the project's firebase.json (as the local stack writes
 * it for the run): the app, the SPA fallback for deep links, the built assets, /api/** reaching
 * the api function, and the security headers on each. The run's copy differs from production
 * only where dev/run-config.ts says (connect-src opened to the local emulators, HSTS max-age=0
 * on plain http); dev/firebase-json.test.ts checks production's values themselves.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { loadedFiles, manifestSchema, type Manifest } from '../../bench/support/manifest.ts';
import { repoRoot } from '../../dev/build.ts';
import { envelopeSchema, loginPayloadSchema } from '../../functions/src/contracts/index.js';

const stack = inject('stack');
const app = (route: string) => `${stack.urls.app}${route}`;

/** A CSP as directive → sources. */
function directives(csp: string | null): Map<string, string[]> {
  return new Map(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0] !== '')
      .map(([name = '', ...sources]) => [name.toLowerCase(), sources]),
  );
}

/** Production's CSP, from the firebase.json that `firebase deploy` reads. */
function productionCsp(): Map<string, string[]> {
  const config = z
    .object({
      hosting: z.object({
        headers: z.array(
          z.object({
            source: z.string(),
            headers: z.array(z.object({ key: z.string(), value: z.string() })),
          }),
        ),
      }),
    })
    .parse(JSON.parse(fs.readFileSync(path.join(repoRoot, 'firebase.json'), 'utf8')));
  const value = config.hosting.headers
    .flatMap((rule) => rule.headers)
    .find((h) => h.key === 'Content-Security-Policy')?.value;
  return directives(value ?? null);
}

/** The security headers every Hosting response must carry. */
function expectSecurityHeaders(reply: Response) {
  const csp = directives(reply.headers.get('content-security-policy'));
  const scripts = csp.get('script-src');
  expect(scripts).toBeDefined();
  expect(scripts).not.toContain("'unsafe-inline'");
  expect(scripts).not.toContain("'unsafe-eval'");
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  // Everything but connect-src is production's, word for word.
  const production = productionCsp();
  expect([...csp.keys()].sort()).toEqual([...production.keys()].sort());
  for (const [name, sources] of production)
    if (name !== 'connect-src') expect(csp.get(name), name).toEqual(sources);
  expect(reply.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
  expect(reply.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
}

async function indexHtml(): Promise<string> {
  return (await fetch(app('/'))).text();
}

/** The manifest of the build the stack serves a copy of. */
function builtManifest(): Manifest {
  const file = path.join(repoRoot, 'web', 'dist', '.vite', 'manifest.json');
  return manifestSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
}

describe('Hosting', () => {
  it('serves the app at / with the security headers, its scripts all from files', async () => {
    const reply = await fetch(app('/'));
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^text\/html/);
    expectSecurityHeaders(reply);
    const html = await reply.text();
    expect(html).toContain('<div id="root"></div>');
    // The CSP allows no inline script: a script without src would not run.
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? '');
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toMatch(/\bsrc="\/assets\//);
  });

  it('answers a deep link with the app (SPA fallback), with the same headers', async () => {
    const reply = await fetch(app('/all-users/whatever'));
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^text\/html/);
    expectSecurityHeaders(reply);
    expect(await reply.text()).toBe(await indexHtml());
  });

  it('serves a built asset as JavaScript, cached for good, with the same headers', async () => {
    const asset = /<script\b[^>]*\bsrc="(\/assets\/[^"]+\.js)"/.exec(await indexHtml())?.[1];
    expect(asset).toBeDefined();
    const reply = await fetch(app(asset ?? ''));
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
    expect(reply.headers.get('cache-control')).toContain('immutable');
    expectSecurityHeaders(reply);
    expect(await reply.text()).not.toContain('<div id="root">');
  });

  it('names the app code the entry loads in the page, so it is fetched with the entry', async () => {
    const named = new Set(
      [
        ...(await indexHtml()).matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="\/([^"]+\.js)"/g),
      ].map((m) => m[1]),
    );
    const appCode = loadedFiles(builtManifest(), ['src/app/main.tsx']).filter((file) =>
      file.endsWith('.js'),
    );
    expect(appCode.length).toBeGreaterThan(1);
    expect(appCode.filter((file) => !named.has(file))).toEqual([]);
  });

  it('sends /api/** to the api function, not to the SPA fallback', async () => {
    // Only the function answers a login with a Firebase custom token (the upstream has none).
    const login = await fetch(app('/api/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...stack.admin, device_id: '' }),
    });
    expect(login.status).toBe(200);
    const session = envelopeSchema(loginPayloadSchema).parse(await login.json()).payload;
    expect(session.firebaseToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]*$/);

    // A call without a session is the API's JSON refusal, never the app's index.html.
    const refused = await fetch(app('/api/admin/user'));
    expect(refused.status).toBe(401);
    expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
  });
});
