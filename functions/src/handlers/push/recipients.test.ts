import { describe, expect, it } from 'vitest';
import { MemoryDb } from '../../testing/memory-db.js';
import { adminDevices, devicesOfEveryone, membersOf } from './recipients.js';

async function collect<T>(pages: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const page of pages) all.push(page);
  return all;
}

describe('membersOf', () => {
  it('lists the users marked as members, not those marked otherwise', async () => {
    const db = new MemoryDb({
      groups: { 7: { members: { a: true, b: false, c: 'yes', d: true } } },
    });
    expect(await membersOf(db, '7')).toEqual(['a', 'd']);
    expect(await membersOf(db, 'none')).toEqual([]);
  });
});

describe('devicesOfEveryone', () => {
  const mirror = (users: number) =>
    new MemoryDb({
      deviceTokens: Object.fromEntries(
        Array.from({ length: users }, (_, i) => [
          `u${1000 + i}`,
          { 0: { token: `t${i}`, updatedAt: 1 } },
        ]),
      ),
    });

  it('names where the next range starts when the mirror goes on past this one', async () => {
    const end: { next?: string } = {};
    const pages = await collect(devicesOfEveryone(mirror(3), { users: 2 }, end));
    expect(pages.flat().map((r) => r.token)).toEqual(['t0', 't1']);
    expect(end.next).toBe('u1001');
  });

  it('names no next range when the mirror ends within this one, on a short page', async () => {
    const end: { next?: string } = {};
    const pages = await collect(devicesOfEveryone(mirror(600), { users: 600 }, end));
    expect(pages.map((page) => page.length)).toEqual([500, 100]);
    expect(end).toEqual({});
  });
});

describe('adminDevices', () => {
  it('yields no page at all when no admin has a device', async () => {
    expect(await collect(adminDevices(new MemoryDb(), 'anyone', 0, 'chat.read'))).toEqual([]);
  });
});
