import { useLayoutEffect, useRef } from 'react';
import { armLeavePrompt, browserLeavePromptDeps } from './leave-prompt';
import { useServices } from '../services';

/**
 * While `active`, asks `message` before the screen is left (lib/leave-prompt.ts says how).
 * Armed and released in layout effects: a redirect made as the screen goes (the session ended)
 * comes after the release and is not asked about.
 */
export function useLeaveGuard(active: boolean, message: string) {
  const { leaveGuard } = useServices();
  const latest = useRef(message);
  useLayoutEffect(() => {
    latest.current = message;
  });
  useLayoutEffect(() => {
    if (!active) return;
    const prompt = armLeavePrompt(browserLeavePromptDeps(window), () => latest.current);
    const letGo = leaveGuard.hold(prompt);
    return () => {
      letGo();
      prompt.release();
    };
  }, [active, leaveGuard]);
}
