import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { capabilitiesFrom, DEFAULT_CAPABILITIES } from './contracts/index.js';
import * as params from './params.js';

/**
 * The parameters are the deployment contract with functions/.env.example: a project's
 * `.env.<project-id>` is copied from it, so a parameter renamed in code, or given another
 * default, would leave deployments set up from the example without the value they meant.
 */
const example = new Map(
  readFileSync(new URL('../.env.example', import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => /^[A-Z_]+=/.test(line))
    .map((line): [string, string] => {
      const [name = '', ...value] = line.split('=');
      return [name, value.join('=')];
    }),
);
/** The secret lives in Secret Manager, never in a .env file; declared only when asked for. */
const SECRETS = ['UPSTREAM_PROXY_SECRET'];
const { upstreamProxySecret, ...plain } = params;
const defined = Object.values(plain);

describe('the deployment parameters', () => {
  it('are exactly those functions/.env.example sets', () => {
    expect(defined.map((param) => param.name).sort()).toEqual([...example.keys()].sort());
  });

  it.each(defined.map((param) => [param.name, param] as const))(
    '%s defaults to the value the example sets, when it has a default',
    (name, param) => {
      const { default: fallback } = param.options;
      if (fallback === undefined) return;
      expect(String(fallback)).toBe(example.get(name));
    },
  );

  it('default everything but the upstream address', () => {
    // A deployment that forgets the upstream must fail, not call a made-up one.
    expect(
      defined.filter((param) => param.options.default === undefined).map((param) => param.name),
    ).toEqual(['UPSTREAM_API_URL']);
  });

  it('default the capabilities to what the reference API offers', () => {
    const byName = new Map(defined.map((param) => [param.name, param.options.default]));
    expect(
      capabilitiesFrom({
        UPSTREAM_CURRENT_USER_PATH: String(byName.get('UPSTREAM_CURRENT_USER_PATH')),
        UPSTREAM_CURRENT_USER_ENVELOPE: byName.get('UPSTREAM_CURRENT_USER_ENVELOPE') === true,
        UPSTREAM_REGISTRATION: byName.get('UPSTREAM_REGISTRATION') === true,
        UPSTREAM_PASSWORD_REQUEST: byName.get('UPSTREAM_PASSWORD_REQUEST') === true,
        UPSTREAM_PRICE_DAY_PARAM: String(byName.get('UPSTREAM_PRICE_DAY_PARAM')),
        UPSTREAM_EMPTY_GROUP: byName.get('UPSTREAM_EMPTY_GROUP') === true,
      }),
    ).toEqual(DEFAULT_CAPABILITIES);
  });

  it('keep the secret out of the example, and undeclared while no header asks for it', () => {
    for (const name of SECRETS) expect(example.has(name)).toBe(false);
    expect(process.env.UPSTREAM_PROXY_HEADER ?? '').toBe('');
    expect(upstreamProxySecret).toBeUndefined();
  });

  it.each(defined.map((param) => [param.name, param] as const))(
    '%s says what it is for, which the CLI shows when it asks for a value',
    (_name, param) => {
      expect(param.options.description?.length).toBeGreaterThan(20);
    },
  );
});
