import { changePaths, changeRequestSchema, type ChangeRequest } from '../../contracts/index.js';
import { childPages } from '../ports.js';
import { auditWrite } from './policy.js';
import type { ChangesDeps } from './types.js';

/** Requests per read: people make them, a few a day. */
const PAGE = 200;

/**
 * Marks the pending requests whose time is up `expired`, each with its audit entry. Each moves
 * in a transaction from pending only, so a decision made meanwhile stands. Returns how many
 * expired.
 */
export async function expireChangeRequests(deps: Omit<ChangesDeps, 'sender'>): Promise<number> {
  const now = deps.now();
  let expired = 0;
  for await (const page of childPages(deps.db, changePaths.changeRequests(), PAGE)) {
    for (const [id, value] of page) {
      const request = changeRequestSchema.safeParse(value);
      if (!request.success || !isDue(request.data, now)) continue;
      const { committed } = await deps.db.transaction(changePaths.changeRequest(id), (current) => {
        const stored = current === null ? request : changeRequestSchema.safeParse(current);
        return stored.success && isDue(stored.data, now)
          ? { ...stored.data, status: 'expired' }
          : undefined;
      });
      if (!committed) continue;
      expired += 1;
      await deps.db.update(
        auditWrite(deps, {
          uid: request.data.requestedBy,
          email: request.data.requesterEmail,
          action: 'change.expire',
          targets: { request: id },
          summary: `No admin decided in time; the request expired: ${request.data.summary}`,
          status: 410,
        }),
      );
    }
  }
  if (expired > 0) deps.logger.info('Change requests expired', { expired });
  return expired;
}

const isDue = (request: ChangeRequest, now: number) =>
  request.status === 'pending' && request.expiresAt <= now;
