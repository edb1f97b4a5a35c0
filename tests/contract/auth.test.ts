import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loginPayloadSchema, sessionUserSchema } from '../../functions/src/contracts/index.js';
import { contractApi, expectFail, expectInvalid, expectOk, flavour, isLocal } from './support.js';

const api = contractApi();
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** The signed-in user, read where and as the dialect answers it, as the product reads it. */
async function currentUser(token: string) {
  const reply = await api.call('GET', flavour.currentUser.path, { token });
  if (flavour.currentUser.envelope) return expectOk(reply, sessionUserSchema);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return z.parse(sessionUserSchema, reply.body);
}

async function register(overrides: Record<string, string> = {}) {
  const id = unique();
  const body = {
    fullname: 'Contract Tester',
    email: `contract.${id}@example.com`,
    username: `contract${id}`,
    password: 'secret-123',
    ...overrides,
  };
  return { body, reply: await api.call('POST', '/register', { json: body }) };
}

describe('POST /login', () => {
  it('signs the admin in with role admin and a bearer token', async () => {
    const payload = expectOk(
      await api.call('POST', '/login', { json: { ...api.admin, device_id: '' } }),
      loginPayloadSchema,
    );
    expect(payload.user.role[0]).toBe('admin');
    expect(payload.user.email).toBe(api.admin.email);
    expect(payload.token.length).toBeGreaterThan(20);
  });

  it('signs an app user in with role user, and adds the device_id to their device_ids', async () => {
    const device = `contract-device-${unique()}`;
    const payload = expectOk(
      await api.call('POST', '/login', { json: { ...api.user, device_id: device } }),
      loginPayloadSchema,
    );
    expect(payload.user.role[0]).toBe('user');
    expect(payload.user.device_ids).toContain(device);
  });

  it('answers a wrong password with success 0 and "The login detail is incorrect"', async () => {
    const reply = await api.call('POST', '/login', {
      json: { email: api.admin.email, password: 'not-the-password', device_id: '' },
    });
    expect(expectFail(reply, 200)).toBe('The login detail is incorrect');
  });

  it('answers an unknown e-mail the same way', async () => {
    const reply = await api.call('POST', '/login', {
      json: { email: `nobody.${unique()}@example.com`, password: 'whatever', device_id: '' },
    });
    expect(expectFail(reply, 200)).toBe('The login detail is incorrect');
  });

  it('validates the fields: e-mail format, 3 to 50 characters, required', async () => {
    const errors = expectInvalid(
      await api.call('POST', '/login', { json: { email: 'ab', password: 'x'.repeat(51) } }),
    );
    expect(errors.email).toEqual([
      'The email field must be at least 3 characters.',
      'The email field must be a valid email address.',
    ]);
    expect(errors.password).toEqual(['The password field must not be greater than 50 characters.']);
    const missing = expectInvalid(await api.call('POST', '/login', { json: {} }));
    expect(missing.email).toEqual(['The email field is required.']);
    expect(missing.password).toEqual(['The password field is required.']);
  });

  it('answers a malformed JSON body with 400', async () => {
    const reply = await api.call('POST', '/login', {
      raw: { body: '{"email":', type: 'application/json' },
    });
    expect(expectFail(reply, 400)).toMatch(/malformed/);
  });
});

describe('POST /register', () => {
  if (flavour.selfService) {
    it('creates an app user and signs them in', async () => {
      const { body, reply } = await register();
      const payload = expectOk(reply, loginPayloadSchema);
      expect(payload.user).toMatchObject({
        name: body.fullname,
        email: body.email,
        role: ['user'],
      });
      expect((await currentUser(payload.token)).id).toBe(payload.user.id);
    });

    it('refuses a taken e-mail and user name', async () => {
      const first = await register();
      expectOk(first.reply, loginPayloadSchema);
      const { reply } = await register({
        email: first.body.email.toUpperCase(),
        username: first.body.username,
      });
      const errors = expectInvalid(reply);
      expect(errors.email).toEqual(['The email has already been taken.']);
      expect(errors.username).toEqual(['The username has already been taken.']);
    });

    it('validates every field and the confirmation', async () => {
      const { reply } = await register({
        fullname: 'Al',
        email: 'not-an-email',
        changepassword: 'different',
      });
      const errors = expectInvalid(reply);
      expect(errors.fullname).toEqual(['The fullname field must be at least 3 characters.']);
      expect(errors.email).toEqual(['The email field must be a valid email address.']);
      expect(errors.password).toEqual(['The password field confirmation does not match.']);
    });
  } else {
    // The upstream check reads this 404 as no registration: the product then offers none.
    it('is absent: 404, and nobody is signed up', async () => {
      const { body, reply } = await register();
      expect(expectFail(reply, 404)).toBe('The requested route is not found');
      const login = await api.call('POST', '/login', {
        json: { email: body.email, password: body.password, device_id: '' },
      });
      expect(expectFail(login, 200)).toBe('The login detail is incorrect');
    });
  }
});

describe(`GET ${flavour.currentUser.path}`, () => {
  it('returns the signed-in user with their role list', async () => {
    expect(await currentUser(await api.adminToken())).toMatchObject({
      email: api.admin.email,
      role: ['admin'],
    });
  });

  it('answers 401 without a token, and with an unknown one', async () => {
    const path = flavour.currentUser.path;
    expect(expectFail(await api.call('GET', path), 401)).toBe('Unauthenticated.');
    expect(expectFail(await api.call('GET', path, { token: 'not-a-real-token' }), 401)).toBe(
      'Unauthenticated.',
    );
  });
});

describe('POST /password/email', () => {
  if (flavour.selfService) {
    it('accepts an address and says a link was sent', async () => {
      const message = expectOk(
        await api.call('POST', '/password/email', { json: { email: api.user.email } }),
        z.unknown(),
      );
      expect(message).toBeNull();
    });

    it('validates the address', async () => {
      const errors = expectInvalid(
        await api.call('POST', '/password/email', { json: { email: 'nope' } }),
      );
      expect(errors.email).toContain('The email field must be a valid email address.');
    });

    it.runIf(isLocal)(
      'mails a link that resets the password once, ending the old sessions',
      async () => {
        const { body, reply } = await register();
        const oldToken = expectOk(reply, loginPayloadSchema).token;
        expectOk(
          await api.call('POST', '/password/email', { json: { email: body.email } }),
          z.null(),
        );

        const mailLog = fs.readFileSync(path.join(api.dataDir ?? '', 'mail.log'), 'utf8');
        const mail = mailLog
          .trim()
          .split('\n')
          .map((line) => z.object({ to: z.string(), link: z.string() }).parse(JSON.parse(line)))
          .findLast((m) => m.to === body.email);
        const match = /\/auth\/forgot-password\/([^/]+)\/([^/]+)$/.exec(mail?.link ?? '');
        expect(match?.[2] && decodeURIComponent(match[2])).toBe(body.email);

        const reset = await api.call('POST', '/password/reset', {
          json: {
            token: match?.[1],
            email: body.email,
            password: 'brand-new-1',
            password_confirmation: 'brand-new-1',
          },
        });
        expectOk(reset, z.null());
        expect(bareMessage(reset.body)).toBe('Your password has been reset.');

        expectFail(await api.call('GET', flavour.currentUser.path, { token: oldToken }), 401);
        expectOk(
          await api.call('POST', '/login', {
            json: { email: body.email, password: 'brand-new-1' },
          }),
          loginPayloadSchema,
        );
        // A link works once.
        const again = await api.call('POST', '/password/reset', {
          json: {
            token: match?.[1],
            email: body.email,
            password: 'another-1',
            password_confirmation: 'another-1',
          },
        });
        expectFail(again, 400);
      },
    );
  } else {
    // The upstream check reads this 404 as no reset request: the product then offers none.
    it('is absent: 404', async () => {
      const reply = await api.call('POST', '/password/email', { json: { email: api.user.email } });
      expect(expectFail(reply, 404)).toBe('The requested route is not found');
    });
  }
});

describe('POST /password/reset', () => {
  it('refuses an invalid token with a message', async () => {
    const reply = await api.call('POST', '/password/reset', {
      json: {
        token: 'wrong',
        email: api.user.email,
        password: 'new-secret',
        password_confirmation: 'new-secret',
      },
    });
    expect(expectFail(reply, 400)).toBe('This password reset token is invalid.');
  });

  it('validates the password and its confirmation', async () => {
    const errors = expectInvalid(
      await api.call('POST', '/password/reset', {
        json: {
          token: 't',
          email: api.user.email,
          password: 'new-secret',
          password_confirmation: 'other',
        },
      }),
    );
    expect(errors.password).toEqual(['The password field confirmation does not match.']);
  });
});

function bareMessage(body: unknown): unknown {
  return z.object({ metadata: z.object({ message: z.unknown() }) }).parse(body).metadata.message;
}
