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

export interface ToastActionOptions {
  label: string;
  onAction: () => void;
  onEnd: () => void;
  duration: number;
}

export const toast = {
  /** `action`: one button beside the message, e.g. to open the screen it speaks of. */
  success(message: string, action?: { label: string; onClick: () => void }): void {
    show((api) => api.success(message, action ? { action } : undefined));
  },
  /**
   * A success with one action (e.g. Undo) for `duration` ms. `onEnd` runs when it goes any other
   * way: timed out, closed or swiped away, or dismissed through the returned handle.
   */
  withAction(message: string, options: ToastActionOptions): { dismiss(): void } {
    let id: string | number | undefined;
    show((api) => {
      id = api.success(message, {
        duration: options.duration,
        action: { label: options.label, onClick: options.onAction },
        onAutoClose: options.onEnd,
        onDismiss: options.onEnd,
      });
    });
    // Queued after the toast itself, so the id is known; without one sonner would close all.
    return { dismiss: () => show((api) => id !== undefined && api.dismiss(id)) };
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
  /** One failure of something named in `title`, with its reasons below it. */
  failure(title: string, reasons: readonly string[]): void {
    const description = reasons.filter(Boolean).join('\n');
    show((api) => api.error(title, description ? { description } : undefined));
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
