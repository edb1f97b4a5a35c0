import type { ChangeRequest } from '../../contracts/index.js';
import { adminDevices, sendToRecipients } from '../push/index.js';
import type { ChangesDeps } from './types.js';

export const APPROVAL_PUSH_TITLE = 'Approval needed';

/**
 * A web push to the browsers of the admins who may decide on a new request (signed in, holding
 * `changes.approve`), never the requester's: it names the change and opens the Approvals screen.
 */
export async function notifyApprovers(
  id: string,
  request: ChangeRequest,
  deps: ChangesDeps,
): Promise<void> {
  const outcome = await sendToRecipients(
    adminDevices(deps.db, request.requestedBy, deps.now(), 'changes.approve'),
    (token) => ({
      token,
      notification: {
        title: APPROVAL_PUSH_TITLE,
        body: `${request.requesterEmail || 'An admin'}: ${request.summary}`,
      },
      data: { type: 'approval', requestId: id },
    }),
    { db: deps.db, sender: deps.sender, logger: deps.logger },
  );
  deps.logger.info('Approvers told of a request', { id, ...outcome });
}
