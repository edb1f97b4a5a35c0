import {
  AUDIT_SUMMARY_MAX,
  isLate,
  isRevertible,
  policyOf,
  type ReplyBody,
  succeededPayload,
  firebaseUnavailablePayloadSchema,
  loginPayloadSchema,
  writeSucceeded,
} from '../../../contracts/index.js';
import { isRefusedToken, bearerToken, endSessionsOfToken } from '../../session/index.js';
import { actedMethod, failureReply, MESSAGES, type ProxyReply } from '../../upstream/index.js';
import {
  changeOf,
  clip,
  completeAuditEntry,
  describeChange,
  fieldsOf,
  filePartsOf,
  recordAudit,
} from '../../audit/index.js';
import {
  dayIndexOf,
  isPriceRead,
  priceDayOf,
  priceReadOf,
  recordPriceRead,
  type PriceHistoryDeps,
} from '../../prices/index.js';
import { neededForCall } from '../../roles/index.js';
import { dayBefore } from '../../changes/index.js';
import { bufferBody, forwardApi, isLoginCall, type ApiTarget } from '../forward.js';
import { changingAdminOf, permittedCaller } from '../callers.js';
import { recordBefore } from '../own-calls.js';
import { holdIfPolicySays, policyFor } from '../held-calls.js';
import { openEntryOrRefuse, single } from '../failures.js';
import type { Call, ProxyDeps, ProxyRequest } from '../types.js';

/** An API call passed on, with whatever must follow an upstream 401 (`endingRefusedToken`). */
export async function answerApi(target: ApiTarget, call: Call): Promise<ProxyReply> {
  return endingRefusedToken(await proxyApi(target, call), call.request, call.deps);
}

/**
 * An upstream 401 to a bearer token means the token is no longer valid: the admin sessions
 * opened with it end too (after the reply is sent), so its browser keeps no database rights.
 */
function endingRefusedToken(reply: ProxyReply, request: ProxyRequest, deps: ProxyDeps): ProxyReply {
  const token = bearerToken(single(request.headers.authorization));
  if (reply.status !== 401 || token === null) return reply;
  return thenAfterSend(reply, () => endSessionsOfToken(token, deps));
}

/** The reply, with `work` run after whatever it already runs once it is sent. */
function thenAfterSend(reply: ProxyReply, work: () => Promise<void>): ProxyReply {
  const { afterSend } = reply;
  return {
    ...reply,
    afterSend: async () => {
      await afterSend?.();
      await work();
    },
  };
}

/** Request bodies read for the audit trail are JSON or forms the upstream caps at 1 MB. */
const AUDIT_MAX_BODY_BYTES = 1024 * 1024;

/** How a change comes to the audited path, beyond the browser's own calls. */
export interface ChangeOrigin {
  /** Sent by the admin approving it: the policy does not hold it again. */
  approved?: boolean;
  /** Sends back the values before this audit entry's change (a revert). */
  revertOf?: string;
}

/**
 * An API call, and its audit entry when it is an admin's change (or sign-in), written before
 * the reply is returned. A change the policy holds is kept for a second admin instead, unless
 * it was approved.
 */
export async function proxyApi(
  target: ApiTarget,
  { method, request, deps }: Call,
  how: ChangeOrigin = {},
): Promise<ProxyReply> {
  const { audit } = deps;
  const authorization = single(request.headers.authorization);
  // Laravel reads a POST's `_method` from its body before its query: an admin's POST is read
  // whole (up to AUDIT_MAX_BODY_BYTES) so the audit and the mirror see the method the upstream
  // acts on, and that method is pinned for the upstream, body read or not.
  const posted =
    method === 'POST' && authorization !== undefined
      ? await bufferBody(request.body, AUDIT_MAX_BODY_BYTES)
      : null;
  const postedFields =
    posted?.kind === 'bytes' ? fieldsOf(posted.bytes, single(request.headers['content-type'])) : {};
  const acted =
    posted === null ? undefined : actedMethod(method, target.search, postedFields._method);
  const sent = posted === null ? request : { ...request, body: posted };
  const change = audit
    ? changeOf(method, target.segments, target.search, postedFields._method)
    : null;
  // An upstream token its admin ended on every browser makes no more changes through here.
  const token = bearerToken(authorization);
  if (change && token !== null && (await isRefusedToken(deps.sessions.db, token))) {
    return failureReply(401, MESSAGES.signedOutEverywhere);
  }
  const caller = await permittedCaller(neededForCall(acted ?? method, target.segments), sent, deps);
  if (caller !== undefined && 'reply' in caller) return caller.reply;
  if (audit && isLoginCall(method, target)) {
    const { reply, body } = await forwardApi(target, method, sent, deps, true);
    const admin = signedInAdmin(reply.status, body.kind === 'json' ? body.json : undefined);
    if (admin) {
      await recordAudit({ ...admin, action: 'session.sign-in', status: reply.status }, audit);
    }
    return reply;
  }
  if (!audit || !change) {
    const history = isPriceRead(method, target.segments) ? deps.priceHistory : undefined;
    const forwarded = await forwardApi(target, method, sent, deps, history !== undefined, acted);
    return history ? keepingPriceRead(forwarded, target, history) : forwarded.reply;
  }
  // A change goes upstream only once the functions know which admin makes it: one they cannot
  // name would leave no entry.
  const admin = caller ?? (await changingAdminOf(sent, deps));
  if ('reply' in admin) return admin.reply;
  const body = change.readsBody ? await bufferBody(sent.body, AUDIT_MAX_BODY_BYTES) : sent.body;
  const fields =
    body.kind === 'bytes' ? fieldsOf(body.bytes, single(sent.headers['content-type'])) : {};
  const revertible = isRevertible(change.action);
  const before = revertible
    ? await recordBefore(change, fields, authorization as string, deps)
    : undefined;
  // Only an edit a revert can undo needs to know which images it sent.
  const files =
    revertible && body.kind === 'bytes'
      ? filePartsOf(body.bytes, single(sent.headers['content-type']))
      : [];
  const policy = await policyFor(change, deps);
  if (!how.approved) {
    const outgoing = { change, method, target, request: sent, body, fields, before, admin, policy };
    const held = await holdIfPolicySays(outgoing, deps, how.revertOf);
    if (held) return held;
  }
  const known = { fields, files, ...(before === undefined ? {} : { before }) };
  const revertOf = how.revertOf === undefined ? {} : { revertOf: how.revertOf };
  // A revert's summary says so: it reads as the change it undoes otherwise.
  const described = (payload: unknown) => {
    const details = describeChange(change, { ...known, payload });
    return how.revertOf === undefined
      ? details
      : { ...details, summary: clip(`Revert: ${details.summary}`, AUDIT_SUMMARY_MAX) };
  };
  const opened = await openEntryOrRefuse(
    {
      uid: admin.uid,
      email: admin.email,
      ...described(null),
      ...revertOf,
    },
    audit,
  );
  if ('reply' in opened) return opened.reply;
  const forwarded = await forwardApi(target, method, { ...sent, body }, deps, true, acted);
  const { reply } = forwarded;
  const done = writeSucceeded(reply.status, forwarded.body);
  const payload = done?.record;
  const saved = done !== undefined;
  const days =
    change.action === 'prices.save' && saved
      ? priceDayOf(
          { groupId: change.targets.group, typeId: fields.fuel_price_type_id, sent: fields },
          payload,
          admin.uid,
          audit.now(),
        )
      : {};
  const late = change.action === 'prices.save' && isLateSave(fields, opened.at, policy, deps);
  await completeAuditEntry(
    opened,
    {
      uid: admin.uid,
      email: admin.email,
      ...described(payload),
      status: reply.status,
      ...(late ? { late } : {}),
      ...revertOf,
    },
    audit,
    { ...days, ...dayIndexOf(days) },
  );
  return reply;
}

/** Whether a price save made at `at` came after the deadline of the day it saves. */
function isLateSave(fields: Record<string, unknown>, at: number, policy: unknown, deps: ProxyDeps) {
  const day = fields.date;
  if (deps.changes === undefined || typeof day !== 'string' || dayBefore(day) === null) {
    return false;
  }
  return isLate(day, policyOf(policy).priceDeadline, at);
}

/** A price read's reply, which keeps the day it read in the price history once it is sent. */
function keepingPriceRead(
  { reply, body }: { reply: ProxyReply; body: ReplyBody },
  target: ApiTarget,
  history: PriceHistoryDeps,
): ProxyReply {
  const payload = body.kind === 'json' ? succeededPayload(reply.status, body.json)?.payload : null;
  const read = priceReadOf(target.segments, payload, history.now());
  return read === null ? reply : thenAfterSend(reply, () => recordPriceRead(read, history));
}

/**
 * The admin a sign-in reply (after the login exchange) let in, if it let one in, and whether
 * they got their database session: an operator reading the log sees a signing fault at once.
 */
function signedInAdmin(status: number, json: unknown) {
  const succeeded = succeededPayload(status, json);
  if (!succeeded) return null;
  const login = loginPayloadSchema.safeParse(succeeded.payload);
  if (!login.success || login.data.user.role[0] !== 'admin') return null;
  const degraded = firebaseUnavailablePayloadSchema.safeParse(succeeded.payload);
  return {
    uid: String(login.data.user.id),
    email: login.data.user.email,
    summary: degraded.success
      ? `Signed in without a database session (${degraded.data.firebaseUnavailable.reason})`
      : 'Signed in with a database session',
  };
}
