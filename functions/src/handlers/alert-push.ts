import { FILES_PATH_PREFIX, paths, type Alert, type Delivery } from '../contracts/index.js';
import { pushOnce, type ClaimDeps } from './push-claims.js';
import { sendToRecipients, type PushDeps } from './push.js';
import { devicesOfEveryone, devicesOfUsers, membersOf, type DevicePages } from './recipients.js';

export interface AlertPushDeps extends PushDeps, ClaimDeps {
  /** The upstream origin, to turn a `/api/files/...` image back into a URL a phone can load. */
  fileOrigin?: string | undefined;
}

/**
 * A new notificationsAlert/{id}: its title, description and image go to every device of its
 * target (one user, everyone, or a group's members), and the outcome is written back to
 * notificationsAlert/{id}/delivery for the history screen. Once per alert, however often the
 * event arrives (`pushOnce`); undefined when an earlier delivery of it already sent it.
 */
export async function sendAlert(
  input: { alertId: string; alert: Alert },
  deps: AlertPushDeps,
): Promise<Delivery | undefined> {
  const { alertId, alert } = input;
  const image = pushImage(alert.image, deps.fileOrigin);
  let delivery: Delivery | undefined;
  const outcome = await pushOnce(
    paths.pushClaim('alert', alertId),
    deps,
    async (resume) =>
      sendToRecipients(
        await recipientsOf(alert, deps),
        (token) => ({
          token,
          notification: {
            title: alert.title,
            body: alert.description,
            ...(image === undefined ? {} : { image }),
          },
          data: { type: 'alert', alertId },
        }),
        deps,
        resume,
      ),
    (sent) => {
      delivery = {
        sent: sent.sent,
        failed: sent.failed,
        at: deps.now(),
        ...(sent.error === undefined ? {} : { error: sent.error }),
      };
      return { [paths.alertDelivery(alertId)]: delivery };
    },
  );
  if (outcome !== undefined)
    deps.logger.info('Alert pushed', { alertId, target: alert.target, ...outcome });
  return delivery;
}

async function recipientsOf(alert: Alert, { db }: AlertPushDeps): Promise<DevicePages> {
  switch (alert.target) {
    case 'user':
      return devicesOfUsers(db, [alert.userId]);
    case 'all':
      return devicesOfEveryone(db);
    case 'group':
      return devicesOfUsers(db, await membersOf(db, alert.groupId));
  }
}

/** An image URL FCM can fetch from a device, or none. */
export function pushImage(image: string, fileOrigin: string | undefined): string | undefined {
  if (/^https?:\/\//i.test(image)) return image;
  if (image.startsWith(FILES_PATH_PREFIX) && fileOrigin !== undefined) {
    return `${fileOrigin}/${image.slice(FILES_PATH_PREFIX.length)}`;
  }
  return undefined;
}
