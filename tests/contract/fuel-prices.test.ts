import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  fuelPriceSchema,
  fuelPriceTypeSchema,
  groupSchema,
} from '../../functions/src/contracts/index.js';
import { losAngelesDay } from '../../dev/api/time.js';
import { contractApi, expectFail, expectInvalid, expectOk, form, isLocal } from './support.js';

const api = contractApi();
const admin = async () => ({ token: await api.adminToken() });

async function firstGroupAndType() {
  const groups = expectOk(
    await api.call('GET', '/admin/groups', await admin()),
    z.array(groupSchema),
  );
  const types = expectOk(
    await api.call('GET', '/admin/fuel-price-types', await admin()),
    z.array(fuelPriceTypeSchema),
  );
  const group = groups[0];
  const type = types[0];
  if (group === undefined || type === undefined)
    throw new Error('needs a group and a fuel price type');
  return { group: group.id, type: type.id };
}

const prices = {
  regular: '4.799',
  premium: '5.499',
  diesel: '5.249',
  renew_99: '5.199',
  b_20: '5.099',
};
const getPrice = async (group: number, type: number, query = '') =>
  expectOk(
    await api.call('GET', `/admin/group/${group}/fuel-prices/${type}${query}`, await admin()),
    z.nullable(fuelPriceSchema),
  );

describe('GET /admin/fuel-price-types', () => {
  it('lists the types with id and name', async () => {
    const types = expectOk(
      await api.call('GET', '/admin/fuel-price-types', await admin()),
      z.array(fuelPriceTypeSchema),
    );
    expect(types.length).toBeGreaterThan(0);
    expect(new Set(types.map((t) => t.name)).size).toBe(types.length);
  });
});

describe('GET /admin/group/{groupId}/fuel-prices/{typeId}', () => {
  it('answers null for a day with no prices', async () => {
    const { group, type } = await firstGroupAndType();
    expect(await getPrice(group, type, '?date=1999-01-01')).toBeNull();
  });

  it.runIf(isLocal)('defaults to today in Los Angeles (the seed holds today)', async () => {
    const { group, type } = await firstGroupAndType();
    const today = await getPrice(group, type);
    expect(today?.date).toBe(losAngelesDay(Date.now()));
  });

  it('validates the date and answers 404 for an unknown group or type', async () => {
    const { group, type } = await firstGroupAndType();
    const errors = expectInvalid(
      await api.call(
        'GET',
        `/admin/group/${group}/fuel-prices/${type}?date=2024-02-30`,
        await admin(),
      ),
    );
    expect(errors.date).toEqual(['The date field must match the format Y-m-d.']);
    expect(
      expectFail(
        await api.call('GET', `/admin/group/99999999/fuel-prices/${type}`, await admin()),
        404,
      ),
    ).toBe('The requested group is not found');
    expect(
      expectFail(
        await api.call('GET', `/admin/group/${group}/fuel-prices/99999999`, await admin()),
        404,
      ),
    ).toBe('The requested fuel price type is not found');
  });
});

describe('POST /admin/group/{groupId}/fuel-prices', () => {
  it('saves the prices of a day, and saving again replaces them', async () => {
    const { group, type } = await firstGroupAndType();
    const date = '2001-02-03';
    const saved = expectOk(
      await api.call('POST', `/admin/group/${group}/fuel-prices`, {
        ...(await admin()),
        form: form({ fuel_price_type_id: type, ...prices, date }),
      }),
      fuelPriceSchema,
    );
    expect(saved).toMatchObject({
      regular: 4.799,
      premium: 5.499,
      diesel: 5.249,
      renew_99: 5.199,
      b_20: 5.099,
      date,
    });
    expect(await getPrice(group, type, `?date=${date}`)).toMatchObject(saved);

    const again = expectOk(
      await api.call('POST', `/admin/group/${group}/fuel-prices`, {
        ...(await admin()),
        form: form({ fuel_price_type_id: type, ...prices, regular: '4.5', date }),
      }),
      fuelPriceSchema,
    );
    expect(again.regular).toBe(4.5);
    expect((await getPrice(group, type, `?date=${date}`))?.regular).toBe(4.5);
  });

  it('lists a message per invalid field, as the save toast shows them', async () => {
    const { group, type } = await firstGroupAndType();
    const errors = expectInvalid(
      await api.call('POST', `/admin/group/${group}/fuel-prices`, {
        ...(await admin()),
        form: form({
          fuel_price_type_id: type,
          ...prices,
          regular: 'abc',
          premium: '-1',
          diesel: '',
          date: '03/02/2001',
        }),
      }),
    );
    expect(errors).toEqual({
      regular: ['The regular field must be a number.'],
      premium: ['The premium field must be at least 0.'],
      diesel: ['The diesel field is required.'],
      date: ['The date field must match the format Y-m-d.'],
    });
  });

  it('answers 404 for an unknown group or type', async () => {
    const { group, type } = await firstGroupAndType();
    const body = { fuel_price_type_id: type, ...prices, date: '2001-02-03' };
    expectFail(
      await api.call('POST', '/admin/group/99999999/fuel-prices', {
        ...(await admin()),
        form: form(body),
      }),
      404,
    );
    expectFail(
      await api.call('POST', `/admin/group/${group}/fuel-prices`, {
        ...(await admin()),
        form: form({ ...body, fuel_price_type_id: 99999999 }),
      }),
      404,
    );
  });
});
