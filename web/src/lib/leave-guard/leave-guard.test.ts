import { describe, expect, it, vi } from 'vitest';
import { createLeaveGuard } from './leave-guard';

describe('createLeaveGuard', () => {
  it('lets every navigation and sign-out go while no screen holds unsaved work', () => {
    const guard = createLeaveGuard();
    expect(guard.allows('/all-users')).toEqual({ go: true, replace: false });
    expect(guard.confirmLeaving()).toBe(true);
  });

  it('puts the holding screen’s prompt in charge until it lets go', () => {
    const guard = createLeaveGuard();
    const prompt = {
      allows: vi.fn(() => ({ go: false as const })),
      confirmLeaving: vi.fn(() => false),
    };
    const letGo = guard.hold(prompt);
    expect(guard.allows('/complaints')).toEqual({ go: false });
    expect(prompt.allows).toHaveBeenCalledWith('/complaints');
    expect(guard.confirmLeaving()).toBe(false);
    letGo();
    expect(guard.allows('/complaints')).toEqual({ go: true, replace: false });
  });

  it('keeps a newer prompt when an older one lets go late', () => {
    const guard = createLeaveGuard();
    const refuse = { allows: () => ({ go: false as const }), confirmLeaving: () => false };
    const letOlderGo = guard.hold(refuse);
    guard.hold({ ...refuse });
    letOlderGo();
    expect(guard.confirmLeaving()).toBe(false);
  });
});
