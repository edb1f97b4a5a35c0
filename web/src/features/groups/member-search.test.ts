import { describe, expect, it } from 'vitest';
import { buildUserIndex, filterUsers, type PickableUser } from './member-search';

const user = (
  id: number,
  name: string,
  email = `${name.split(' ')[0]?.toLowerCase()}@example.com`,
) => ({ id, name, email, image: '' }) satisfies PickableUser;

const users = [
  user(1, 'Zoe Adams'),
  user(2, 'adam Baker'),
  user(3, 'Maria López', 'maria.lopez@example.com'),
  user(4, 'Bob Stone', 'bob@fleet.test'),
];

describe('the member search', () => {
  it('lists users by name, ignoring case, the current members first', () => {
    expect(buildUserIndex(users).map((row) => row.user.id)).toEqual([2, 4, 3, 1]);
    expect(buildUserIndex(users, new Set([1, 3])).map((row) => row.user.id)).toEqual([3, 1, 2, 4]);
  });

  it('matches a case-insensitive substring of the name or the e-mail', () => {
    const index = buildUserIndex(users);
    expect(filterUsers(index, 'ADAM', null).map((row) => row.user.id)).toEqual([2, 1]);
    expect(filterUsers(index, 'fleet.test', null).map((row) => row.user.id)).toEqual([4]);
    expect(filterUsers(index, '  lópez ', null).map((row) => row.user.id)).toEqual([3]);
  });

  it('does not match across the name and the e-mail', () => {
    const index = buildUserIndex(users);
    expect(filterUsers(index, 'stonebob', null)).toEqual([]);
  });

  it('can show only the selected users', () => {
    const index = buildUserIndex(users);
    expect(filterUsers(index, '', new Set([1, 3])).map((row) => row.user.id)).toEqual([3, 1]);
    expect(filterUsers(index, 'zoe', new Set([3]))).toEqual([]);
  });

  it('answers a keystroke over 100 000 users from the prepared index', () => {
    const many = Array.from({ length: 100_000 }, (_, i) => user(i, `User ${i} Name`));
    const index = buildUserIndex(many);
    expect(filterUsers(index, 'user 99999 ', null).map((row) => row.user.id)).toEqual([99999]);
  });
});
