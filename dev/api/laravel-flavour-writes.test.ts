import { describe, expect, it } from 'vitest';
import { SEED_APP_USER } from './index.js';
import { DATETIME, formOf, laravelApi, payload, pngBlob } from './laravel-test-support.js';

// What the Laravel flavour answers to writes, and how it reads `_method`.
const api = laravelApi();

interface Row {
  id: number;
  [field: string]: unknown;
}

const keys = (value: unknown) => Object.keys(value as object).sort();

describe('the Laravel flavour: create and update replies', () => {
  it('give a group without members or image', async () => {
    const token = await api.admin();
    const created = await api.call('POST', '/admin/groups', {
      token,
      form: formOf({ name: 'Night Shift' }, { image: pngBlob() }),
    });
    expect(created.status).toBe(200);
    const group = payload<Row>(created);
    expect(keys(group)).toEqual(['created_at', 'id', 'name', 'timestamp']);
    expect(group.created_at).toMatch(DATETIME);
    const updated = await api.call('POST', `/admin/groups/${group.id}?_method=PUT`, {
      token,
      form: formOf({ name: 'Night Shift 2' }, { image: pngBlob() }),
    });
    expect(payload(updated)).toEqual({ ...group, name: 'Night Shift 2' });
  });

  it('give an invoice as its plain row', async () => {
    const token = await api.admin();
    const json = { user_id: 2, title: 'Invoice X', description: 'Diesel', url: '' };
    const created = payload<Row>(await api.call('POST', '/admin/user-report', { token, json }));
    expect(created).toEqual({
      id: expect.any(Number),
      user_id: 2,
      title: 'Invoice X',
      description: 'Diesel',
      url: null,
      created_at: expect.stringMatching(DATETIME),
    });
    const updated = await api.call('POST', `/admin/user-report/${created.id}?_method=PUT`, {
      token,
      json: { ...json, url: 'https://x.test/a.pdf' },
    });
    expect(payload(updated)).toEqual({ ...created, url: 'https://x.test/a.pdf' });
  });

  it('give an announcement without its image', async () => {
    const token = await api.admin();
    const created = payload<Row>(
      await api.call('POST', '/admin/notifications', {
        token,
        form: formOf({ title: 'Hello', description: 'World' }, { image: pngBlob() }),
      }),
    );
    expect(keys(created)).toEqual(['created_at', 'description', 'id', 'title']);
    const updated = await api.call('POST', `/admin/notifications/${created.id}?_method=PUT`, {
      token,
      form: formOf({ title: 'Hello 2', description: 'World' }),
    });
    expect(payload(updated)).toEqual({ ...created, title: 'Hello 2' });
  });

  it('give null for assigned members and saved prices, in the envelope', async () => {
    const token = await api.admin();
    const assigned = await api.call('POST', '/admin/groups/1/assign-users', {
      token,
      form: formOf({ 'user_ids[0]': '2', 'user_ids[1]': '3' }),
    });
    expect(assigned.body).toEqual({
      metadata: { success: 1, message: 'Users assigned successfully' },
      payload: null,
    });
    const members = payload<Row[]>(
      await api.call('GET', '/admin/groups/1/assigned-users', { token }),
    );
    expect(members.map((m) => m.id).sort()).toEqual([2, 3]);
    const saved = await api.call('POST', '/admin/group/1/fuel-prices', {
      token,
      form: formOf({
        fuel_price_type_id: '1',
        regular: '4.1',
        premium: '4.2',
        diesel: '4.3',
        renew_99: '4.4',
        b_20: '4.5',
        date: '2030-05-01',
      }),
    });
    expect(saved.body).toEqual({
      metadata: { success: 1, message: 'Prices saved successfully' },
      payload: null,
    });
  });

  it('refuse to empty a group without user_ids (required|array)', async () => {
    const token = await api.admin();
    for (const init of [{ form: formOf({}) }, { json: { user_ids: [] } }]) {
      const reply = await api.call('POST', '/admin/groups/1/assign-users', { token, ...init });
      expect(reply.status).toBe(422);
      expect(reply.body).toEqual({
        message: 'The user ids field is required.',
        errors: { user_ids: ['The user ids field is required.'] },
      });
    }
    const members = await api.call('GET', '/admin/groups/1/assigned-users', { token });
    expect(payload<Row[]>(members).length).toBeGreaterThan(0);
  });

  it('answer a chat upload with its id and address only', async () => {
    const form = new FormData();
    form.append('file', new Blob(['hello']), 'note.txt');
    const reply = await api.call('POST', '/chats', { token: await api.appUser(), form });
    expect(reply.status).toBe(200);
    expect(payload(reply)).toEqual({
      id: expect.any(Number),
      file: { original_url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/storage\//) },
    });
  });

  it('list uploaded offers without slots, the slot replaced in place', async () => {
    const token = await api.admin();
    const before = payload<Row[]>(await api.call('GET', '/admin/offers', { token }));
    const reply = await api.call('POST', '/admin/offers', {
      token,
      form: formOf({}, { second_image: pngBlob() }),
    });
    const after = payload<Row[]>(reply);
    expect(after.map(keys)).toEqual([
      ['id', 'image'],
      ['id', 'image'],
      ['id', 'image'],
    ]);
    expect(after[0]).toEqual(before[0]);
    expect(after[1]?.image).not.toEqual(before[1]?.image);
    expect(after[2]).toEqual(before[2]);
  });
});

describe('the Laravel flavour: `_method` in the body, then the query', () => {
  it('reads it from a multipart, form or JSON body', async () => {
    const token = await api.admin();
    const renamed = await api.call('POST', '/admin/groups/2', {
      token,
      form: formOf({ _method: 'PUT', name: 'Renamed by form field' }),
    });
    expect(payload(renamed)).toMatchObject({ id: 2, name: 'Renamed by form field' });
    const urlencoded = new URLSearchParams({ _method: 'put', name: 'Renamed urlencoded' });
    const response = await fetch(`${api.api.url}/admin/groups/2`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: urlencoded,
    });
    expect(await response.json()).toMatchObject({ payload: { name: 'Renamed urlencoded' } });
    const json = { user_id: 2, title: 'To delete', description: 'x' };
    const report = payload<Row>(await api.call('POST', '/admin/user-report', { token, json }));
    const deleted = await api.call('POST', `/admin/user-report/${report.id}`, {
      token,
      json: { _method: 'DELETE' },
    });
    expect(payload(deleted)).toBeNull();
    const reports = payload<Row[]>(await api.call('GET', '/admin/user-reports/2', { token }));
    expect(reports.some((r) => r.id === report.id)).toBe(false);
  });

  it('lets the body win over the query, and falls back on the query', async () => {
    const token = await api.admin();
    const json = { user_id: 2, title: 'Body wins', description: 'x' };
    const report = payload<Row>(await api.call('POST', '/admin/user-report', { token, json }));
    const bodyWins = await api.call('POST', `/admin/user-report/${report.id}?_method=PUT`, {
      token,
      json: { _method: 'DELETE' },
    });
    expect(bodyWins.body).toMatchObject({ metadata: { message: 'Report deleted successfully' } });
    const queryOnly = await api.call('POST', '/admin/groups/2?_method=PUT', {
      token,
      form: formOf({ name: 'Renamed by query' }),
    });
    expect(payload(queryOnly)).toMatchObject({ name: 'Renamed by query' });
  });

  it('routes a POST with no method, or a method the path lacks, to 404', async () => {
    const token = await api.admin();
    const plain = await api.call('POST', '/admin/groups/2', { token, form: formOf({ name: 'x' }) });
    expect(plain).toMatchObject({
      status: 404,
      body: { message: 'The requested route is not found' },
    });
    const wrong = await api.call('POST', '/admin/groups', { token, json: { _method: 'PUT' } });
    expect(wrong.status).toBe(404);
    const asAppUser = await api.call('POST', '/admin/groups/2', {
      token: await api.appUser(),
      form: formOf({ _method: 'DELETE' }),
    });
    expect(asAppUser.status).toBe(403);
  });
});

describe('the Laravel flavour: deleting a user', () => {
  it('soft-deletes: complaints stay with `user: null`, the account is gone', async () => {
    const token = await api.admin();
    const complaints = payload<Row[]>(await api.call('GET', '/admin/user-complaint', { token }));
    const complainer = (complaints.find((c) => c.user !== null && (c.user as Row).id !== 2)?.user ??
      null) as Row | null;
    const users = payload<Row[]>(await api.call('GET', '/admin/user', { token }));
    const target = users.find((u) => u.id === complainer?.id);
    if (target === undefined) throw new Error('the seed has no complainer but the first user');
    const account = { email: String(target.email), password: SEED_APP_USER.password };
    const session = await api.signIn(account);
    expect((await api.call('GET', '/user', { token: session })).status).toBe(200);

    const deleted = await api.call('DELETE', `/admin/user/${target.id}`, { token });
    expect(payload(deleted)).toBeNull();
    const after = payload<Row[]>(await api.call('GET', '/admin/user-complaint', { token }));
    const theirs = complaints.filter((c) => (c.user as Row | null)?.id === target.id);
    expect(theirs.length).toBeGreaterThan(0);
    for (const complaint of theirs) {
      expect(after.find((c) => c.id === complaint.id)).toMatchObject({ user: null });
    }
    const left = payload<Row[]>(await api.call('GET', '/admin/user', { token }));
    expect(left.some((u) => u.id === target.id)).toBe(false);
    expect((await api.call('DELETE', `/admin/user/${target.id}`, { token })).status).toBe(404);
    expect((await api.call('GET', '/user', { token: session })).status).toBe(401);
    const login = await api.call('POST', '/login', { json: account });
    expect(login.body).toMatchObject({ metadata: { success: 0 } });
  });
});
