import { describe, expect, it } from 'vitest';
import { chatMessageSchema } from '../../functions/src/contracts/index.ts';
import { chatHistory, MESSAGE_MARKER_PATTERN, pushIdAt } from './chat-history.ts';

const options = {
  groupId: '7',
  count: 300,
  members: [
    { id: '12', name: 'Olivia Martinez' },
    { id: '40', name: 'Liam Chen' },
  ],
  admin: { id: '1', name: 'Fuel Community Admin' },
  newestAt: 1_700_000_000_000,
  stepMs: 30_000,
};

describe('chatHistory', () => {
  const history = chatHistory(options);
  const entries = Object.entries(history);

  it('makes valid chat messages of the group, keyed by their messageID', () => {
    expect(entries).toHaveLength(300);
    for (const [key, message] of entries) {
      expect(chatMessageSchema.safeParse(message).success).toBe(true);
      expect(message.messageID).toBe(key);
      expect(message.receiverUID).toBe('7');
    }
  });

  it('orders keys as time goes, the newest at newestAt, numbered 1..count in their text', () => {
    const keys = entries.map(([key]) => key);
    expect([...keys].sort()).toEqual(keys);
    const times = entries.map(([, m]) => m.timeStamp);
    expect(times.at(-1)).toBe(options.newestAt);
    expect(times.every((t, i) => i === 0 || t > (times[i - 1] as number))).toBe(true);
    const numbers = entries.map(([, m]) =>
      Number([...m.message.matchAll(MESSAGE_MARKER_PATTERN)][0]?.[1]),
    );
    expect(numbers[0]).toBe(1);
    expect(numbers.at(-1)).toBe(300);
  });

  it('has the admin write every fifth message, members the rest', () => {
    const fromAdmin = entries.filter(([, m]) => m.userType === 'admin');
    expect(fromAdmin).toHaveLength(60);
    expect(fromAdmin.every(([, m]) => m.senderUID === '1')).toBe(true);
    expect(new Set(entries.map(([, m]) => m.senderUID))).toEqual(new Set(['1', '12', '40']));
  });
});

describe('pushIdAt', () => {
  it('sorts by time first, then by sequence, in 20 characters', () => {
    expect(pushIdAt(1000, 5)).toHaveLength(20);
    expect(pushIdAt(1000, 5) < pushIdAt(1001, 0)).toBe(true);
    expect(pushIdAt(1000, 5) < pushIdAt(1000, 6)).toBe(true);
  });
});
