import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SEED_ADMIN, SEED_APP_USER } from '../../dev/api/index.js';
import {
  announcementSchema,
  complaintSchema,
  fuelPriceSchema,
  fuelPriceTypeSchema,
  groupSchema,
  loginPayloadSchema,
  OFFER_SLOTS,
  offerSchema,
  reportSchema,
  userSchema,
} from '../../functions/src/contracts/index.js';
import { losAngelesDay, daysBefore } from '../../dev/api/time.js';
import { contractApi, download, expectOk, flavour, isLocal } from './support.js';

const api = contractApi();

/** The seed makes every screen meaningful: each list has rows to show. */
describe.runIf(isLocal)('the seed', () => {
  const get = async <T extends z.core.$ZodType>(route: string, schema: T) =>
    expectOk(await api.call('GET', route, { token: await api.adminToken() }), schema);

  it('has the printed admin, and an app user with the documented password', async () => {
    const admin = expectOk(
      await api.call('POST', '/login', { json: { ...SEED_ADMIN, device_id: '' } }),
      loginPayloadSchema,
    );
    expect(admin.user.role).toEqual(['admin']);
    const user = expectOk(
      await api.call('POST', '/login', { json: { ...SEED_APP_USER, device_id: '' } }),
      loginPayloadSchema,
    );
    expect(user.user).toMatchObject({ name: SEED_APP_USER.name, role: ['user'] });
  });

  it('has at least 60 named app users with pictures and 0 to 3 device tokens', async () => {
    const users = await get('/admin/user', z.array(userSchema));
    expect(users.length).toBeGreaterThanOrEqual(60);
    expect(users.every((u) => u.name.includes(' '))).toBe(true);
    expect(users.filter((u) => u.image).length).toBeGreaterThan(users.length / 2);
    const devices = users.map((u) => u.device_ids.length);
    expect(Math.max(...devices)).toBe(3);
    expect(devices).toContain(0);
    const avatar = await download(users.find((u) => u.image)?.image?.original_url ?? '');
    expect(avatar.headers.get('content-type')).toBe('image/png');
  });

  it('has invoices (reports) with links for some users, none for others', async () => {
    const users = await get('/admin/user', z.array(userSchema));
    const counts = await Promise.all(
      users.slice(0, 10).map(async (user) => {
        const reports = await get(`/admin/user-reports/${user.id}`, z.array(reportSchema));
        expect(
          reports.every((r) => r.user_id === user.id && /^https?:\/\//.test(r.url ?? '')),
        ).toBe(true);
        return reports.length;
      }),
    );
    expect(Math.max(...counts)).toBeGreaterThan(0);
    expect(counts).toContain(0);
  });

  it('has complaints in all three statuses, and announcements with images', async () => {
    const complaints = await get('/admin/user-complaint', z.array(complaintSchema));
    expect(new Set(complaints.map((c) => c.status))).toEqual(new Set([1, 2, 3]));
    const announcements = await get('/admin/notifications', z.array(announcementSchema));
    expect(announcements.filter((a) => a.image).length).toBeGreaterThanOrEqual(3);
  });

  it('has five groups with members, the app user in the first two', async () => {
    const groups = await get('/admin/groups', z.array(groupSchema));
    expect(groups).toHaveLength(5);
    expect(groups.every((g) => g.users.length > 0 && g.image)).toBe(true);
    const oldestTwo = groups.slice(-2);
    expect(oldestTwo.every((g) => g.users.some((u) => u.email === SEED_APP_USER.email))).toBe(true);
  });

  it('has fuel price types and prices for every group up to today, a month back where a day can be asked', async () => {
    const groups = await get('/admin/groups', z.array(groupSchema));
    const types = await get('/admin/fuel-price-types', z.array(fuelPriceTypeSchema));
    expect(types.length).toBeGreaterThanOrEqual(2);
    const today = losAngelesDay(Date.now());
    // Where no day can be asked, the read answers the latest saved day: today.
    const days = flavour.priceDay === 'asked' ? [today, daysBefore(today, 30)] : [today];
    for (const group of groups) {
      for (const type of types) {
        for (const date of days) {
          const query = flavour.priceDay === 'asked' ? `?date=${date}` : '';
          const price = await get(
            `/admin/group/${group.id}/fuel-prices/${type.id}${query}`,
            fuelPriceSchema,
          );
          expect(price.date).toBe(date);
          expect(price.regular).toBeGreaterThan(3);
          expect(price.premium).toBeGreaterThan(price.regular);
          // Pump prices, to a tenth of a cent, as they are shown.
          for (const grade of [
            price.regular,
            price.premium,
            price.diesel,
            price.renew_99,
            price.b_20,
          ]) {
            expect(String(grade)).toMatch(/^\d+\.\d{1,3}$/);
          }
        }
      }
    }
  });

  it('has three offer images', async () => {
    const offers = await get('/admin/offers', z.array(offerSchema));
    // Without slots, the product places three offers by their order.
    expect(offers.map((o) => o.slot)).toEqual(
      flavour.offerSlots ? OFFER_SLOTS : OFFER_SLOTS.map(() => undefined),
    );
  });
});
