import { describe, expect, it } from 'vitest';
import type { User } from '@contracts/upstream/upstream';
import { packAppUsers, rankNames, unpackAppUsers, type AppUserRow } from './packed';
import { packedAppUsersSchema } from './protocol';

const fields = ({ id, name, email, image, devices }: AppUserRow) => ({
  id,
  name,
  email,
  image,
  devices,
});

const users: User[] = [
  {
    id: 12,
    name: 'Zoë Walker',
    email: 'zoe@example.com',
    image: { original_url: '/api/files/storage/3/zw.png' },
    device_ids: ['a', 'b'],
  },
  { id: 9, name: 'émile Durand', email: 'emile@example.com', image: null, device_ids: [] },
  { id: 7, name: 'Adam Ng', device_ids: ['c'] },
  { id: 3, name: 'adam ng', email: 'adam2@example.com', device_ids: [] },
];

describe('the packed user list', () => {
  it('gives back every user with what a row shows', () => {
    const rows = unpackAppUsers(packAppUsers(users));
    expect(rows.map(fields)).toEqual([
      {
        id: 12,
        name: 'Zoë Walker',
        email: 'zoe@example.com',
        image: '/api/files/storage/3/zw.png',
        devices: 2,
      },
      { id: 9, name: 'émile Durand', email: 'emile@example.com', image: '', devices: 0 },
      { id: 7, name: 'Adam Ng', email: '', image: '', devices: 1 },
      { id: 3, name: 'adam ng', email: 'adam2@example.com', image: '', devices: 0 },
    ]);
  });

  it('ranks names alphabetically, ignoring case and accents, equal names in list order', () => {
    const ranks = Array.from(rankNames(users.map((user) => user.name)));
    // Adam Ng (list position 2) before adam ng (3), then émile, then Zoë.
    expect(ranks).toEqual([3, 2, 0, 1]);
  });

  it('keeps names with any characters apart', () => {
    const names = ['', '李小龙', 'a\u0000b', 'x'];
    const rows = unpackAppUsers(
      packAppUsers(names.map((name, i) => ({ id: names.length - i, name, device_ids: [] }))),
    );
    expect(rows.map((row) => row.name)).toEqual(names);
  });

  it('gives each row its name rank', () => {
    expect(unpackAppUsers(packAppUsers(users)).map((row) => row.nameRank)).toEqual([3, 2, 0, 1]);
  });

  it('puts the newest users first, whatever order the upstream answered in', () => {
    const oldestFirst: User[] = [
      { id: 1, name: 'First', device_ids: [], created_at: '2024-01-01T00:00:00.000000Z' },
      { id: 2, name: 'Second', device_ids: [] },
      { id: 3, name: 'Third', device_ids: [], created_at: '2025-05-01T00:00:00.000000Z' },
      { id: 4, name: 'Fourth', device_ids: [], created_at: '2025-05-01T00:00:00.000000Z' },
    ];
    const rows = unpackAppUsers(packAppUsers(oldestFirst));
    // Latest date first, equal dates by the higher id; the undated user came after First.
    expect(rows.map((row) => row.name)).toEqual(['Fourth', 'Third', 'Second', 'First']);
    // Each rank stays with its row: First, Fourth, Second, Third alphabetically.
    expect(rows.map((row) => row.nameRank)).toEqual([1, 3, 2, 0]);
  });

  it('packs an empty list', () => {
    expect(unpackAppUsers(packAppUsers([]))).toEqual([]);
  });

  it('is refused when a column does not match the count', () => {
    const packed = packAppUsers(users);
    expect(packedAppUsersSchema.safeParse(packed).success).toBe(true);
    expect(packedAppUsersSchema.safeParse({ ...packed, count: 5 }).success).toBe(false);
  });
});
