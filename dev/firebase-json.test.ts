import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { repoRoot } from './build.ts';
import { DEFAULT_PORTS } from './ports.ts';

// The production firebase.json, as `firebase deploy` reads it. The local stack writes its own
// copy per run (run-config.ts) with local ports and a CSP opened to the emulators, so what
// production serves is only proven here.
const headerSchema = z.object({ key: z.string(), value: z.string() });
const config = z
  .looseObject({
    hosting: z.looseObject({
      public: z.string(),
      rewrites: z.array(
        z.looseObject({
          source: z.string(),
          destination: z.string().optional(),
          function: z.looseObject({ functionId: z.string() }).optional(),
        }),
      ),
      headers: z.array(z.object({ source: z.string(), headers: z.array(headerSchema) })),
    }),
    functions: z.array(z.looseObject({ source: z.string(), runtime: z.string() })),
    database: z.object({ rules: z.string() }),
    storage: z.object({ rules: z.string() }),
    emulators: z.record(z.string(), z.unknown()),
  })
  .parse(JSON.parse(fs.readFileSync(path.join(repoRoot, 'firebase.json'), 'utf8')));

/** The headers every Hosting response carries: those of the rules whose source is `**`. */
const everywhere = new Map(
  config.hosting.headers
    .filter((rule) => rule.source === '**')
    .flatMap((rule) => rule.headers.map((h) => [h.key.toLowerCase(), h.value] as const)),
);

/** A CSP as directive → sources. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0] !== '')
      .map(([name = '', ...sources]) => [name.toLowerCase(), sources]),
  );
}

describe('firebase.json (production)', () => {
  it('serves web/dist, proxies /api/** to the api function before the SPA fallback', () => {
    expect(config.hosting.public).toBe('web/dist');
    const { rewrites } = config.hosting;
    const api = rewrites.findIndex((r) => r.source === '/api/**');
    expect(rewrites[api]?.function?.functionId).toBe('api');
    // Hosting applies the first rewrite that matches: the fallback must come last.
    expect(rewrites.at(-1)).toMatchObject({ source: '**', destination: '/index.html' });
    expect(api).toBeGreaterThanOrEqual(0);
    expect(api).toBeLessThan(rewrites.length - 1);
  });

  it('deploys the functions on the nodejs22 runtime', () => {
    expect(config.functions.map((f) => [f.source, f.runtime])).toEqual([['functions', 'nodejs22']]);
  });

  it('sends a CSP that allows no inline script and no framing, on every response', () => {
    const csp = directives(everywhere.get('content-security-policy') ?? '');
    const scripts = csp.get('script-src') ?? csp.get('default-src');
    expect(scripts).toBeDefined();
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    expect(scripts).not.toContain('*');
    expect(scripts).not.toContain('data:');
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
  });

  it('sends HSTS, nosniff and a referrer policy on every response', () => {
    const maxAge = /max-age=(\d+)/.exec(everywhere.get('strict-transport-security') ?? '')?.[1];
    expect(Number(maxAge)).toBeGreaterThanOrEqual(31_536_000);
    expect(everywhere.get('x-content-type-options')).toBe('nosniff');
    expect(everywhere.get('referrer-policy')).toMatch(
      /^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/,
    );
  });

  it('names the rules files and the emulator ports npm start uses', () => {
    expect(config.database.rules).toBe('database.rules.json');
    expect(config.storage.rules).toBe('storage.rules');
    for (const file of [config.database.rules, config.storage.rules])
      expect(fs.existsSync(path.join(repoRoot, file))).toBe(true);
    const port = (name: string) =>
      z.object({ port: z.number() }).parse(config.emulators[name]).port;
    expect({
      auth: port('auth'),
      functions: port('functions'),
      database: port('database'),
      hosting: port('hosting'),
      tasks: port('tasks'),
    }).toEqual({
      auth: DEFAULT_PORTS.auth,
      functions: DEFAULT_PORTS.functions,
      database: DEFAULT_PORTS.rtdb,
      hosting: DEFAULT_PORTS.app,
      tasks: DEFAULT_PORTS.tasks,
    });
  });
});
