import { describe, expect, it } from 'vitest';
import { UPSTREAM_CALLS } from '../../functions/src/contracts/index.js';
import { READ_CALLS } from './calls.js';

describe('READ_CALLS', () => {
  it('reads every GET of the call table, but the current user (a capability of its own)', () => {
    const reads = UPSTREAM_CALLS.filter((call) => call.method === 'GET' && call.path !== 'me').map(
      (call) => `GET /${call.path}`,
    );
    expect(READ_CALLS.map((call) => call.name).sort()).toEqual(reads.sort());
  });

  it('reads the invoices, members and prices of the ids the lists gave, or says why not', () => {
    const byName = new Map(READ_CALLS.map((call) => [call.name, call]));
    const target = (name: string, ids: object, dayParam: string | null = 'date') =>
      byName.get(name)?.target(ids, dayParam, '2026-11-27');
    expect(target('GET /admin/user-reports/:user', { user: 7 })).toEqual({
      path: 'admin/user-reports/7',
    });
    expect(target('GET /admin/user-reports/:user', {})).toEqual({
      skip: 'no user to read the invoices of',
    });
    expect(target('GET /admin/group/:group/fuel-prices/:type', { group: 3, type: 1 })).toEqual({
      path: 'admin/group/3/fuel-prices/1',
      query: { date: '2026-11-27' },
    });
    expect(
      target('GET /admin/group/:group/fuel-prices/:type', { group: 3, type: 1 }, null),
    ).toEqual({
      path: 'admin/group/3/fuel-prices/1',
    });
  });

  it('takes the first id of each list the later reads need', () => {
    const users = READ_CALLS.find((call) => call.name === 'GET /admin/user');
    const reply = {
      metadata: { success: 1 },
      payload: [
        { id: '12', name: 'Bo' },
        { id: 13, name: 'Cy' },
      ],
    };
    expect(users?.classify({ status: 200, body: { kind: 'json', json: reply } }).ids).toEqual({
      user: 12,
    });
  });
});
