import * as z from 'zod/mini';
import type { FirebaseRuntime } from './firebase';
import type { Logger } from './logger';

/**
 * Web push through FCM, only when the build carries the public VAPID key
 * (`VITE_FCM_VAPID_KEY`). Without it, offline, unsupported or refused, the device token is ''.
 */

export interface PushDeps {
  firebase: FirebaseRuntime;
  vapidKey: string | undefined;
  logger: Logger;
}

export interface IncomingPush {
  title: string;
  body: string;
}

/** Where the background-message worker lives, and the scope FCM itself uses for it. */
export const MESSAGING_WORKER_URL = '/firebase-messaging-sw.js';
const MESSAGING_WORKER_SCOPE = '/firebase-cloud-messaging-push-scope';

function pushAvailable(vapidKey: string | undefined): vapidKey is string {
  return (
    Boolean(vapidKey) &&
    typeof Notification !== 'undefined' &&
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator
  );
}

async function obtainToken(deps: PushDeps): Promise<string> {
  const { vapidKey } = deps;
  if (!pushAvailable(vapidKey)) return '';
  // Asked first, while the click that submitted the form still counts as a user gesture.
  const permission =
    Notification.permission === 'default'
      ? await Notification.requestPermission()
      : Notification.permission;
  if (permission !== 'granted') return '';
  const [app, config, sdk] = await Promise.all([
    deps.firebase.app(),
    deps.firebase.config(),
    import('firebase/messaging'),
  ]);
  if (!(await sdk.isSupported())) return '';
  // The worker cannot fetch its config before it must register its push listener, so the
  // (public) web config travels in its URL.
  const registration = await navigator.serviceWorker.register(
    `${MESSAGING_WORKER_URL}?config=${encodeURIComponent(JSON.stringify(config.firebase))}`,
    { scope: MESSAGING_WORKER_SCOPE },
  );
  return sdk.getToken(sdk.getMessaging(app), { vapidKey, serviceWorkerRegistration: registration });
}

export interface DeviceTokenRequest {
  /** What the login request carries: the token if it came within the time box, else ''. */
  soon: Promise<string>;
  /** The token whenever it comes ('' on failure), for the realtime `admin` entry. */
  eventually: Promise<string>;
}

export function requestDeviceToken(deps: PushDeps, timeoutMs: number): DeviceTokenRequest {
  const eventually = obtainToken(deps).catch((error: unknown) => {
    deps.logger.warn('No push token for this browser', error);
    return '';
  });
  const soon = Promise.race([
    eventually,
    new Promise<string>((resolve) => setTimeout(() => resolve(''), timeoutMs)),
  ]);
  return { soon, eventually };
}

const fcmPayloadSchema = z.object({
  notification: z.optional(
    z.object({ title: z.optional(z.string()), body: z.optional(z.string()) }),
  ),
  data: z.optional(z.record(z.string(), z.string())),
});

/** The title and text of a foreground FCM message, from its notification or its data. */
export function readIncomingPush(payload: unknown): IncomingPush | null {
  const parsed = fcmPayloadSchema.safeParse(payload);
  if (!parsed.success) return null;
  const title = parsed.data.notification?.title ?? parsed.data.data?.title ?? '';
  const body = parsed.data.notification?.body ?? parsed.data.data?.body ?? '';
  return title || body ? { title, body } : null;
}

/**
 * Calls `onPush` for each message that arrives while the app is in the foreground. Resolves to
 * an unsubscribe function (a no-op when push is not available here).
 */
export async function listenToForegroundPush(
  deps: PushDeps,
  onPush: (push: IncomingPush) => void,
): Promise<() => void> {
  if (!pushAvailable(deps.vapidKey) || Notification.permission !== 'granted') return () => {};
  const [app, sdk] = await Promise.all([deps.firebase.app(), import('firebase/messaging')]);
  if (!(await sdk.isSupported())) return () => {};
  return sdk.onMessage(sdk.getMessaging(app), (message) => {
    const push = readIncomingPush(message);
    if (push) onPush(push);
  });
}
