import { describe, expect, it } from 'vitest';
import { DATETIME, formOf, laravelApi, payload, pngBlob } from './laravel-test-support.js';
import { SEED_ADMIN, SEED_APP_USER, SEED_DELETED_USER } from './index.js';

// What the Laravel flavour reads differently from the reference one; its writes are in
// laravel-flavour-writes.test.ts.
const api = laravelApi();

interface Row {
  id: number;
  [field: string]: unknown;
}

async function list(route: string): Promise<Row[]> {
  const reply = await api.call('GET', route, { token: await api.admin() });
  expect(reply.status).toBe(200);
  return payload<Row[]>(reply);
}

describe('the Laravel flavour: prices', () => {
  it('sends prices as DECIMAL text with three decimals; ids stay numbers', async () => {
    const price = payload<Row>(
      await api.call('GET', '/admin/group/1/fuel-prices/1', { token: await api.admin() }),
    );
    expect(price).toMatchObject({ id: expect.any(Number), group_id: 1, fuel_price_type_id: 1 });
    for (const field of ['regular', 'premium', 'diesel', 'renew_99', 'b_20']) {
      expect(price[field]).toMatch(/^\d+\.\d{3}$/);
    }
  });

  it('ignores ?date= and answers the latest saved day, or null', async () => {
    const token = await api.admin();
    const saved = await api.call('POST', '/admin/group/2/fuel-prices', {
      token,
      json: {
        fuel_price_type_id: 2,
        regular: '3.2999',
        premium: 4,
        diesel: '4.5',
        renew_99: 0,
        b_20: '5.0005',
        date: '2099-01-01',
      },
    });
    expect(saved.status).toBe(200);
    for (const query of ['', '?date=2024-01-01', '?date=not-a-day']) {
      const reply = await api.call('GET', `/admin/group/2/fuel-prices/2${query}`, { token });
      expect(reply.status).toBe(200);
      expect(payload(reply)).toMatchObject({
        date: '2099-01-01',
        regular: '3.300',
        premium: '4.000',
        diesel: '4.500',
        renew_99: '0.000',
        b_20: '5.001',
      });
    }
    const group = await api.call('POST', '/admin/groups', {
      token,
      form: formOf({ name: 'No prices yet' }, { image: pngBlob() }),
    });
    const empty = payload<Row>(group).id;
    const none = await api.call('GET', `/admin/group/${empty}/fuel-prices/1?date=2099-01-01`, {
      token,
    });
    expect(payload(none)).toBeNull();
  });
});

describe('the Laravel flavour: lists', () => {
  it('lists offers without slots, in slot order', async () => {
    const before = await list('/admin/offers');
    expect(before).toHaveLength(3);
    for (const offer of before) expect(Object.keys(offer).sort()).toEqual(['id', 'image']);
    expect(before.map((offer) => offer.id)).toEqual([1, 2, 3]);
  });

  it('writes every time as MySQL DATETIME text in UTC', async () => {
    const token = await api.admin();
    const times = [
      ...(await list('/admin/user-complaint')),
      ...(await list('/admin/user')),
      ...(await list('/admin/notifications')),
      ...(await list('/admin/groups')),
      ...(await list('/admin/user-reports/2')),
    ].map((row) => row.created_at);
    const me = await api.call('GET', '/user', { token });
    times.push((me.body as Row).created_at);
    expect(times.length).toBeGreaterThan(20);
    for (const time of times) expect(time).toMatch(DATETIME);
    // The groups' `timestamp` stays milliseconds.
    const [group] = await list('/admin/groups');
    expect(group?.timestamp).toEqual(expect.any(Number));
  });

  it('keeps a soft-deleted user’s complaints, with `user: null`, from the seed on', async () => {
    const complaints = await list('/admin/user-complaint');
    const orphan = complaints.find((c) => c.title === SEED_DELETED_USER.complaint);
    expect(orphan).toMatchObject({ user: null, status: 1 });
    const users = await list('/admin/user');
    expect(users.some((u) => u.email === SEED_DELETED_USER.email)).toBe(false);
  });
});

describe('the Laravel flavour: files on a second origin', () => {
  it('builds file URLs on the file server, which serves the stored files', async () => {
    const { origin, fileOrigin } = api.api;
    expect(fileOrigin).not.toBe(origin);
    const [offer] = await list('/admin/offers');
    const url = (offer?.image as { original_url: string }).original_url;
    expect(url.startsWith(`${fileOrigin}/storage/`)).toBe(true);
    const file = await fetch(url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    const missing = await fetch(`${fileOrigin}/storage/999999/none.png`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'The requested file is not found' });
  });
});

describe('the Laravel flavour: accounts', () => {
  it('answers the signed-in user, bare, at GET /user; /me does not exist', async () => {
    const token = await api.appUser();
    const me = await api.call('GET', '/user', { token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: SEED_APP_USER.email, role: ['user'] });
    expect(me.body).not.toHaveProperty('metadata');
    expect((await api.call('GET', '/me', { token })).status).toBe(404);
    const anonymous = await api.call('GET', '/user');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ message: 'Unauthenticated.' });
  });

  it('has no registration and no reset e-mail request', async () => {
    const register = await api.call('POST', '/register', {
      json: { fullname: 'Ann Lee', email: 'ann@x.test', username: 'annlee', password: 'secret1' },
    });
    expect(register.status).toBe(404);
    expect(register.body).toEqual({ message: 'The requested route is not found' });
    const mail = await api.call('POST', '/password/email', { json: { email: SEED_ADMIN.email } });
    expect(mail.status).toBe(404);
  });
});

describe('the Laravel flavour: refusals', () => {
  it('answers a failed validation in Laravel’s shape, outside the envelope', async () => {
    const token = await api.admin();
    const reply = await api.call('POST', '/admin/notifications', { token, form: formOf({}) });
    expect(reply.status).toBe(422);
    expect(reply.body).toEqual({
      message: 'The title field is required. (and 1 more error)',
      errors: {
        title: ['The title field is required.'],
        description: ['The description field is required.'],
      },
    });
    const login = await api.call('POST', '/login', { json: { email: 'x' } });
    expect(login.body).toEqual({
      message: 'The email field must be at least 3 characters. (and 2 more errors)',
      errors: {
        email: [
          'The email field must be at least 3 characters.',
          'The email field must be a valid email address.',
        ],
        password: ['The password field is required.'],
      },
    });
  });

  it('answers 401, 403 and 404 with a bare message', async () => {
    expect(await api.call('GET', '/admin/user')).toMatchObject({
      status: 401,
      body: { message: 'Unauthenticated.' },
    });
    expect(await api.call('GET', '/admin/user', { token: await api.appUser() })).toMatchObject({
      status: 403,
      body: { message: 'This action is unauthorized.' },
    });
    expect(
      await api.call('DELETE', '/admin/notifications/999999', { token: await api.admin() }),
    ).toMatchObject({ status: 404, body: { message: 'The requested announcement is not found' } });
    expect(await api.call('GET', '/nothing-here')).toMatchObject({
      status: 404,
      body: { message: 'The requested route is not found' },
    });
  });
});
