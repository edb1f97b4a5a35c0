import { describe, expect, it, vi } from 'vitest';
import type { Customer, DemoUserRecord, Product, Remark, Specification } from '../schemas';
import { createShopBackend, type ShopData } from './backend';
import { DEMO_USERS } from './sample-data';
import type { MockMethod, MockRequest } from './server';

const admin = DEMO_USERS[0] as DemoUserRecord;
const guest = DEMO_USERS[2] as DemoUserRecord;

const customer = (id: number, overrides: Partial<Customer> = {}): Customer => ({
  id,
  firstName: `First${id}`,
  lastName: `Last${id}`,
  email: `c${id}@example.com`,
  userName: `user${id}`,
  gender: 'Female',
  status: 1,
  dateOfBbirth: '04/12/1980',
  ipAddress: '10.0.0.1',
  type: 0,
  _userId: 1,
  _createdDate: '01/02/2018',
  _updatedDate: '01/02/2018',
  ...overrides,
});

const car = (id: number, overrides: Partial<Product> = {}): Product => ({
  id,
  model: `Model ${id}`,
  manufacture: 'Kia',
  modelYear: 2010,
  mileage: 1000,
  description: '',
  color: 'Red',
  price: 9000,
  condition: 0,
  status: 0,
  VINCode: `VIN${id}`,
  createdDate: '01/02/2018',
  _userId: 1,
  _createdDate: '01/02/2018',
  _updatedDate: '01/02/2018',
  ...overrides,
});

const remark = (id: number, carId: number, overrides: Partial<Remark> = {}): Remark => ({
  id,
  carId,
  text: `Remark ${id}`,
  type: 0,
  dueDate: '05/05/2019',
  _isEditMode: false,
  _userId: 1,
  _createdDate: '01/02/2018',
  _updatedDate: '01/02/2018',
  ...overrides,
});

const spec = (id: number, carId: number, specId: Specification['specId']): Specification => ({
  id,
  carId,
  specId,
  value: `value ${id}`,
});

function seed(): ShopData {
  return {
    customers: [customer(1), customer(7, { status: 0 }), customer(3, { type: 1 })],
    products: [car(1), car(2, { status: 1 })],
    remarks: [remark(1, 1), remark(2, 1, { type: 2 }), remark(3, 2)],
    specifications: [spec(1, 1, 0), spec(2, 1, 4), spec(3, 2, 9)],
    users: DEMO_USERS.map((user) => structuredClone(user)),
  };
}

const NOW = Date.UTC(2025, 0, 15, 20);

function backend(data = seed()) {
  const sleep = vi.fn(() => Promise.resolve());
  const fetch = createShopBackend(data, { now: () => NOW, newToken: () => 'fresh', sleep });
  const call = (
    method: MockMethod,
    url: string,
    body?: unknown,
    token: string | null = admin.authToken,
  ) => {
    const request: MockRequest = { method, url, body };
    if (token) request.headers = { Authorization: `Bearer ${token}` };
    return fetch(request);
  };
  return { call, sleep, data };
}

const queryParams = {
  filter: {},
  sortField: 'id',
  sortOrder: 'asc',
  pageNumber: 1,
  pageSize: 10,
} as const;

describe('the demo shop endpoints', () => {
  it('answer after a 300 ms delay', async () => {
    const { call, sleep } = backend();
    await call('GET', 'api/customers/1');
    expect(sleep).toHaveBeenCalledWith(300);
  });

  it('find customers with filter, sort and paging', async () => {
    const { call } = backend();
    const reply = await call('POST', 'api/customers/find', {
      queryParams: { ...queryParams, sortOrder: 'desc', pageSize: 2 },
    });
    expect(reply.status).toBe(200);
    expect(reply.data).toMatchObject({ totalCount: 3, errorMessage: '' });
    expect((reply.data as { entities: Customer[] }).entities.map((c) => c.id)).toEqual([7, 3]);

    const active = await call('POST', 'api/customers/find', {
      queryParams: { ...queryParams, filter: { status: 1, firstName: 'first3' } },
    });
    expect((active.data as { entities: Customer[] }).entities.map((c) => c.id)).toEqual([3]);
  });

  it('refuse a find without queryParams', async () => {
    const { call } = backend();
    expect((await call('POST', 'api/customers/find', {})).status).toBe(400);
  });

  it('create a customer with the largest id plus one, stamped by the signed-in user', async () => {
    const { call } = backend();
    const { id: _id, _userId, _createdDate, _updatedDate, ...fields } = customer(0);
    const reply = await call('POST', 'api/customers', { customer: fields }, guest.authToken);
    expect(reply).toEqual({
      status: 200,
      data: {
        customer: {
          ...fields,
          id: 8,
          _userId: guest.id,
          _createdDate: '01/15/2025',
          _updatedDate: '01/15/2025',
        },
      },
    });
    expect((await call('GET', 'api/customers/8')).data).toMatchObject({ id: 8, _userId: 3 });
  });

  it('refuse a create whose fields are not a customer', async () => {
    const { call } = backend();
    const reply = await call('POST', 'api/customers', { customer: { firstName: 'Only' } });
    expect(reply.status).toBe(400);
  });

  it('get, update and delete a customer by id', async () => {
    const { call } = backend();
    expect((await call('GET', 'api/customers/7')).data).toMatchObject({ id: 7, status: 0 });
    const { id: _id, ...fields } = customer(7, { firstName: 'Renamed', status: 2 });
    expect((await call('PUT', 'api/customers/7', { customer: fields })).status).toBe(200);
    expect((await call('GET', 'api/customers/7')).data).toMatchObject({
      id: 7,
      firstName: 'Renamed',
      status: 2,
      _updatedDate: '01/15/2025',
      _createdDate: '01/02/2018',
    });
    expect((await call('DELETE', 'api/customers/7')).status).toBe(200);
    expect((await call('GET', 'api/customers/7')).status).toBe(400);
  });

  it('reply 400 for an unknown id', async () => {
    const { call } = backend();
    const { id: _id, ...fields } = customer(99);
    expect((await call('GET', 'api/customers/99')).status).toBe(400);
    expect((await call('PUT', 'api/customers/99', { customer: fields })).status).toBe(400);
    expect((await call('DELETE', 'api/customers/99')).status).toBe(400);
    expect((await call('GET', 'api/products/99')).status).toBe(400);
    expect((await call('DELETE', 'api/remarks/99')).status).toBe(400);
    expect((await call('GET', 'api/specifications/99')).status).toBe(400);
  });

  it('delete several customers and set the status of several', async () => {
    const { call } = backend();
    expect(
      (await call('POST', 'api/customers/updateStatusForCustomers', { ids: [1, 3], status: 2 }))
        .status,
    ).toBe(200);
    expect((await call('GET', 'api/customers/3')).data).toMatchObject({ status: 2 });
    expect((await call('GET', 'api/customers/7')).data).toMatchObject({ status: 0 });
    expect(
      (await call('POST', 'api/customers/updateStatusForCustomers', { ids: [1], status: 5 }))
        .status,
    ).toBe(400);

    expect((await call('POST', 'api/customers/deleteCustomers', { ids: [1, 7] })).status).toBe(200);
    const left = await call('POST', 'api/customers/find', { queryParams });
    expect((left.data as { entities: Customer[] }).entities.map((c) => c.id)).toEqual([3]);
  });

  it('follow the same pattern for products, filtered by status and condition', async () => {
    const { call } = backend();
    const sold = await call('POST', 'api/products/find', {
      queryParams: { ...queryParams, filter: { status: 1 } },
    });
    expect((sold.data as { entities: Product[] }).entities.map((p) => p.id)).toEqual([2]);
    const { id: _id, createdDate: _c, _userId, _createdDate, _updatedDate, ...fields } = car(0);
    const created = await call('POST', 'api/products', { product: fields });
    expect(created.data).toMatchObject({
      product: { id: 3, createdDate: '01/15/2025', _userId: 1 },
    });
    expect(
      (await call('POST', 'api/products/updateStatusForProducts', { ids: [3], status: 1 })).status,
    ).toBe(200);
    expect((await call('GET', 'api/products/3')).data).toMatchObject({ status: 1 });
    expect((await call('POST', 'api/products/deleteProducts', { ids: [3] })).status).toBe(200);
    expect((await call('GET', 'api/products/3')).status).toBe(400);
  });

  it("list a car's remarks through api/remarksfind/{carId}", async () => {
    const { call } = backend();
    const reply = await call('POST', 'api/remarksfind/1', { queryParams });
    expect((reply.data as { entities: Remark[] }).entities.map((r) => r.id)).toEqual([1, 2]);
    const search = await call('POST', 'api/remarksfind/1', {
      queryParams: { ...queryParams, filter: { text: 'REMARK 2' } },
    });
    expect((search.data as { entities: Remark[] }).entities.map((r) => r.id)).toEqual([2]);
  });

  it('create a remark only for a car that exists, and set the type of several', async () => {
    const { call } = backend();
    const fields = { carId: 2, text: 'Call back', type: 1, dueDate: '01/01/2019' };
    const created = await call('POST', 'api/remarks', { remark: fields });
    expect(created.data).toMatchObject({ remark: { ...fields, id: 4, _isEditMode: false } });
    expect((await call('POST', 'api/remarks', { remark: { ...fields, carId: 9 } })).status).toBe(
      400,
    );
    await call('POST', 'api/remarks/updateStatusForRemarks', { ids: [1, 3], status: 2 });
    expect((await call('GET', 'api/remarks/3')).data).toMatchObject({ type: 2 });
    await call('POST', 'api/remarks/deleteRemarks', { ids: [1, 2] });
    const left = await call('POST', 'api/remarksfind/1', { queryParams });
    expect(left.data).toMatchObject({ entities: [], totalCount: 0 });
  });

  it("list a car's specifications, which have no bulk status", async () => {
    const { call } = backend();
    const reply = await call('POST', 'api/specificationsfind/1', { queryParams });
    expect((reply.data as { entities: Specification[] }).entities.map((s) => s.id)).toEqual([1, 2]);
    const created = await call('POST', 'api/specifications', {
      specification: { carId: 1, specId: 7, value: '34' },
    });
    expect(created.data).toEqual({ specification: { id: 4, carId: 1, specId: 7, value: '34' } });
    expect(
      (
        await call('POST', 'api/specifications/updateStatusForSpecifications', {
          ids: [1],
          status: 1,
        })
      ).status,
    ).toBe(404);
    await call('POST', 'api/specifications/deleteSpecifications', { ids: [1, 4] });
    const left = await call('POST', 'api/specificationsfind/1', { queryParams });
    expect((left.data as { entities: Specification[] }).entities.map((s) => s.id)).toEqual([2]);
  });

  it("delete a car's remarks and specifications with it", async () => {
    const { call } = backend();
    await call('DELETE', 'api/products/1');
    expect((await call('GET', 'api/remarks/1')).status).toBe(400);
    expect((await call('GET', 'api/specifications/2')).status).toBe(400);
    expect((await call('GET', 'api/remarks/3')).status).toBe(200);
  });

  it('answer only a demo session: 401 without a token or with an unknown one', async () => {
    const { call } = backend();
    expect((await call('GET', 'api/customers/1', undefined, null)).status).toBe(401);
    expect((await call('POST', 'api/products/find', { queryParams }, 'stolen')).status).toBe(401);
  });

  it('never share objects with the caller', async () => {
    const { call, data } = backend();
    const reply = await call('GET', 'api/customers/1');
    (reply.data as Customer).firstName = 'Changed';
    expect((await call('GET', 'api/customers/1')).data).toMatchObject({ firstName: 'First1' });
    expect(data.customers[0]?.firstName).toBe('First1');
  });

  it('reply 404 to a path they do not serve', async () => {
    const { call } = backend();
    expect((await call('GET', 'api/orders')).status).toBe(404);
  });
});
