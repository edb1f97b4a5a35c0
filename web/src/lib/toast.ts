import type { toast as sonnerToast } from 'sonner';
import { INCOMING_PUSH_TOAST_MS } from './constants';

/**
 * The one toast helper (sonner underneath). sonner is fetched on first use rather than with the
 * sign-in page; toasts raised before the <Toaster> mounts are replayed by sonner when it does.
 */

const sonner = () => import('sonner');

/** More lines than this become one toast with a list, not a wall of toasts. */
const MAX_SEPARATE_TOASTS = 3;

function show(run: (api: typeof sonnerToast) => void): void {
  void sonner().then((module) => run(module.toast));
}

export const toast = {
  success(message: string): void {
    show((api) => api.success(message));
  },
  info(message: string, description?: string): void {
    show((api) => api.info(message, description ? { description } : undefined));
  },
  warning(message: string, description?: string): void {
    show((api) => api.warning(message, description ? { description } : undefined));
  },
  /** Each line of a server message (string, list or object of lists) is shown. */
  error(lines: string | readonly string[]): void {
    const all = (typeof lines === 'string' ? [lines] : [...lines]).filter(Boolean);
    show((api) => {
      if (all.length <= MAX_SEPARATE_TOASTS) {
        for (const line of all) api.error(line);
        return;
      }
      api.error(all[0] ?? '', { description: all.slice(1).join('\n') });
    });
  },
  /** An incoming push message (shown for 9 000 ms). */
  push(title: string, body: string): void {
    show((api) =>
      api.info(title || body, {
        description: title ? body : undefined,
        duration: INCOMING_PUSH_TOAST_MS,
      }),
    );
  },
};
