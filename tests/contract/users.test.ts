import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SEED_APP_USER } from '../../dev/api/index.js';
import {
  loginPayloadSchema,
  reportSchema,
  userSchema,
  type LoginPayload,
  type Report,
} from '../../functions/src/contracts/index.js';
import {
  contractApi,
  expectFail,
  expectInvalid,
  expectOk,
  expectWritten,
  flavour,
  form,
  type Reply,
} from './support.js';

const api = contractApi();
const admin = async () => ({ token: await api.adminToken() });
const appUsers = async () =>
  expectOk(await api.call('GET', '/admin/user', await admin()), z.array(userSchema));
const reportsOf = async (userId: number) =>
  expectOk(
    await api.call('GET', `/admin/user-reports/${userId}`, await admin()),
    z.array(reportSchema),
  );

/** The seed's app users a test of this file has taken. */
const taken = new Set<number>();

/**
 * A signed-in app user of the test's own, so tests never depend on, or destroy, someone else's
 * data: registered where the API allows it, else one of the seed's app users (who share one
 * password) with no invoices that no other test has taken.
 */
async function newUser(): Promise<LoginPayload> {
  if (flavour.selfService) {
    const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
    const reply = await api.call('POST', '/register', {
      json: {
        fullname: 'Report Holder',
        email: `holder.${id}@example.com`,
        username: `holder${id}`,
        password: 'secret-1',
      },
    });
    return expectOk(reply, loginPayloadSchema);
  }
  for (const user of await appUsers()) {
    if (user.email === undefined || user.email === api.user.email || taken.has(user.id)) continue;
    if ((await reportsOf(user.id)).length > 0) continue;
    taken.add(user.id);
    const reply = await api.call('POST', '/login', {
      json: { email: user.email, password: SEED_APP_USER.password, device_id: '' },
    });
    return expectOk(reply, loginPayloadSchema);
  }
  throw new Error('no app user without invoices is left to take');
}

/** A saved report: both dialects echo it, as a report has no relations to leave out. */
function savedReport(reply: Reply): Report {
  const report = expectWritten(reply, reportSchema);
  if (report === undefined) throw new Error(`no report echoed: ${JSON.stringify(reply.body)}`);
  return report;
}

const report = (userId: number) => ({
  user_id: userId,
  title: 'Invoice INV-2001',
  description: 'Fuel purchase: 12.4 gal',
  url: 'https://invoices.example.com/INV-2001.pdf',
});

describe('GET /admin/user', () => {
  it('lists app users with id, name, image and device_ids, newest first', async () => {
    const { user } = await newUser();
    const users = await appUsers();
    const times = users.map((u) => u.created_at);
    expect(times).toEqual(times.toSorted().reverse());
    // A registered user is the newest; a seed user taken instead is not.
    if (flavour.selfService) expect(users[0]?.id).toBe(user.id);
    expect(users.some((u) => u.id === user.id)).toBe(true);
    expect(users.every((u) => Array.isArray(u.device_ids))).toBe(true);
    expect(users.some((u) => u.email === api.admin.email)).toBe(false);
  });
});

describe('DELETE /admin/user/{id}', () => {
  it('deletes the user, whose reports and sessions go with them', async () => {
    const { user, token } = await newUser();
    savedReport(
      await api.call('POST', '/admin/user-report', { ...(await admin()), json: report(user.id) }),
    );
    expect((await api.call('GET', flavour.currentUser.path, { token })).status).toBe(200);
    expectWritten(await api.call('DELETE', `/admin/user/${user.id}`, await admin()), z.null());
    expect((await appUsers()).some((u) => u.id === user.id)).toBe(false);
    expectFail(await api.call('GET', `/admin/user-reports/${user.id}`, await admin()), 404);
    expectFail(await api.call('GET', flavour.currentUser.path, { token }), 401);
  });

  it('answers 404 for an unknown id, a non-numeric id, and the admin account', async () => {
    expect(expectFail(await api.call('DELETE', '/admin/user/99999999', await admin()), 404)).toBe(
      'The requested user is not found',
    );
    expectFail(await api.call('DELETE', '/admin/user/abc', await admin()), 404);
    const me = expectOk(
      await api.call('POST', '/login', { json: { ...api.admin, device_id: '' } }),
      loginPayloadSchema,
    ).user;
    expectFail(await api.call('DELETE', `/admin/user/${me.id}`, await admin()), 404);
  });
});

describe('a POST that names another method', () => {
  it('acts on X-HTTP-Method-Override before any `_method`, as Symfony reads it', async () => {
    const { user } = await newUser();
    const created = savedReport(
      await api.call('POST', '/admin/user-report', { ...(await admin()), json: report(user.id) }),
    );
    // The query and the body ask for an update; the header, read first, for a delete.
    expectWritten(
      await api.call('POST', `/admin/user-report/${created.id}?_method=PUT`, {
        ...(await admin()),
        headers: { 'x-http-method-override': 'DELETE' },
        json: { ...report(user.id), title: 'Not an update', _method: 'PUT' },
      }),
      z.unknown(),
    );
    expect(await reportsOf(user.id)).toEqual([]);
  });
});

describe('user reports', () => {
  it('creates (JSON or multipart), lists, updates with ?_method=PUT and deletes a report', async () => {
    const { user } = await newUser();
    const created = savedReport(
      await api.call('POST', '/admin/user-report', { ...(await admin()), json: report(user.id) }),
    );
    expect(created).toMatchObject(report(user.id));
    const viaForm = savedReport(
      await api.call('POST', '/admin/user-report', {
        ...(await admin()),
        form: form({ ...report(user.id), title: 'Second' }),
      }),
    );
    expect(viaForm.title).toBe('Second');
    expect((await reportsOf(user.id)).map((r) => r.id)).toEqual([viaForm.id, created.id]);

    const updated = savedReport(
      await api.call('POST', `/admin/user-report/${created.id}?_method=PUT`, {
        ...(await admin()),
        json: { ...report(user.id), title: 'Invoice INV-2001 (corrected)' },
      }),
    );
    expect(updated).toMatchObject({ id: created.id, title: 'Invoice INV-2001 (corrected)' });
    expect((await reportsOf(user.id)).map((r) => r.title)).toEqual([
      'Second',
      'Invoice INV-2001 (corrected)',
    ]);

    expectWritten(
      await api.call('DELETE', `/admin/user-report/${created.id}`, await admin()),
      z.null(),
    );
    expect((await reportsOf(user.id)).map((r) => r.id)).toEqual([viaForm.id]);
  });

  it('takes an invoice without a link, and edits one without inventing it', async () => {
    const { user } = await newUser();
    const { url, ...unlinked } = report(user.id);
    const created = savedReport(
      await api.call('POST', '/admin/user-report', { ...(await admin()), json: unlinked }),
    );
    expect(created).toMatchObject({ ...unlinked, url: null });
    const viaForm = savedReport(
      await api.call('POST', '/admin/user-report', {
        ...(await admin()),
        form: form({ ...unlinked, url: '' }),
      }),
    );
    expect(viaForm.url).toBeNull();

    const edited = savedReport(
      await api.call('POST', `/admin/user-report/${created.id}?_method=PUT`, {
        ...(await admin()),
        json: { ...unlinked, title: 'Invoice INV-2001 (edited)', url: null },
      }),
    );
    expect(edited).toMatchObject({ title: 'Invoice INV-2001 (edited)', url: null });
    const linked = savedReport(
      await api.call('POST', `/admin/user-report/${created.id}?_method=PUT`, {
        ...(await admin()),
        json: report(user.id),
      }),
    );
    expect(linked.url).toBe(url);
    expect((await reportsOf(user.id)).map((r) => r.url)).toEqual([null, url]);
  });

  it('validates the body', async () => {
    const { user } = await newUser();
    const errors = expectInvalid(
      await api.call('POST', '/admin/user-report', {
        ...(await admin()),
        json: { user_id: user.id, title: '', url: 'not a url' },
      }),
    );
    expect(errors).toEqual({
      title: ['The title field is required.'],
      description: ['The description field is required.'],
      url: ['The url field must be a valid URL.'],
    });
    const badId = expectInvalid(
      await api.call('POST', '/admin/user-report', {
        ...(await admin()),
        json: { ...report(1), user_id: 'x' },
      }),
    );
    expect(badId.user_id).toEqual(['The user id field must be an integer.']);
    const notWeb = expectInvalid(
      await api.call('POST', '/admin/user-report', {
        ...(await admin()),
        json: { ...report(user.id), url: 'ftp://invoices.example.com/INV-2001.pdf' },
      }),
    );
    expect(notWeb).toEqual({ url: ['The url field must be a valid URL.'] });
  });

  it('answers 404 for an unknown user or report', async () => {
    expectFail(await api.call('GET', '/admin/user-reports/99999999', await admin()), 404);
    expect(
      expectFail(
        await api.call('POST', '/admin/user-report', {
          ...(await admin()),
          json: report(99999999),
        }),
        404,
      ),
    ).toBe('The requested user is not found');
    const { user } = await newUser();
    expect(
      expectFail(
        await api.call('POST', '/admin/user-report/99999999?_method=PUT', {
          ...(await admin()),
          json: report(user.id),
        }),
        404,
      ),
    ).toBe('The requested report is not found');
    expectFail(await api.call('DELETE', '/admin/user-report/99999999', await admin()), 404);
  });
});
