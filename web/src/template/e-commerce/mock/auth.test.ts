import { describe, expect, it } from 'vitest';
import { createShopBackend } from './backend';
import { createSampleData } from './sample-data';
import type { MockRequest } from './server';

function backend() {
  let tokens = 0;
  return createShopBackend(createSampleData(), {
    now: () => Date.UTC(2025, 0, 15),
    newToken: () => `token-${(tokens += 1)}`,
    sleep: () => Promise.resolve(),
  });
}

const post = (url: string, body: unknown): MockRequest => ({ method: 'POST', url, body });
const me = (token?: string): MockRequest => ({
  method: 'GET',
  url: 'api/me',
  headers: token ? { Authorization: `Bearer ${token}` } : {},
});

describe('the mock auth layer', () => {
  it.each([
    ['admin@demo.com', 1],
    ['USER@demo.com', 2],
    ['guest@demo.com', 3],
  ])('signs in %s (role %i) and never replies with the password', async (email, role) => {
    const reply = await backend()(post('api/auth/login', { email, password: 'demo' }));
    expect(reply.status).toBe(200);
    expect(reply.data).toMatchObject({ roles: [role], email: email.toLowerCase() });
    expect(reply.data).not.toHaveProperty('password');
    expect(reply.data).toHaveProperty('authToken', expect.stringMatching(/^access-token-/));
  });

  it('replies 400 to a bad login', async () => {
    const fetch = backend();
    const wrong = await fetch(post('api/auth/login', { email: 'admin@demo.com', password: 'x' }));
    expect(wrong.status).toBe(400);
    expect((await fetch(post('api/auth/login', { email: 'admin@demo.com' }))).status).toBe(400);
    expect(
      (await fetch(post('api/auth/login', { email: 'nobody@demo.com', password: 'demo' }))).status,
    ).toBe(400);
  });

  it('gives the user of a token to me, and 401 for a missing or bad token', async () => {
    const fetch = backend();
    const login = await fetch(
      post('api/auth/login', { email: 'guest@demo.com', password: 'demo' }),
    );
    const { authToken } = login.data as { authToken: string };
    expect(await fetch(me(authToken))).toMatchObject({ status: 200, data: { username: 'guest' } });
    expect((await fetch(me())).status).toBe(401);
    expect((await fetch(me('forged'))).status).toBe(401);
  });

  it('registers a user (role 2) who can then sign in, once per e-mail', async () => {
    const fetch = backend();
    const details = {
      email: 'new@demo.com',
      fullname: 'Nora New',
      username: 'nora',
      password: 'secret',
    };
    const reply = await fetch(post('api/auth/register', details));
    expect(reply).toMatchObject({
      status: 200,
      data: { id: 4, roles: [2], firstname: 'Nora', lastname: 'New', authToken: 'token-1' },
    });
    expect(reply.data).not.toHaveProperty('password');
    expect(await fetch(me('token-1'))).toMatchObject({
      status: 200,
      data: { email: 'new@demo.com' },
    });
    expect(
      (await fetch(post('api/auth/login', { email: 'new@demo.com', password: 'secret' }))).status,
    ).toBe(200);
    expect((await fetch(post('api/auth/register', details))).status).toBe(400);
    expect((await fetch(post('api/auth/register', { email: 'x@demo.com' }))).status).toBe(400);
  });

  it('answers forgot password for a known e-mail only, without handing out the account', async () => {
    const fetch = backend();
    const known = await fetch(post('api/auth/forgot-password', { email: 'Admin@Demo.com' }));
    expect(known).toEqual({ status: 200, data: { email: 'admin@demo.com' } });
    expect((await fetch(post('api/auth/forgot-password', { email: 'who@demo.com' }))).status).toBe(
      400,
    );
  });
});
