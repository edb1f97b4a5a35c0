import { describe, expect, it } from 'vitest';
import { filterUsers, orderUsers, searchTexts, type PickableUser } from './member-search';

const user = (
  id: number,
  name: string,
  nameRank: number,
  email = `${name.split(' ')[0]?.toLowerCase()}@example.com`,
) => ({ id, name, email, image: '', nameRank }) satisfies PickableUser;

// nameRank is the name's alphabetical place, as the shared user list computes it.
const users = [
  user(1, 'Zoe Adams', 3),
  user(2, 'adam Baker', 0),
  user(3, 'Maria López', 2, 'maria.lopez@example.com'),
  user(4, 'Bob Stone', 1, 'bob@fleet.test'),
];

function search(query: string, onlyIn: ReadonlySet<number> | null = null) {
  const ordered = orderUsers(users);
  return filterUsers(ordered, searchTexts(ordered), query, onlyIn).map((u) => u.id);
}

describe('the member search', () => {
  it('lists users by name, the current members first', () => {
    expect(orderUsers(users).map((u) => u.id)).toEqual([2, 4, 3, 1]);
    expect(orderUsers(users, new Set([1, 3])).map((u) => u.id)).toEqual([3, 1, 2, 4]);
  });

  it('matches a case-insensitive substring of the name or the e-mail', () => {
    expect(search('ADAM')).toEqual([2, 1]);
    expect(search('fleet.test')).toEqual([4]);
    expect(search('  lópez ')).toEqual([3]);
    expect(search('')).toEqual([2, 4, 3, 1]);
  });

  it('does not match across the name and the e-mail', () => {
    expect(search('stonebob')).toEqual([]);
  });

  it('can show only the selected users', () => {
    expect(search('', new Set([1, 3]))).toEqual([3, 1]);
    expect(search('zoe', new Set([3]))).toEqual([]);
  });

  it('finds one user among 100 000', () => {
    const many = Array.from({ length: 100_000 }, (_, i) => user(i, `User ${i} Name`, i));
    expect(filterUsers(many, searchTexts(many), 'user 99999 ', null).map((u) => u.id)).toEqual([
      99999,
    ]);
  });
});
