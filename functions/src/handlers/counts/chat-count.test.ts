import { describe, expect, it } from 'vitest';
import { paths } from '../../contracts/index.js';
import { countDeps } from '../../testing/count-deps.js';
import { MemoryDb } from '../../testing/memory-db.js';
import { countChatMessage } from './chat-count.js';

const count = (
  db: MemoryDb,
  messageId: string,
  change: 'created' | 'deleted',
  invocation = `run-${messageId}-${change}`,
) => countChatMessage({ groupId: 'g1', messageId, change }, countDeps(db, invocation));

describe('counting chat messages', () => {
  it('counts each created message and takes each deleted one off', async () => {
    const db = new MemoryDb();
    await Promise.all(['m1', 'm2', 'm3'].map((id) => count(db, id, 'created')));
    expect(db.at(paths.groupChatCount('g1'))).toBe(3);
    await count(db, 'm2', 'deleted');
    expect(db.at(paths.groupChatCount('g1'))).toBe(2);
    expect(db.at(paths.groupChatCount('g2'))).toBeUndefined();
  });

  it('adds to a count kept alongside, in the same update as the mark', async () => {
    const db = new MemoryDb({ groupChatCounts: { g1: 41 } });
    expect(await count(db, 'm1', 'created')).toBe(true);
    expect(db.updates.at(-1)).toEqual({
      [paths.chatCountMark('g1', 'm1', 'created')]: true,
      [paths.groupChatCount('g1')]: { '.sv': { increment: 1 } },
    });
    expect(db.at(paths.groupChatCount('g1'))).toBe(42);
  });
});
