import {
  allows,
  FULL_GRANTS,
  messageLines,
  refusalMessage,
  writeSucceeded,
  type ReplyBody,
} from '../../../contracts/index.js';
import {
  decideChange,
  requestChange,
  setChangePolicy,
  type ChangesDeps,
  type Outcome,
  type Replay,
  type ReplayOutcome,
} from '../../changes/index.js';
import { audienceOf } from '../../push/index.js';
import { refusal } from '../../roles/index.js';
import { readJsonBody } from '../../session/index.js';
import { failureReply, jsonReply, MESSAGES, type ProxyReply } from '../../upstream/index.js';
import { changingAdminOf } from '../callers.js';
import { countingDeps } from '../own-calls.js';
import { single } from '../failures.js';
import type { Call, ProxyDeps, ProxyRequest, TargetOf } from '../types.js';
import { sendAsCaller } from './as-caller.js';

/** A held push is a few kilobytes of text; a policy or a rejection less. */
const CHANGES_MAX_BODY_BYTES = 64 * 1024;

/**
 * Changes held for a second admin: setting the policy (owners, or any admin while roles are not
 * in use), asking for a held push (who may push to everyone), deciding on a request.
 */
export async function answerChanges(
  target: TargetOf<'change-policy' | 'change-requests' | 'change-decision'>,
  { request, deps }: Call,
): Promise<ProxyReply> {
  if (deps.changes === undefined) return failureReply(503, MESSAGES.databaseUnavailable);
  const admin = await changingAdminOf(request, deps);
  if ('reply' in admin) return admin.reply;
  const { roles } = deps;
  const grants =
    roles === undefined || roles.owners.size === 0 ? FULL_GRANTS : await roles.grants(admin.uid);
  const actor = { uid: admin.uid, email: admin.email, grants };
  const changes: ChangesDeps = {
    ...deps.changes,
    logger: deps.logger,
    replay: replayAs(request, deps),
  };
  const body = () => readJsonBody(request.body, CHANGES_MAX_BODY_BYTES);
  let outcome: Outcome;
  switch (target.kind) {
    case 'change-policy':
      if (!allows(grants, 'roles.manage')) {
        return refusal({ kind: 'permission', permission: 'roles.manage' });
      }
      outcome = await setChangePolicy(await body(), actor, changes);
      break;
    case 'change-requests': {
      if (!allows(grants, 'push.all'))
        return refusal({ kind: 'permission', permission: 'push.all' });
      const { mirror } = deps;
      const authorization = single(request.headers.authorization) ?? '';
      outcome = await requestChange(await body(), actor, {
        ...changes,
        audience: async () => {
          if (mirror === undefined) throw new Error('No user mirror to count the audience from');
          const { users, devices } = await audienceOf(
            { target: 'all' },
            countingDeps(mirror, authorization, deps),
          );
          return { users, devices };
        },
      });
      break;
    }
    case 'change-decision':
      outcome = await decideChange(target.id, target.decision, await body(), actor, changes);
      break;
  }
  return outcome.ok
    ? jsonReply(200, { metadata: { success: 1, message: '' }, payload: outcome.payload })
    : failureReply(outcome.status, outcome.message);
}

/** Sends a held upstream call as the admin approving it (sendAsCaller). */
function replayAs(approval: ProxyRequest, deps: ProxyDeps): Replay {
  return async (held) => {
    const call = {
      method: held.method,
      path: held.path,
      contentType: held.contentType,
      body: held.body === undefined ? undefined : Buffer.from(held.body, 'utf8'),
    };
    const revertOf = held.revertOf === undefined ? {} : { revertOf: held.revertOf };
    return outcomeOf(await sendAsCaller(approval, call, deps, { approved: true, ...revertOf }));
  };
}

/**
 * What a replayed call's reply says. No answer in time, or none the function could read, leaves
 * it unknown: the upstream may have made the change.
 */
function outcomeOf(reply: ProxyReply): ReplayOutcome {
  const text = reply.body instanceof Uint8Array ? Buffer.from(reply.body).toString('utf8') : '';
  let body: ReplyBody = { kind: 'empty' };
  if (text !== '') {
    try {
      body = { kind: 'json', json: JSON.parse(text) };
    } catch {
      body = { kind: 'other' };
    }
  }
  const { status } = reply;
  if (writeSucceeded(status, body)) return { kind: 'done', status };
  const said = body.kind === 'json' ? messageLines(refusalMessage(body.json)).join(' ') : '';
  const message = said || `HTTP ${status}`;
  return { kind: status === 502 || status === 504 ? 'unknown' : 'refused', status, message };
}
