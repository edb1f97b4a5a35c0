import { act, renderHook } from '@testing-library/react';
import type { Database } from 'firebase/database';
import { describe, expect, it, vi } from 'vitest';
import { useMessageCount } from './use-message-count';

type Listener = (snapshot: { val: () => unknown }) => void;
const listeners = vi.hoisted(() => new Map<string, Listener>());

vi.mock('firebase/database', () => ({
  ref: (_database: unknown, path: string) => path,
  onValue: (path: string, listener: Listener) => {
    listeners.set(path, listener);
    return () => listeners.delete(path);
  },
}));

const database = {} as Database;
const emit = (groupId: string, value: unknown) =>
  act(() => listeners.get(`groupChatCounts/${groupId}`)?.({ val: () => value }));

describe('the group message count', () => {
  it('is the counter the functions keep, kept current', () => {
    const { result } = renderHook(() => useMessageCount(database, 'g1'));
    expect(result.current).toBeUndefined();
    emit('g1', 120);
    expect(result.current).toBe(120);
    emit('g1', 121);
    expect(result.current).toBe(121);
  });

  it('is unknown rather than wrong: never counted, below zero, or not a count', () => {
    const { result } = renderHook(() => useMessageCount(database, 'g1'));
    for (const value of [null, -1, 2.5, '7']) {
      emit('g1', value);
      expect(result.current, String(value)).toBeUndefined();
    }
  });

  it('is not read before the database is signed in, as a refused read is never retried', () => {
    const { result, rerender } = renderHook(({ db }) => useMessageCount(db, 'g1'), {
      initialProps: { db: null as Database | null },
    });
    expect(listeners.has('groupChatCounts/g1')).toBe(false);
    rerender({ db: database });
    emit('g1', 4);
    expect(result.current).toBe(4);
    rerender({ db: null });
    expect(result.current).toBeUndefined();
    expect(listeners.has('groupChatCounts/g1')).toBe(false);
  });

  it('forgets the previous group’s count when the group changes', () => {
    const { result, rerender } = renderHook(({ groupId }) => useMessageCount(database, groupId), {
      initialProps: { groupId: 'g1' },
    });
    emit('g1', 3);
    rerender({ groupId: 'g2' });
    expect(result.current).toBeUndefined();
    expect(listeners.has('groupChatCounts/g1')).toBe(false);
  });
});
