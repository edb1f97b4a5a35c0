import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../functions/src/contracts/index.js';
import { collectHeld, settlements, type HeldClaims } from './claims.ts';

const claim = (state: 'sending' | 'done', by: string, pages = 0) => ({
  state,
  at: 1000,
  by,
  pages,
  sent: 0,
  failed: 0,
  pruned: 0,
});

const empty = (): HeldClaims => ({ push: [], count: [] });

const chatPush = (groupId: string, messageId: string): OutboxEntry => ({
  token: `device-${messageId}`,
  notification: { title: 'New message', body: 'A: hi' },
  data: { type: 'chat', groupId, messageId, senderUID: 'a' },
  at: 1001,
});

describe('settling the claims an earlier run held', () => {
  const pushClaims = {
    alert: { a1: claim('sending', 'run-1'), a2: claim('done', 'run-1') },
    chat: {
      g1: { m1: claim('sending', 'run-2'), m2: claim('sending', ''), m3: claim('sending', 'r') },
    },
    alertChunks: { a3: { 0: claim('done', 'run-1'), 1: claim('sending', 'run-3', 2) } },
  };

  it('finds every push claim still sending under a holder, and every mark not yet counted', () => {
    const held = collectHeld('pushClaims', pushClaims, 'push', empty());
    expect(held.push.map((h) => h.path)).toEqual([
      'pushClaims/alert/a1',
      'pushClaims/chat/g1/m1',
      'pushClaims/chat/g1/m3',
      'pushClaims/alertChunks/a3/1',
    ]);
    const marks = {
      g1: { m1: { created: true, deleted: { by: 'run-1', at: 5 } }, m2: { created: true } },
      g2: { m3: { created: { by: 'run-2', at: 6 } } },
    };
    expect(collectHeld('chatCountMarks', marks, 'count', empty()).count).toEqual([
      'chatCountMarks/g1/m1/deleted',
      'chatCountMarks/g2/m3/created',
    ]);
    expect(collectHeld('notificationsAlertCountMarks', null, 'count', empty())).toEqual(empty());
  });

  it('releases the pushes to resume them and removes the marks, but completes a chat push the outbox holds whole', () => {
    const held = collectHeld('pushClaims', pushClaims, 'push', empty());
    held.count.push('chatCountMarks/g2/m3/created');
    expect(
      settlements(held, [chatPush('g1', 'm3'), chatPush('g1', 'm3'), chatPush('g9', 'm1')]),
    ).toEqual({
      'pushClaims/alert/a1/by': '',
      'pushClaims/chat/g1/m1/by': '',
      'pushClaims/chat/g1/m3/state': 'done',
      'pushClaims/alertChunks/a3/1/by': '',
      'chatCountMarks/g2/m3/created': null,
    });
  });

  it('resumes a chat push the outbox may hold only part of', () => {
    const held: HeldClaims = {
      push: [
        { path: 'pushClaims/chat/g1/m1', claim: claim('sending', 'run-1', 1) },
        { path: 'pushClaims/chat/g1/m2', claim: claim('sending', 'run-1') },
      ],
      count: [],
    };
    const outbox = [
      chatPush('g1', 'm1'),
      ...Array.from({ length: 500 }, () => chatPush('g1', 'm2')),
    ];
    expect(settlements(held, outbox)).toEqual({
      'pushClaims/chat/g1/m1/by': '',
      'pushClaims/chat/g1/m2/by': '',
    });
  });
});
