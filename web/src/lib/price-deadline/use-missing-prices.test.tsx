import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChangeStoreProvider } from '@/lib/changes/change-store';
import { ServicesProvider } from '@/lib/services';
import { memoryChangeStore, NOW, priceDay, storedPolicy } from '@/testing/changes';
import { fakeServices } from '@/testing/fakes';
import { useMissingPrices } from './use-missing-prices';

const MINUTE = 60_000;
/** 5:00 PM on Jan 15, 2025 in Los Angeles (UTC-8): when the prices of the 16th are due. */
const DUE_16TH = Date.UTC(2025, 0, 16, 1, 0);

function renderMissing(
  changes: ReturnType<typeof memoryChangeStore>,
  { now, connected = true }: { now?: () => number; connected?: boolean } = {},
) {
  const services = fakeServices();
  if (now) services.now = now;
  if (connected) services.realtimeSession.set({ status: 'connected' });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ServicesProvider services={services}>
      <ChangeStoreProvider store={changes.store}>{children}</ChangeStoreProvider>
    </ServicesProvider>
  );
  return renderHook(() => useMissingPrices(), { wrapper });
}

/** Lets the store's first answers arrive. */
const answered = () => act(async () => {});

afterEach(() => vi.useRealTimers());

describe('the rows missing for tomorrow', () => {
  it('are the rows of today without prices for tomorrow, live', async () => {
    const changes = memoryChangeStore({
      priceDays: {
        '2025-01-15': priceDay('5:1', '5:2', '2:1'),
        '2025-01-16': priceDay('5:1'),
      },
    });
    const { result } = renderMissing(changes);
    expect(result.current.missing).toEqual({ status: 'loading' });
    await answered();
    expect(changes.watchedDays()).toEqual(['2025-01-15', '2025-01-16']);
    expect(result.current.day).toBe('2025-01-16');
    expect(result.current.missing).toEqual({
      status: 'ready',
      value: { rows: ['2:1', '5:2'], today: 3 },
    });

    act(() => changes.setPriceDay('2025-01-16', priceDay('5:1', '2:1')));
    expect(result.current.missing).toEqual({ status: 'ready', value: { rows: ['5:2'], today: 3 } });
  });

  it('are none when today has no rows, or tomorrow has them all', async () => {
    const changes = memoryChangeStore({ priceDays: { '2025-01-16': priceDay('5:1') } });
    const { result } = renderMissing(changes);
    await answered();
    expect(result.current.missing).toEqual({ status: 'ready', value: { rows: [], today: 0 } });
    act(() => changes.setPriceDay('2025-01-15', priceDay('5:1')));
    expect(result.current.missing).toEqual({ status: 'ready', value: { rows: [], today: 1 } });
  });

  it('are not read without the database session', async () => {
    const changes = memoryChangeStore({ priceDays: { '2025-01-15': priceDay('5:1') } });
    const { result } = renderMissing(changes, { connected: false });
    await answered();
    expect(changes.watchedDays()).toEqual([]);
    expect(result.current.missing).toEqual({ status: 'loading' });
  });

  it('say when a day could not be read, and read it again on retry', async () => {
    const changes = memoryChangeStore({ priceDays: { '2025-01-15': priceDay('5:1') } });
    const { result } = renderMissing(changes);
    await answered();
    const refused = new Error('permission_denied at /priceDays/2025-01-16');
    act(() => changes.failPriceDays(refused));
    expect(result.current.missing).toEqual({ status: 'error', error: refused });
    act(() => result.current.retry());
    await answered();
    expect(result.current.missing).toEqual({ status: 'ready', value: { rows: ['5:1'], today: 1 } });
  });
});

describe('the deadline of tomorrow’s prices', () => {
  it('is the policy’s time today in Los Angeles, 5:00 PM while none is set', async () => {
    const changes = memoryChangeStore();
    const { result } = renderMissing(changes);
    await answered();
    expect(result.current.dueAt).toBe(DUE_16TH);
    expect(result.current.overdue).toBe(false);

    // Noon has passed: a deadline of 9:30 AM is behind.
    act(() => changes.setPolicy(storedPolicy({ priceDeadline: '09:30' })));
    expect(result.current.dueAt).toBe(Date.UTC(2025, 0, 15, 17, 30));
    expect(result.current.overdue).toBe(true);
  });

  it('passes on time, with no change in the database', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: DUE_16TH - MINUTE });
    const { result } = renderMissing(memoryChangeStore(), { now: () => Date.now() });
    await answered();
    expect(result.current.overdue).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(MINUTE + 1));
    expect(result.current.overdue).toBe(true);
  });
});

describe('the day followed', () => {
  it('rolls over at midnight in Los Angeles: the new today and tomorrow are read', async () => {
    // 11:59 PM on Jan 15 in Los Angeles.
    const lastMinute = Date.UTC(2025, 0, 16, 7, 59);
    vi.useFakeTimers({ shouldAdvanceTime: true, now: lastMinute });
    const changes = memoryChangeStore({
      priceDays: {
        '2025-01-15': priceDay('5:1', '5:2'),
        '2025-01-16': priceDay('5:1', '5:2'),
        '2025-01-17': priceDay('5:1'),
      },
    });
    const { result } = renderMissing(changes, { now: () => Date.now() });
    await answered();
    expect(result.current.missing).toEqual({ status: 'ready', value: { rows: [], today: 2 } });
    expect(result.current.overdue).toBe(true);

    await act(() => vi.advanceTimersByTimeAsync(MINUTE + 1));
    expect(changes.watchedDays()).toEqual(['2025-01-16', '2025-01-17']);
    expect(result.current.day).toBe('2025-01-17');
    // Due at 5:00 PM on the 16th, hours away again.
    expect(result.current.dueAt).toBe(Date.UTC(2025, 0, 17, 1, 0));
    expect(result.current.overdue).toBe(false);
    expect(result.current.missing).toEqual({ status: 'ready', value: { rows: ['5:2'], today: 2 } });
  });

  it('is the Los Angeles day, not the browser’s', async () => {
    // 8:00 PM on Jan 15 in Los Angeles is already the 16th in UTC: tomorrow is still the 16th.
    const { result } = renderMissing(memoryChangeStore(), { now: () => NOW + 8 * 60 * MINUTE });
    await answered();
    expect(result.current.day).toBe('2025-01-16');
  });
});
