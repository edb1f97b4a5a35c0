import { LIMITS, paths } from '@contracts/realtime';
import { alertSchema, type Alert } from '@contracts/push/alerts';
import type { Group } from '@contracts/upstream/upstream';
import type { FirebaseRuntime } from '@/lib/firebase/runtime';
import { CONNECT_TIMEOUT_MS, waitForConnection } from '@/lib/realtime/connection';
import { writeScheduledAlert } from '@/lib/push/scheduled-alert';

/**
 * Resolves once the database is connected; rejects after the time box. Offline, the alert would
 * wait in the SDK and push whenever the connection returns, at a time no one chose.
 */
export async function requireConnection(firebase: FirebaseRuntime): Promise<void> {
  const [database, sdk] = await Promise.all([firebase.database(), import('firebase/database')]);
  if (!(await waitForConnection(sdk, database, CONNECT_TIMEOUT_MS))) {
    throw new Error('no connection to the Realtime Database');
  }
}

export interface GroupAlertInput {
  group: Pick<Group, 'id' | 'name' | 'image'>;
  title: string;
  description: string;
}

/**
 * The `notificationsAlert` entry for a group (shape `alertSchema`): the push key is its
 * `notificationId`, and the functions push it to every device of the group's members.
 * `timeStamp` is a placeholder here; the write replaces it with the server's time.
 */
export function groupAlertFor(alertId: string, input: GroupAlertInput): Alert {
  return alertSchema.parse({
    notificationId: alertId,
    title: input.title.trim(),
    description: input.description.trim(),
    image: input.group.image?.original_url ?? '',
    userName: input.group.name.slice(0, LIMITS.name),
    timeStamp: 0,
    target: 'group',
    groupId: String(input.group.id),
  });
}

/** Writes the alert (the rules want the server's time and the push key as its id). */
export async function writeGroupAlert(
  firebase: FirebaseRuntime,
  input: GroupAlertInput,
): Promise<string> {
  const [database, sdk] = await Promise.all([firebase.database(), import('firebase/database')]);
  const entry = sdk.push(sdk.ref(database, paths.alerts()));
  const alertId = entry.key;
  if (!alertId) throw new Error('A pushed reference always has a key');
  await sdk.set(entry, { ...groupAlertFor(alertId, input), timeStamp: sdk.serverTimestamp() });
  return alertId;
}

/** Schedules the group's alert for `sendAt` (UTC ms): the functions write it when it is due. */
export function scheduleGroupAlert(
  firebase: FirebaseRuntime,
  input: GroupAlertInput,
  sendAt: number,
): Promise<string> {
  return writeScheduledAlert(firebase, (key) => groupAlertFor(key, input), sendAt);
}

/** The member ids the database's mirror holds for a group (what the push will reach). */
export async function readMemberMirror(
  firebase: FirebaseRuntime,
  groupId: number,
): Promise<string[]> {
  const [database, sdk] = await Promise.all([firebase.database(), import('firebase/database')]);
  const snapshot = await sdk.get(sdk.ref(database, paths.groupMembers(String(groupId))));
  const value: unknown = snapshot.val();
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value)
    .filter(([, member]) => member === true)
    .map(([id]) => id);
}
