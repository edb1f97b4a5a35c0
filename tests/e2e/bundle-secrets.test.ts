import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { DEFAULT_PORTS } from '../../dev/ports.ts';

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

// What must never reach a browser: the leaked FCM server key kind, private keys, service
// account files, and the upstream's address (the client only ever calls /api).
const forbidden: [string, RegExp][] = [
  ['an FCM server key', /AAAA[A-Za-z0-9_-]{7}:APA91b/],
  ['a private key', /-----BEGIN (?:RSA |EC |ENCRYPTED )?PRIVATE KEY-----/],
  ['a service account', /"private_key"|service_account/],
  ['the upstream parameter', /UPSTREAM_API_URL/],
];

/**
 * The upstream hosts a developer has configured for real projects (functions/.env.<project>,
 * or the environment), so a production address cannot slip into the build either.
 */
function configuredUpstreamHosts(): string[] {
  const dir = path.join(import.meta.dirname, '../../functions');
  const values = fs
    .readdirSync(dir)
    .filter((name) => name.startsWith('.env') && name !== '.env.example')
    .flatMap((name) => fs.readFileSync(path.join(dir, name), 'utf8').split('\n'))
    .map((line) => /^\s*UPSTREAM_API_URL\s*=\s*["']?([^"'\s]+)/.exec(line)?.[1])
    .concat(process.env.UPSTREAM_API_URL);
  return values.flatMap((value) => (value && URL.canParse(value) ? [new URL(value).host] : []));
}

describe('the production web build', () => {
  it('holds no server key, private key or upstream address', async () => {
    // The stack built web/dist for this run and serves this copy of it.
    const dist = path.join(inject('stack').dataDir, 'firebase', 'public');
    const upstream = new URL(inject('stack').urls.api);
    const addresses = [
      upstream.host,
      `:${DEFAULT_PORTS.api}/`,
      `localhost:${DEFAULT_PORTS.api}`,
      ...configuredUpstreamHosts(),
    ];
    const files = filesUnder(dist).filter((f) =>
      /\.(js|css|html|json|txt|map|webmanifest)$/.test(f),
    );
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      const name = path.relative(dist, file);
      for (const [what, pattern] of forbidden)
        expect(pattern.test(text), `${name} holds ${what}`).toBe(false);
      for (const address of addresses)
        expect(text.includes(address), `${name} holds ${address}`).toBe(false);
    }
  });

  it("is a production build (not React's development runtime, several times larger and slower)", () => {
    const dist = path.join(inject('stack').dataDir, 'firebase', 'public');
    const scripts = filesUnder(dist).filter((f) => f.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    // A warning only React's development JSX runtime carries.
    const devOnly = 'Each child in a list should have a unique';
    for (const file of scripts) {
      const name = path.relative(dist, file);
      expect(
        fs.readFileSync(file, 'utf8').includes(devOnly),
        `${name} is a development build`,
      ).toBe(false);
    }
  });
});
