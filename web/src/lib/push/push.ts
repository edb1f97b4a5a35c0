import * as z from 'zod/mini';
import type { FirebaseRuntime } from '../firebase/runtime';
import type { Logger } from '../logger';

/**
 * Web push through FCM, only when the build carries the public VAPID key
 * (`VITE_FCM_VAPID_KEY`). Without it, offline, unsupported or refused, the device token is ''.
 * Against the emulators (an `/emulators.json` naming them) a build without the key gets this
 * browser profile's stand-in from `emulatorDeviceId` instead, so the local stack carries a
 * token through every path a real one takes.
 */

export interface PushDeps {
  firebase: FirebaseRuntime;
  vapidKey: string | undefined;
  logger: Logger;
  /** Emulator only: the profile's stand-in token, the same at every call. */
  emulatorDeviceId: () => Promise<string>;
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

/** True when /emulators.json points the app at the local stack's Auth or Database. */
function onEmulators(firebase: FirebaseRuntime): Promise<boolean> {
  return firebase.config().then(
    ({ emulators }) => emulators.auth !== undefined || emulators.database !== undefined,
    () => false,
  );
}

/** Whether this build can get a push token at all: a web push key, or the emulators' stand-in. */
export async function webPushConfigured(deps: Pick<PushDeps, 'vapidKey' | 'firebase'>) {
  return Boolean(deps.vapidKey) || onEmulators(deps.firebase);
}

/** The device token; permission is asked for only when `ask` (a user gesture is at hand). */
async function obtainToken(deps: PushDeps, ask: boolean): Promise<string> {
  const { vapidKey } = deps;
  // Without a web push key there is no FCM token; against the emulators, the stand-in.
  if (!vapidKey) return (await onEmulators(deps.firebase)) ? deps.emulatorDeviceId() : '';
  if (!pushAvailable(vapidKey)) return '';
  // Asked first, while the click that submitted the form still counts as a user gesture.
  const permission =
    Notification.permission === 'default' && ask
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
  /** The token whenever it comes ('' on failure), for the admin's realtime entries. */
  eventually: Promise<string>;
}

/** At sign-in, in answer to the click: asks for permission to show pushes if not yet asked. */
export function requestDeviceToken(deps: PushDeps, timeoutMs: number): DeviceTokenRequest {
  const eventually = obtainToken(deps, true).catch((error: unknown) => {
    deps.logger.warn('No push token for this browser', error);
    return '';
  });
  const soon = Promise.race([
    eventually,
    new Promise<string>((resolve) => setTimeout(() => resolve(''), timeoutMs)),
  ]);
  return { soon, eventually };
}

/**
 * The browser's token now, without asking anything of the admin ('' when push is not allowed
 * or fails): FCM may have replaced the token since sign-in.
 */
export function currentDeviceToken(deps: PushDeps): Promise<string> {
  return obtainToken(deps, false).catch((error: unknown) => {
    deps.logger.warn('No push token for this browser now', error);
    return '';
  });
}

/**
 * At sign-out: this browser's push subscription is ended, so the FCM token it backed, which an
 * admin entry or a pending push may still name, reaches nothing here any more. The next
 * sign-in subscribes again and gets a new token. Ending the subscription of our own worker
 * rather than calling the SDK's `deleteToken`, which registers a default worker when the page
 * has none. Nothing to do where push never ran.
 */
export async function endPushSubscription(
  workers: Pick<ServiceWorkerContainer, 'getRegistration'> | undefined,
): Promise<void> {
  const registration = await workers?.getRegistration(MESSAGING_WORKER_SCOPE);
  const subscription = await registration?.pushManager.getSubscription();
  await subscription?.unsubscribe();
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
