import type { Alert } from '@contracts/push/alerts';
import { scheduledAlertSchema, scheduledPaths } from '@contracts/scheduled';
import type { FirebaseRuntime } from '../firebase/runtime';

/**
 * Writes a notification to send later at `scheduledAlerts/{key}`: the alert as it will go to
 * notificationsAlert (`alertFor` gets the new key, which is its `notificationId`), when to send
 * it (UTC ms), the admin who scheduled it, and `pending`. The functions send it when it is due.
 * The caller checks the connection first: offline, the write would wait in the SDK.
 */
export async function writeScheduledAlert(
  firebase: FirebaseRuntime,
  alertFor: (key: string) => Alert,
  sendAt: number,
): Promise<string> {
  const [{ auth, database }, sdk] = await Promise.all([
    firebase.realtime(),
    import('firebase/database'),
  ]);
  const uid = auth.currentUser?.uid;
  if (uid === undefined) throw new Error('no admin session on the database');
  const entry = sdk.push(sdk.ref(database, scheduledPaths.scheduledAlerts()));
  const key = entry.key;
  if (!key) throw new Error('the database gave no key');
  const value = scheduledAlertSchema.parse({
    ...alertFor(key),
    sendAt,
    createdBy: uid,
    status: 'pending',
  });
  await sdk.set(entry, { ...value, timeStamp: sdk.serverTimestamp() });
  return key;
}
