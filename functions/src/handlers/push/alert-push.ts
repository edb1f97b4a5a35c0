import { z } from 'zod';
import {
  type FileBases,
  upstreamFileUrl,
  paths,
  pushClaimSchema,
  type Alert,
  type Delivery,
  type PushClaim,
} from '../../contracts/index.js';
import { childrenOf } from '../ports.js';
import { pushOnce, type ClaimDeps } from './push-claims.js';
import { sendToRecipients, type PushDeps, type PushMessage, type PushOutcome } from './push.js';
import { devicesOfEveryone, devicesOfUsers, membersOf, type DevicePages } from './recipients.js';

/** A part of an alert to everyone: the `index`-th range of users, starting after key `after`. */
export const alertChunkSchema = z.object({
  alertId: z.string().min(1).max(128),
  index: z.number().int().positive(),
  after: z.string().min(1).max(768),
});
export type AlertChunk = z.infer<typeof alertChunkSchema>;

/** Where the chunks of an alert to everyone wait to be sent; each chunk runs once. */
export interface ChunkQueue {
  enqueue(chunk: AlertChunk): Promise<void>;
}

export interface AlertPushDeps extends PushDeps, ClaimDeps {
  /** Where the upstream keeps files, to turn a `/api/files/...` image back into a URL a phone can load. */
  fileBases?: FileBases | undefined;
  /**
   * Users per chunk of an alert to everyone: the trigger sends the first chunk itself, and when
   * the mirror holds more users, the queue gets the next chunk.
   */
  chunkUsers: number;
  queue: ChunkQueue;
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
  if (alert.target === 'all') return sendAlertChunk({ alertId, alert, index: 0 }, deps);
  const claim = paths.pushClaim('alert', alertId);
  let delivery: Delivery | undefined;
  const outcome = await pushOnce(
    claim,
    deps,
    async (resume) =>
      sendToRecipients(
        await recipientsOf(alert, deps),
        messageFor(alertId, alert, deps.fileBases),
        deps,
        resume,
      ),
    async (done) => {
      delivery = deliveryOf([done], alert, deps.now());
      await deps.db.update({ [claim]: done, [paths.alertDelivery(alertId)]: delivery });
    },
  );
  if (outcome !== undefined)
    deps.logger.info('Alert pushed', { alertId, target: alert.target, ...outcome });
  return delivery;
}

/**
 * One chunk of an alert to everyone: the devices of up to `chunkUsers` users of the mirror, from
 * where the previous chunk ended (the first chunk from the start). Claimed like any push, at
 * pushClaims/alertChunks/{alertId}/{index}. When it is done, the claims of the chunks are
 * updated in one transaction and the delivery record becomes the sum of the chunks done; then,
 * if the mirror goes on, the next chunk is queued. A chunk done before (its task delivered
 * again) sends nothing and queues its successor again, which the queue runs once.
 */
export async function sendAlertChunk(
  input: { alertId: string; alert: Alert; index: number; after?: string },
  deps: AlertPushDeps,
): Promise<Delivery | undefined> {
  const { alertId, alert, index } = input;
  const chunks = paths.pushClaim('alertChunks', alertId);
  const claim = `${chunks}/${index}`;
  let delivery: Delivery | undefined;
  const outcome = await pushOnce(
    claim,
    deps,
    async (resume): Promise<PushOutcome & { next?: string }> => {
      const end: { next?: string } = {};
      const sent = await sendToRecipients(
        devicesOfEveryone(deps.db, { after: input.after, users: deps.chunkUsers }, end),
        messageFor(alertId, alert, deps.fileBases),
        deps,
        resume,
      );
      return end.next === undefined ? sent : { ...sent, next: end.next };
    },
    async (done) => {
      const { value } = await deps.db.transaction(chunks, (current) => ({
        ...childrenOf(current),
        [index]: done,
      }));
      delivery = deliveryOf(claimsIn(value), alert, deps.now());
      await deps.db.update({ [paths.alertDelivery(alertId)]: delivery });
    },
  );
  const next =
    outcome === undefined ? pushClaimSchema.parse(await deps.db.get(claim)).next : outcome.next;
  if (next !== undefined) await deps.queue.enqueue({ alertId, index: index + 1, after: next });
  if (outcome !== undefined) {
    deps.logger.info('Alert pushed', { alertId, target: alert.target, chunk: index, ...outcome });
  }
  return delivery;
}

function claimsIn(value: unknown): PushClaim[] {
  return Object.values(childrenOf(value)).flatMap((stored) => {
    const claim = pushClaimSchema.safeParse(stored);
    return claim.success ? [claim.data] : [];
  });
}

/**
 * The sum of the parts done, with the failures split into transient and permanent; FCM's reason
 * only when no device at all accepted the message. A group send names its group as sent.
 */
export function deliveryOf(claims: readonly PushClaim[], alert: Alert, at: number): Delivery {
  const done = claims.filter((claim) => claim.state === 'done');
  const sum = (of: (claim: PushClaim) => number) =>
    done.reduce((total, claim) => total + of(claim), 0);
  const sent = sum((claim) => claim.sent);
  const failed = sum((claim) => claim.failed);
  const permanent = sum((claim) => claim.permanent ?? 0);
  const error = sent === 0 ? done.find((claim) => claim.error !== undefined)?.error : undefined;
  return {
    sent,
    failed,
    at,
    ...(error === undefined ? {} : { error }),
    devices: sent + failed,
    transient: failed - permanent,
    permanent,
    pruned: sum((claim) => claim.pruned),
    ...(alert.target === 'group' ? { group: { id: alert.groupId, name: alert.userName } } : {}),
  };
}

function messageFor(alertId: string, alert: Alert, fileBases: FileBases | undefined) {
  const image = pushImage(alert.image, fileBases);
  return (token: string): PushMessage => ({
    token,
    notification: {
      title: alert.title,
      body: alert.description,
      ...(image === undefined ? {} : { image }),
    },
    data: { type: 'alert', alertId },
  });
}

async function recipientsOf(
  alert: Exclude<Alert, { target: 'all' }>,
  { db }: AlertPushDeps,
): Promise<DevicePages> {
  return alert.target === 'user'
    ? devicesOfUsers(db, [alert.userId])
    : devicesOfUsers(db, await membersOf(db, alert.groupId));
}

/** An image URL FCM can fetch from a device, or none. */
export function pushImage(image: string, fileBases: FileBases | undefined): string | undefined {
  if (/^https?:\/\//i.test(image)) return image;
  return (fileBases && upstreamFileUrl(image, fileBases)?.href) ?? undefined;
}
