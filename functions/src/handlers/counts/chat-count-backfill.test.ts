import { describe, expect, it } from 'vitest';
import { paths } from '../../contracts/index.js';
import { countDeps, NOW } from '../../testing/count-deps.js';
import { MemoryDb } from '../../testing/memory-db.js';
import { backfillChatCounts } from './chat-count-backfill.js';
import { countChatMessage } from './chat-count.js';

const deps = (db: MemoryDb, invocation = 'backfill') => countDeps(db, invocation);

const chat = (...ids: string[]) => Object.fromEntries(ids.map((id) => [id, { message: id }]));

describe('backfilling the message counts', () => {
  it('counts the history written before the counter, in every group', async () => {
    const db = new MemoryDb({
      groups: { g1: { members: { u1: true }, groupChat: chat('m1', 'm2', 'm3') }, g2: {} },
    });
    expect(await backfillChatCounts(deps(db))).toEqual({ groups: 2, counted: 3 });
    expect(db.at(paths.groupChatCount('g1'))).toBe(3);
    expect(db.at(paths.chatCountMark('g1', 'm2', 'created'))).toBe(true);
    expect(db.at(paths.groupChatCount('g2'))).toBeUndefined();
  });

  it('adds nothing for messages the triggers already counted, or on a second run', async () => {
    const db = new MemoryDb({ groups: { g1: { groupChat: chat('old', 'new') } } });
    await countChatMessage({ groupId: 'g1', messageId: 'new', change: 'created' }, deps(db, 't'));
    expect(await backfillChatCounts(deps(db))).toEqual({ groups: 1, counted: 1 });
    expect(await backfillChatCounts(deps(db))).toEqual({ groups: 1, counted: 0 });
    expect(db.at(paths.groupChatCount('g1'))).toBe(2);
  });

  it('evens out an old message deleted after the counter began', async () => {
    const db = new MemoryDb({ groups: { g1: { groupChat: chat('m1', 'm2') } } });
    await db.update({ 'groups/g1/groupChat/m1': null });
    await countChatMessage({ groupId: 'g1', messageId: 'm1', change: 'deleted' }, deps(db, 't'));
    expect(db.at(paths.groupChatCount('g1'))).toBe(-1);
    await backfillChatCounts(deps(db));
    expect(db.at(paths.groupChatCount('g1'))).toBe(1);
  });

  it('leaves a creation a trigger is counting to that trigger', async () => {
    const mark = paths.chatCountMark('g1', 'm1', 'created');
    const db = new MemoryDb({ groups: { g1: { groupChat: chat('m1', 'm2') } } });
    await db.update({ [mark]: { by: 'trigger', at: NOW - 1 } });
    expect(await backfillChatCounts(deps(db))).toEqual({ groups: 1, counted: 1 });
    expect(db.at(mark)).toEqual({ by: 'trigger', at: NOW - 1 });
    expect(db.at(paths.groupChatCount('g1'))).toBe(1);
  });
});
