import { describe, expect, it } from 'vitest';
import {
  announcementSchema,
  chatUploadSchema,
  complainerSchema,
  complaintSchema,
  fuelPriceSchema,
  fuelPriceTypeSchema,
  groupSchema,
  loginPayloadSchema,
  offerSchema,
  reportSchema,
  userSchema,
} from './upstream.js';

describe('reportSchema', () => {
  const report = { id: 1, user_id: 2, title: 'Invoice', description: 'Fuel' };

  it('reads an invoice without a link, sent as null or as empty text, as null', () => {
    expect(reportSchema.parse({ ...report, url: null }).url).toBeNull();
    expect(reportSchema.parse({ ...report, url: '' }).url).toBeNull();
  });

  it('keeps a link that is given', () => {
    expect(reportSchema.parse({ ...report, url: 'https://x.io/a.pdf' }).url).toBe(
      'https://x.io/a.pdf',
    );
  });
});

const image = { original_url: 'http://127.0.0.1:5050/storage/1/a.png' };
const user = { id: 2, name: 'Ana', device_ids: ['d1'] };

describe('upstream payloads', () => {
  it.each([
    ['user', userSchema, { ...user, email: 'ana@x.test', image: null, created_at: '2025-01-01' }],
    [
      'sign-in',
      loginPayloadSchema,
      {
        user: { ...user, email: 'ana@x.test', role: ['admin'] },
        token: 't',
        firebaseToken: 'f',
        firebaseUnavailable: { reason: 'unreachable' },
      },
    ],
    [
      'complaint',
      complaintSchema,
      {
        id: 1,
        title: 'Pump',
        description: 'Broken',
        user,
        created_at: '2025-01-01',
        status: 2,
        admin_response: null,
      },
    ],
    ['announcement', announcementSchema, { id: 1, title: 'T', description: 'D', image }],
    ['group', groupSchema, { id: 1, name: 'G', image: null, users: [user], timestamp: 1 }],
    ['chat upload', chatUploadSchema, { id: 1, file: image }],
    ['offer', offerSchema, { id: 1, slot: 'first_image', image }],
    ['offer without a slot', offerSchema, { id: 1, image }],
    ['fuel price type', fuelPriceTypeSchema, { id: 1, name: 'Diesel' }],
    [
      'fuel prices',
      fuelPriceSchema,
      { regular: 1, premium: 2, diesel: 3, renew_99: 4, b_20: 5, date: '2025-01-01' },
    ],
  ] as const)('reads a %s with all its fields', (_name, schema, value) => {
    expect(schema.parse(value)).toEqual(value);
  });

  it('reads a user without devices as having none', () => {
    expect(userSchema.parse({ id: 2, name: 'Ana' }).device_ids).toEqual([]);
    expect(complainerSchema.parse({ id: 2, name: 'Ana' }).device_ids).toEqual([]);
  });

  it('refuses a complaint status it does not know, and a sign-in without a role', () => {
    const complaint = {
      id: 1,
      title: 'Pump',
      description: 'Broken',
      user,
      created_at: '2025-01-01',
      admin_response: null,
    };
    for (const status of [1, 2, 3]) {
      expect(complaintSchema.safeParse({ ...complaint, status }).success).toBe(true);
    }
    expect(complaintSchema.safeParse({ ...complaint, status: 4 }).success).toBe(false);
    const signIn = { user: { ...user, email: 'a@x.test', role: [] }, token: 't' };
    expect(loginPayloadSchema.safeParse(signIn).success).toBe(false);
  });
});

describe('payloads as a Laravel server sends them', () => {
  it('reads ids, statuses and prices sent as numeric text as numbers', () => {
    expect(
      complaintSchema.parse({
        id: '7',
        title: 'Pump',
        description: 'Broken',
        user: { id: '2', name: 'Ana' },
        created_at: '2025-01-01',
        status: '2',
        admin_response: null,
      }),
    ).toMatchObject({ id: 7, user: { id: 2 }, status: 2 });
    expect(
      fuelPriceSchema.parse({
        regular: '3.290',
        premium: '3.5',
        diesel: '4',
        renew_99: 4.1,
        b_20: '0.999',
        date: '2025-01-01',
      }),
    ).toEqual({
      regular: 3.29,
      premium: 3.5,
      diesel: 4,
      renew_99: 4.1,
      b_20: 0.999,
      date: '2025-01-01',
    });
    expect(
      reportSchema.parse({ id: '1', user_id: '2', title: 'T', description: 'D', url: null }),
    ).toMatchObject({
      id: 1,
      user_id: 2,
    });
  });

  it('still refuses text that is no number', () => {
    expect(fuelPriceTypeSchema.safeParse({ id: 'abc', name: 'Diesel' }).success).toBe(false);
    expect(fuelPriceTypeSchema.safeParse({ id: '1.5', name: 'Diesel' }).success).toBe(false);
    expect(
      fuelPriceSchema.safeParse({
        regular: 'n/a',
        premium: 1,
        diesel: 1,
        renew_99: 1,
        b_20: 1,
        date: '2025-01-01',
      }).success,
    ).toBe(false);
  });

  it('reads a complaint whose complainer was deleted, and its zone-less time as UTC', () => {
    const complaint = complaintSchema.parse({
      id: 1,
      title: 'Pump',
      description: 'Broken',
      user: null,
      created_at: '2025-03-01 18:30:05',
      status: 1,
      admin_response: null,
    });
    expect(complaint.user).toBeNull();
    expect(complaint.created_at).toBe('2025-03-01T18:30:05.000Z');
  });

  it('reads the day of a price saved under a date cast', () => {
    expect(
      fuelPriceSchema.parse({
        regular: 1,
        premium: 1,
        diesel: 1,
        renew_99: 1,
        b_20: 1,
        date: '2025-01-01T00:00:00.000000Z',
      }).date,
    ).toBe('2025-01-01');
  });

  it('ignores fields it does not know', () => {
    expect(fuelPriceTypeSchema.parse({ id: 1, name: 'Diesel', deleted_at: null })).toEqual({
      id: 1,
      name: 'Diesel',
    });
  });
});
