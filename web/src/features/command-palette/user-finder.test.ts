import { describe, expect, it } from 'vitest';
import type { AppUserRow } from '@/lib/app-users/app-users';
import { createUserFinder } from './user-finder';

const user = (id: number, name: string, email: string): AppUserRow => ({
  id,
  name,
  email,
  image: '',
  devices: 1,
  nameRank: id,
});

const users = [
  user(7, 'Joanne Park', 'jpark@fuel.test'),
  user(12, 'Ann Lee', 'ann.lee@fuel.test'),
  user(120, 'Bob Stone', 'bob@annex.test'),
  user(3, 'Mary Ann', 'mary@fuel.test'),
];

describe('createUserFinder', () => {
  const finder = createUserFinder(users);
  const names = (query: string, limit = 10) => finder.find(query, limit).users.map((u) => u.name);

  it('finds by name, e-mail or ID, case-insensitively', () => {
    expect(names('STONE')).toEqual(['Bob Stone']);
    expect(names('jpark@fuel.test')).toEqual(['Joanne Park']);
    expect(names('120')).toEqual(['Bob Stone']);
  });

  it('puts an exact ID first, then starts, word starts and the rest', () => {
    expect(names('12')).toEqual(['Ann Lee', 'Bob Stone']);
    expect(names('ann')).toEqual(['Ann Lee', 'Bob Stone', 'Mary Ann', 'Joanne Park']);
  });

  it('lists at most the limit and counts every match', () => {
    expect(finder.find('ann', 2)).toEqual({ users: [users[1], users[2]], total: 4 });
  });

  it('finds nothing for an empty query or a miss', () => {
    expect(finder.find('   ', 5)).toEqual({ users: [], total: 0 });
    expect(finder.find('zed', 5)).toEqual({ users: [], total: 0 });
  });

  it('gives the same answer warmed, or with a query typed one key at a time', () => {
    const typed = createUserFinder(users);
    typed.warm();
    for (const query of ['m', 'ma', 'mar']) typed.find(query, 5);
    expect(typed.find('mary', 5).users.map((u) => u.name)).toEqual(['Mary Ann']);
    expect(typed.find('ma', 5).users.map((u) => u.name)).toEqual(['Mary Ann']);
  });
});
