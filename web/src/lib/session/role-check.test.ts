import type { SessionUser } from '@contracts/upstream/upstream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-client';
import { silentLogger } from '../logger';
import { keepCheckingRole, ROLE_RECHECK_MS, type RoleCheckDeps } from './role-check';

const user = (role: string[]): SessionUser =>
  ({ id: 1, name: 'Ada', email: 'ada@fuel.test', image: null, role }) as unknown as SessionUser;

function setup(
  answers: (() => Promise<SessionUser>)[],
  intervalMs = 1000,
  renew = vi.fn(() => Promise.resolve()),
) {
  const win = new EventTarget();
  const doc = Object.assign(new EventTarget(), {
    visibilityState: 'visible' as DocumentVisibilityState,
  });
  const getMe = vi.fn(() => (answers.shift() ?? (() => Promise.resolve(user(['admin']))))());
  const signOut = vi.fn(() => Promise.resolve());
  const controller = new AbortController();
  const deps: RoleCheckDeps = {
    getMe,
    signOut,
    renew,
    logger: silentLogger,
    intervalMs,
    window: win as unknown as RoleCheckDeps['window'],
    document: doc as unknown as RoleCheckDeps['document'],
  };
  keepCheckingRole(deps, controller.signal);
  return { getMe, signOut, renew, win, doc, controller };
}

const refused = (status: number) => () =>
  Promise.reject(new ApiError(status === 401 ? 'unauthorized' : 'rejected', [], status));

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('keepCheckingRole', () => {
  it('checks at most 10 minutes apart by default', () => {
    expect(ROLE_RECHECK_MS).toBe(600_000);
  });

  it('asks GET /me every interval and keeps an admin signed in', async () => {
    const { getMe, signOut } = setup([]);
    await vi.advanceTimersByTimeAsync(999);
    expect(getMe).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(getMe).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(getMe).toHaveBeenCalledTimes(3);
    expect(signOut).not.toHaveBeenCalled();
  });

  it('signs out an admin demoted upstream at the next check', async () => {
    const { signOut } = setup([
      () => Promise.resolve(user(['admin'])),
      () => Promise.resolve(user(['user'])),
    ]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(signOut).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('signs out when admin is no longer the first role', async () => {
    const { signOut } = setup([() => Promise.resolve(user(['user', 'admin']))]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('signs out when the token is refused (401, 403)', async () => {
    for (const status of [401, 403]) {
      const { signOut, controller } = setup([refused(status)]);
      await vi.advanceTimersByTimeAsync(1000);
      expect(signOut, String(status)).toHaveBeenCalledTimes(1);
      controller.abort();
    }
  });

  it('keeps the session when there is no answer, or the upstream is down', async () => {
    const { signOut, getMe } = setup([
      () => Promise.reject(new ApiError('network', [])),
      refused(502),
      refused(504),
      () => Promise.reject(new ApiError('invalid-reply', [], 200)),
    ]);
    await vi.advanceTimersByTimeAsync(4000);
    expect(getMe).toHaveBeenCalledTimes(4);
    expect(signOut).not.toHaveBeenCalled();
  });

  it('checks when the window regains focus and when the tab is shown again', async () => {
    const { getMe, signOut, win, doc } = setup([() => Promise.resolve(user(['user']))], 60_000);
    win.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(0);
    expect(getMe).toHaveBeenCalledTimes(1);
    expect(signOut).toHaveBeenCalledTimes(1);

    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(getMe).toHaveBeenCalledTimes(1);
    doc.visibilityState = 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(getMe).toHaveBeenCalledTimes(2);
  });

  it('asks once at a time: a focus during a check adds none', async () => {
    let answer: (value: SessionUser) => void = () => undefined;
    const { getMe, win } = setup(
      [() => new Promise<SessionUser>((resolve) => (answer = resolve))],
      60_000,
    );
    win.dispatchEvent(new Event('focus'));
    win.dispatchEvent(new Event('focus'));
    expect(getMe).toHaveBeenCalledTimes(1);
    answer(user(['admin']));
    await vi.advanceTimersByTimeAsync(0);
    win.dispatchEvent(new Event('focus'));
    expect(getMe).toHaveBeenCalledTimes(2);
  });

  it('stops at sign-out', async () => {
    const { getMe, win, controller } = setup([]);
    controller.abort();
    win.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(5000);
    expect(getMe).not.toHaveBeenCalled();
  });

  it('renews the database session after a check only when the page was used since the last one', async () => {
    const { renew, win } = setup([]);
    await vi.advanceTimersByTimeAsync(1000);
    // Idle since the page opened: the session is left to lapse.
    expect(renew).not.toHaveBeenCalled();
    win.dispatchEvent(new Event('keydown'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(renew).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(renew).toHaveBeenCalledTimes(1);
    win.dispatchEvent(new Event('pointerdown'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(renew).toHaveBeenCalledTimes(2);
  });

  it('renews nothing for an admin the check signs out', async () => {
    const { renew, signOut, win } = setup([() => Promise.resolve(user(['user']))]);
    win.dispatchEvent(new Event('keydown'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(renew).not.toHaveBeenCalled();
  });

  it('signs out when the renewal finds the admin demoted (403), and not on other failures', async () => {
    const renew = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(new ApiError('rejected', [], 503))
      .mockRejectedValueOnce(new ApiError('rejected', [], 403));
    const { signOut, win } = setup([], 1000, renew);
    win.dispatchEvent(new Event('keydown'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(signOut).not.toHaveBeenCalled();
    win.dispatchEvent(new Event('keydown'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(signOut).toHaveBeenCalledTimes(1);
  });
});
