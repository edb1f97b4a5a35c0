import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@/lib/api/api-client';
import { silentLogger } from '@/lib/logger';
import { envelope } from '@/testing/fakes';
import { getFuelPrices } from './get-fuel-prices';

const record = (date: string) => ({
  id: 3,
  group_id: 5,
  fuel_price_type_id: 2,
  regular: '3.290',
  premium: 3.5,
  diesel: 3.7,
  renew_99: 3.9,
  b_20: 4.1,
  date,
});

function reading(date: string) {
  const fetch = vi.fn<typeof globalThis.fetch>(async () => envelope(record(date)));
  const api = createApiClient({
    fetch,
    getToken: () => 'token',
    onUnauthorized: () => undefined,
    logger: silentLogger,
  });
  const urls = () => fetch.mock.calls.map(([url]) => String(url));
  return { api, urls };
}

const DAY = { groupId: 5, typeId: 2, date: '2026-11-28' };

describe('reading the prices of a day', () => {
  it('asks for the day in the parameter the upstream names', async () => {
    const { api, urls } = reading('2026-11-28');
    await expect(getFuelPrices(api, DAY, 'day')).resolves.toMatchObject({ regular: 3.29 });
    expect(urls()).toEqual(['/api/admin/group/5/fuel-prices/2?day=2026-11-28']);
  });

  it('without a day parameter, takes the latest record only when it is that day’s', async () => {
    const today = reading('2026-11-28 00:00:00');
    await expect(getFuelPrices(today.api, DAY, null)).resolves.toMatchObject({ diesel: 3.7 });
    expect(today.urls()).toEqual(['/api/admin/group/5/fuel-prices/2']);

    const yesterday = reading('2026-11-27');
    await expect(getFuelPrices(yesterday.api, DAY, null)).resolves.toBeNull();
  });
});
