/**
 * Where the router asks before it navigates: a screen holding unsaved work puts its prompt in
 * charge (lib/leave-prompt.ts, loaded with that screen) and everything else goes freely. Kept
 * this small because every screen's first load carries it.
 */

/** Whether a navigation goes ahead, and whether it takes the place of the current entry. */
export type LeaveVerdict = { go: false } | { go: true; replace: boolean };

export interface Leaving {
  /** Asked by the router before it navigates to `to`. */
  allows(to: string): LeaveVerdict;
  /** Whether the screen may be left now, other than by navigating (signing out). */
  confirmLeaving(): boolean;
}

export interface LeaveGuard extends Leaving {
  /** Puts `prompt` in charge until the returned function is called. */
  hold(prompt: Leaving): () => void;
}

export function createLeaveGuard(): LeaveGuard {
  let held: Leaving | null = null;
  return {
    allows: (to) => held?.allows(to) ?? { go: true, replace: false },
    confirmLeaving: () => held?.confirmLeaving() ?? true,
    hold(prompt) {
      held = prompt;
      return () => {
        if (held === prompt) held = null;
      };
    },
  };
}
