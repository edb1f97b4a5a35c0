import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  loginPayloadSchema,
  reportSchema,
  userSchema,
} from '../../functions/src/contracts/index.js';
import { contractApi, expectFail, expectInvalid, expectOk, form } from './support.js';

const api = contractApi();
const admin = async () => ({ token: await api.adminToken() });

/** A fresh app user, so tests never depend on, or destroy, someone else's data. */
async function newUser() {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const reply = await api.call('POST', '/register', {
    json: {
      fullname: 'Report Holder',
      email: `holder.${id}@example.com`,
      username: `holder${id}`,
      password: 'secret-1',
    },
  });
  return expectOk(reply, loginPayloadSchema).user;
}

const report = (userId: number) => ({
  user_id: userId,
  title: 'Invoice INV-2001',
  description: 'Fuel purchase: 12.4 gal',
  url: 'https://invoices.example.com/INV-2001.pdf',
});

describe('GET /admin/user', () => {
  it('lists app users with id, name, image and device_ids, newest first', async () => {
    const created = await newUser();
    const users = expectOk(
      await api.call('GET', '/admin/user', await admin()),
      z.array(userSchema),
    );
    expect(users[0]?.id).toBe(created.id);
    expect(users.every((u) => Array.isArray(u.device_ids))).toBe(true);
    expect(users.some((u) => u.email === api.admin.email)).toBe(false);
  });
});

describe('DELETE /admin/user/{id}', () => {
  it('deletes the user, their reports and their sessions', async () => {
    const user = await newUser();
    expectOk(
      await api.call('POST', '/admin/user-report', { ...(await admin()), json: report(user.id) }),
      reportSchema,
    );
    expectOk(await api.call('DELETE', `/admin/user/${user.id}`, await admin()), z.null());
    const users = expectOk(
      await api.call('GET', '/admin/user', await admin()),
      z.array(userSchema),
    );
    expect(users.some((u) => u.id === user.id)).toBe(false);
    expectFail(await api.call('GET', `/admin/user-reports/${user.id}`, await admin()), 404);
  });

  it('answers 404 for an unknown id, a non-numeric id, and the admin account', async () => {
    expect(expectFail(await api.call('DELETE', '/admin/user/99999999', await admin()), 404)).toBe(
      'The requested user is not found',
    );
    expectFail(await api.call('DELETE', '/admin/user/abc', await admin()), 404);
    const me = expectOk(await api.call('GET', '/me', await admin()), userSchema);
    expectFail(await api.call('DELETE', `/admin/user/${me.id}`, await admin()), 404);
  });
});

describe('user reports', () => {
  it('creates (JSON or multipart), lists, updates with ?_method=PUT and deletes a report', async () => {
    const user = await newUser();
    const created = expectOk(
      await api.call('POST', '/admin/user-report', { ...(await admin()), json: report(user.id) }),
      reportSchema,
    );
    expect(created).toMatchObject(report(user.id));
    const viaForm = expectOk(
      await api.call('POST', '/admin/user-report', {
        ...(await admin()),
        form: form({ ...report(user.id), title: 'Second' }),
      }),
      reportSchema,
    );
    expect(viaForm.title).toBe('Second');

    const list = expectOk(
      await api.call('GET', `/admin/user-reports/${user.id}`, await admin()),
      z.array(reportSchema),
    );
    expect(list.map((r) => r.id)).toEqual([viaForm.id, created.id]);

    const updated = expectOk(
      await api.call('POST', `/admin/user-report/${created.id}?_method=PUT`, {
        ...(await admin()),
        json: { ...report(user.id), title: 'Invoice INV-2001 (corrected)' },
      }),
      reportSchema,
    );
    expect(updated).toMatchObject({ id: created.id, title: 'Invoice INV-2001 (corrected)' });

    expectOk(await api.call('DELETE', `/admin/user-report/${created.id}`, await admin()), z.null());
    const after = expectOk(
      await api.call('GET', `/admin/user-reports/${user.id}`, await admin()),
      z.array(reportSchema),
    );
    expect(after.map((r) => r.id)).toEqual([viaForm.id]);
  });

  it('takes an invoice without a link, and edits one without inventing it', async () => {
    const user = await newUser();
    const { url, ...unlinked } = report(user.id);
    const created = expectOk(
      await api.call('POST', '/admin/user-report', { ...(await admin()), json: unlinked }),
      reportSchema,
    );
    expect(created).toMatchObject({ ...unlinked, url: null });
    const viaForm = expectOk(
      await api.call('POST', '/admin/user-report', {
        ...(await admin()),
        form: form({ ...unlinked, url: '' }),
      }),
      reportSchema,
    );
    expect(viaForm.url).toBeNull();

    const edited = expectOk(
      await api.call('POST', `/admin/user-report/${created.id}?_method=PUT`, {
        ...(await admin()),
        json: { ...unlinked, title: 'Invoice INV-2001 (edited)', url: null },
      }),
      reportSchema,
    );
    expect(edited).toMatchObject({ title: 'Invoice INV-2001 (edited)', url: null });
    const linked = expectOk(
      await api.call('POST', `/admin/user-report/${created.id}?_method=PUT`, {
        ...(await admin()),
        json: report(user.id),
      }),
      reportSchema,
    );
    expect(linked.url).toBe(url);
    const list = expectOk(
      await api.call('GET', `/admin/user-reports/${user.id}`, await admin()),
      z.array(reportSchema),
    );
    expect(list.map((r) => r.url)).toEqual([null, url]);
  });

  it('validates the body', async () => {
    const user = await newUser();
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
    const user = await newUser();
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
