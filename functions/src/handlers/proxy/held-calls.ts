import {
  changePaths,
  HELD_BODY_MAX_BYTES,
  heldUpstreamSchema,
  paths,
  type HeldPrices,
  type HeldReply,
  type HeldUpstream,
} from '../../contracts/index.js';
import type { Change } from '../audit/index.js';
import {
  dayBefore,
  heldPricesOf,
  holdReasonOf,
  holdUpstreamCall,
  mayBeHeld,
} from '../changes/index.js';
import {
  failureReply,
  jsonReply,
  MESSAGES,
  type ProxyReply,
  type RequestBody,
} from '../upstream/index.js';
import { bufferBody, type ApiTarget } from './forward.js';
import { single } from './failures.js';
import type { ProxyDeps, ProxyRequest } from './types.js';

/** Ids the price history keys days under (what the desk sends). */
const ID = /^[0-9]{1,12}$/;
/** A multipart part that is a file: held changes carry none. */
const FILE_PART = /content-disposition:[^\r\n]*filename=/i;

/** An admin's change on its way upstream, as the audited path knows it before sending it. */
export interface OutgoingChange {
  change: Change;
  method: string;
  target: ApiTarget;
  request: ProxyRequest;
  body: RequestBody;
  fields: Record<string, unknown>;
  /** For a price save: the record it replaces, read upstream (undefined: not read). */
  before: unknown;
  admin: { uid: string; email: string };
  /** The change policy as the database holds it (`policyFor`), read once for the change. */
  policy: unknown;
}

/** The change policy, read when the change is one it may concern; undefined otherwise. */
export async function policyFor(change: Change, deps: ProxyDeps): Promise<unknown> {
  return deps.changes !== undefined && mayBeHeld(change.action)
    ? deps.changes.db.get(changePaths.changePolicy())
    : undefined;
}

/**
 * The 202 that holds a change for a second admin when the policy in the database says so,
 * judged here from the request and the price history, whatever the browser knew; null when the
 * change goes upstream now.
 */
export async function holdIfPolicySays(
  outgoing: OutgoingChange,
  deps: ProxyDeps,
  /** A revert's: the audit entry whose change it undoes, kept for the approval's entry. */
  revertOf?: string,
): Promise<ProxyReply | null> {
  const { changes } = deps;
  const { change } = outgoing;
  if (changes === undefined || !mayBeHeld(change.action)) return null;
  const prices = change.action === 'prices.save' ? await heldPricesFor(outgoing, deps) : undefined;
  if (prices === null) return null;
  const reason = holdReasonOf(change.action, outgoing.policy, prices?.warnings ?? []);
  if (reason === null || reason === 'pushAll') return null;

  const body = await bufferBody(outgoing.body, HELD_BODY_MAX_BYTES);
  if (body.kind === 'stream') return failureReply(413, MESSAGES.tooLarge(HELD_BODY_MAX_BYTES));
  const text = body.kind === 'bytes' ? Buffer.from(body.bytes).toString('utf8') : undefined;
  if (text !== undefined && FILE_PART.test(text)) {
    return failureReply(422, 'A change that needs a second admin cannot carry a file.');
  }
  const contentType = single(outgoing.request.headers['content-type']);
  const held: HeldUpstream = heldUpstreamSchema.parse({
    kind: 'upstream',
    method: outgoing.method,
    path: `${outgoing.target.path}${outgoing.target.search}`,
    ...(contentType === undefined ? {} : { contentType }),
    ...(text === undefined || text === '' ? {} : { body: text }),
    ...(prices ? { prices } : {}),
    ...(revertOf === undefined ? {} : { revertOf }),
  });
  const targets = prices
    ? { ...change.targets, type: prices.typeId, date: prices.date }
    : change.targets;
  const id = await holdUpstreamCall({ reason, targets, held }, outgoing.admin, {
    ...changes,
    logger: deps.logger,
  });
  const payload: HeldReply = { held: { id, reason } };
  return jsonReply(202, {
    metadata: { success: 1, message: "Held for a second admin's approval." },
    payload,
  });
}

/**
 * A price save's cells and warnings, against the previous day the price history holds; null
 * when the save does not name a group, type and day the upstream could store (it answers that).
 */
async function heldPricesFor(
  { change, fields, before }: OutgoingChange,
  deps: ProxyDeps,
): Promise<HeldPrices | null> {
  const groupId = change.targets.group;
  const typeId = String(fields.fuel_price_type_id ?? '');
  const date = String(fields.date ?? '');
  const previous = dayBefore(date);
  if (groupId === undefined || !ID.test(groupId) || !ID.test(typeId) || previous === null) {
    return null;
  }
  const history = deps.priceHistory;
  const previousDay = history
    ? await history.db.get(`${paths.priceHistory(groupId, typeId)}/${previous}`)
    : undefined;
  return heldPricesOf({ groupId, typeId, date }, fields, before, previousDay);
}
