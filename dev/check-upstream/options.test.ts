import { describe, expect, it } from 'vitest';
import { DEFAULT_CAPABILITY_PARAMS } from '../../functions/src/contracts/index.js';
import { readOptions } from './options.js';

const credentials = {
  UPSTREAM_ADMIN_EMAIL: 'ada@example.com',
  UPSTREAM_ADMIN_PASSWORD: ' secret ',
};
const url = 'https://api.example.com/api';

describe('readOptions', () => {
  it('reads the credentials, and the capability parameters with the deployed defaults', () => {
    const options = readOptions([url], credentials);
    expect(options).toMatchObject({
      baseUrl: url,
      email: 'ada@example.com',
      password: ' secret ',
      params: DEFAULT_CAPABILITY_PARAMS,
    });
  });

  it('reads the capability parameters from the environment', () => {
    const options = readOptions([url], {
      ...credentials,
      UPSTREAM_CURRENT_USER_PATH: '/user',
      UPSTREAM_CURRENT_USER_ENVELOPE: 'FALSE',
      UPSTREAM_PRICE_DAY_PARAM: 'none',
    });
    expect(options).toMatchObject({
      capabilities: { currentUser: { path: '/user', envelope: false }, priceDayParam: null },
    });
  });

  it('refuses missing credentials, a bad flag, a bad path and a bad URL, saying which', () => {
    expect(readOptions([url], { UPSTREAM_ADMIN_PASSWORD: 'x' })).toEqual({
      error: 'UPSTREAM_ADMIN_EMAIL is not set',
    });
    expect(readOptions([url], { ...credentials, UPSTREAM_REGISTRATION: 'yes' })).toEqual({
      error: 'UPSTREAM_REGISTRATION must be true or false',
    });
    expect(readOptions([url], { ...credentials, UPSTREAM_CURRENT_USER_PATH: 'me' })).toMatchObject({
      error: expect.stringMatching(/^UPSTREAM_CURRENT_USER_PATH must be a path/),
    });
    expect(readOptions(['ftp://x'], credentials)).toMatchObject({
      error: expect.stringMatching(/http\(s\) URL/),
    });
    expect(readOptions([], credentials)).toEqual({ error: 'the upstream base URL is missing' });
  });

  it('runs --write only with --not-production and a --user', () => {
    expect(readOptions([url, '--write', '--user', '7'], credentials)).toMatchObject({
      error: expect.stringMatching(/refused without --not-production/),
    });
    expect(readOptions([url, '--write', '--not-production'], credentials)).toMatchObject({
      error: expect.stringMatching(/^--write needs --user <id>/),
    });
    expect(
      readOptions([url, '--write', '--not-production', '--user', '7'], credentials),
    ).toMatchObject({
      write: { userId: 7 },
    });
    expect(readOptions([url, '--user', '7'], credentials)).toEqual({
      error: '--user and --not-production go with --write',
    });
  });
});
