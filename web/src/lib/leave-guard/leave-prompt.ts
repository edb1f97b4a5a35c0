import type { Leaving } from './leave-guard';

/**
 * Asks before the screen is left while it holds unsaved work: the browser's own prompt on
 * reload or close, and `confirm(message)` before the app navigates to another URL (a link, the
 * command palette, another day in the URL) or Back and Forward take the screen away.
 *
 * Back cannot be refused once the URL has changed: while armed, the prompt keeps an entry of its
 * own (the same URL, its state marked) on top of the screen's, so Back first lands on the
 * screen's entry, the URL unchanged and the screen still mounted, and the prompt asks there.
 */

export interface LeavePromptDeps {
  history: Pick<History, 'state' | 'pushState' | 'back'>;
  location: Pick<Location, 'href'>;
  confirm(message: string): boolean;
  addEventListener(type: 'popstate' | 'beforeunload', listener: (event: Event) => void): void;
  removeEventListener(type: 'popstate' | 'beforeunload', listener: (event: Event) => void): void;
}

export interface LeavePrompt extends Leaving {
  /** Stops asking; without a navigation since (the work was saved), drops its history entry. */
  release(): void;
}

const MARK = 'leaveGuard';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The screen's own navigation state, kept, with the prompt's mark beside it. */
const marked = (state: unknown) => ({ ...(isRecord(state) ? state : {}), [MARK]: true });
const isMarked = (state: unknown) => isRecord(state) && state[MARK] === true;

/** The URL without its fragment: a link within the page leaves nothing. */
const withoutHash = (url: URL) => `${url.origin}${url.pathname}${url.search}`;

/** Armed at once; `message` is read each time it asks, in the language of that moment. */
export function armLeavePrompt(deps: LeavePromptDeps, message: () => string): LeavePrompt {
  // Left after a yes, or released: asks no more.
  let armed = true;
  const pushMark = () => deps.history.pushState(marked(deps.history.state), '', deps.location.href);
  const ask = () => deps.confirm(message());
  // After a yes (Back into another page of the site) the browser is not to ask a second time.
  const beforeUnload = (event: Event) => {
    if (armed) event.preventDefault();
  };
  const popState = () => {
    // Forward onto the prompt's entry, or an answer already given: nothing to ask.
    if (!armed || isMarked(deps.history.state)) return;
    if (ask()) {
      armed = false;
      deps.history.back();
    } else pushMark();
  };
  pushMark();
  deps.addEventListener('beforeunload', beforeUnload);
  deps.addEventListener('popstate', popState);

  return {
    // Still armed after a yes: the sign-out may yet be called off (messages waiting to send).
    confirmLeaving: () => !armed || ask(),
    allows(to) {
      const current = new URL(deps.location.href);
      if (!armed || withoutHash(new URL(to, current)) === withoutHash(current)) {
        return { go: true, replace: false };
      }
      if (!ask()) return { go: false };
      armed = false;
      return { go: true, replace: isMarked(deps.history.state) };
    },
    release() {
      deps.removeEventListener('beforeunload', beforeUnload);
      deps.removeEventListener('popstate', popState);
      const inPlace = armed && isMarked(deps.history.state);
      armed = false;
      if (inPlace) deps.history.back();
    },
  };
}

/** The prompt's needs, met by this window's history and dialogs. */
export function browserLeavePromptDeps(win: Window): LeavePromptDeps {
  return {
    history: win.history,
    location: win.location,
    confirm: (message) => win.confirm(message),
    addEventListener: (type, listener) => win.addEventListener(type, listener),
    removeEventListener: (type, listener) => win.removeEventListener(type, listener),
  };
}
