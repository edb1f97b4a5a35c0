import { describe, expect, it } from 'vitest';
import { armLeavePrompt, type LeavePromptDeps } from './leave-prompt';

/** A browser's session history: entries, the current one, popstate on Back and Forward. */
function fakeBrowser(start: string, answers: boolean[] = []) {
  const entries: { href: string; state: unknown }[] = [{ href: start, state: null }];
  let at = 0;
  const listeners = new Map<string, Set<(event: Event) => void>>();
  const asked: string[] = [];
  const fire = (type: string, event: Event) => listeners.get(type)?.forEach((run) => run(event));
  const deps: LeavePromptDeps = {
    history: {
      get state() {
        return entries[at]?.state;
      },
      pushState(state: unknown, _unused: string, url?: string | URL | null) {
        entries.splice(at + 1, Infinity, { href: String(url ?? entries[at]?.href), state });
        at += 1;
      },
      back() {
        if (at === 0) return;
        at -= 1;
        fire('popstate', new Event('popstate'));
      },
    },
    location: {
      get href() {
        return entries[at]?.href ?? '';
      },
    },
    confirm: (message) => {
      asked.push(message);
      return answers.shift() ?? false;
    },
    addEventListener: (type, listener) => {
      const set = listeners.get(type) ?? new Set();
      set.add(listener);
      listeners.set(type, set);
    },
    removeEventListener: (type, listener) => listeners.get(type)?.delete(listener),
  };
  return {
    deps,
    asked,
    /** What the router does when a navigation is allowed. */
    navigate(to: string, replace = false) {
      const href = new URL(to, deps.location.href).href;
      if (replace) entries[at] = { href, state: null };
      else deps.history.pushState(null, '', href);
    },
    get href() {
      return deps.location.href;
    },
    get length() {
      return entries.length;
    },
    get index() {
      return at;
    },
    unload() {
      const event = new Event('beforeunload', { cancelable: true });
      fire('beforeunload', event);
      return event.defaultPrevented;
    },
  };
}

const DESK = 'https://admin.test/today-prices?day=2026-11-25';
const MESSAGE = 'Leave without saving?';

describe('armLeavePrompt', () => {
  it('asks before another screen and keeps the screen when the admin declines', () => {
    const browser = fakeBrowser(DESK, [false]);
    const prompt = armLeavePrompt(browser.deps, () => MESSAGE);
    expect(prompt.allows('/all-users')).toEqual({ go: false });
    expect(browser.asked).toEqual([MESSAGE]);
    expect(browser.href).toBe(DESK);
  });

  it('asks before another day of the same screen, but not before the same URL or a fragment', () => {
    const browser = fakeBrowser(DESK, [false]);
    const prompt = armLeavePrompt(browser.deps, () => MESSAGE);
    expect(prompt.allows('/today-prices?day=2026-11-25#grid')).toEqual({
      go: true,
      replace: false,
    });
    expect(browser.asked).toEqual([]);
    expect(prompt.allows('/today-prices?day=2026-11-24')).toEqual({ go: false });
    expect(browser.asked).toEqual([MESSAGE]);
  });

  it('on yes, takes the place of its own entry, so Back from the next screen returns here', () => {
    const browser = fakeBrowser(DESK, [true]);
    const prompt = armLeavePrompt(browser.deps, () => MESSAGE);
    const verdict = prompt.allows('/all-users');
    expect(verdict).toEqual({ go: true, replace: true });
    browser.navigate('/all-users', verdict.go && verdict.replace);
    prompt.release();
    expect(browser.length).toBe(2);
    expect(browser.href).toBe('https://admin.test/all-users');
    // Answered: the next navigation goes without a question.
    expect(prompt.allows('/complaints')).toEqual({ go: true, replace: false });
    expect(browser.asked).toEqual([MESSAGE]);
  });

  it('asks on Back and stays, guarded again, when the admin declines', () => {
    const browser = fakeBrowser('https://admin.test/all-users', [false, true]);
    browser.navigate(DESK);
    armLeavePrompt(browser.deps, () => MESSAGE);
    browser.deps.history.back();
    expect(browser.asked).toEqual([MESSAGE]);
    expect(browser.href).toBe(DESK);
    // Still guarded: the next Back asks again and, on yes, leaves.
    browser.deps.history.back();
    expect(browser.asked).toEqual([MESSAGE, MESSAGE]);
    expect(browser.href).toBe('https://admin.test/all-users');
    // Leaving into another document, the browser's own prompt does not ask a second time.
    expect(browser.unload()).toBe(false);
  });

  it('asks before signing out, and stays armed should the sign-out be called off', () => {
    const browser = fakeBrowser(DESK, [false, true, false]);
    const prompt = armLeavePrompt(browser.deps, () => MESSAGE);
    expect(prompt.confirmLeaving()).toBe(false);
    expect(prompt.confirmLeaving()).toBe(true);
    expect(prompt.allows('/all-users')).toEqual({ go: false });
    expect(browser.asked).toEqual([MESSAGE, MESSAGE, MESSAGE]);
    expect(browser.unload()).toBe(true);
  });

  it('reads the message when it asks, in the language of that moment', () => {
    const browser = fakeBrowser(DESK, [false]);
    let message = MESSAGE;
    const prompt = armLeavePrompt(browser.deps, () => message);
    message = '¿Salir sin guardar?';
    prompt.allows('/all-users');
    expect(browser.asked).toEqual(['¿Salir sin guardar?']);
  });

  it('released in place (the work saved), drops its entry so Back leaves at once', () => {
    const browser = fakeBrowser('https://admin.test/all-users');
    browser.navigate(DESK);
    const prompt = armLeavePrompt(browser.deps, () => MESSAGE);
    expect(browser.length).toBe(3);
    prompt.release();
    expect(browser.index).toBe(1);
    expect(browser.unload()).toBe(false);
    browser.deps.history.back();
    expect(browser.href).toBe('https://admin.test/all-users');
    expect(browser.asked).toEqual([]);
  });

  it('holds the browser prompt on reload or close while armed', () => {
    const browser = fakeBrowser(DESK);
    armLeavePrompt(browser.deps, () => MESSAGE);
    expect(browser.unload()).toBe(true);
  });

  it('keeps the screen’s navigation state on its own entry', () => {
    const browser = fakeBrowser(DESK);
    browser.deps.history.pushState({ user: 7 }, '', DESK);
    armLeavePrompt(browser.deps, () => MESSAGE);
    expect(browser.deps.history.state).toMatchObject({ user: 7 });
  });
});
