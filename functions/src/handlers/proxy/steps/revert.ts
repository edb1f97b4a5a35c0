import {
  auditEntrySchema,
  paths,
  revertInputSchema,
  upstreamDay,
} from '../../../contracts/index.js';
import { recordValues } from '../../audit/index.js';
import {
  BLOCK_MESSAGES,
  conflictOf,
  type CurrentValues,
  type RevertCall,
  revertCallOf,
  revertible,
  type RevertibleEntry,
} from '../../revert/index.js';
import { readJsonBody } from '../../session/index.js';
import { failureReply, jsonReply, MESSAGES, type ProxyReply } from '../../upstream/index.js';
import { changingAdminOf } from '../callers.js';
import { single } from '../failures.js';
import { listedRecordOf, succeeded, unreadReply, upstreamJson } from '../own-calls.js';
import type { Call, ProxyDeps, TargetOf } from '../types.js';
import { type ComposedCall, sendAsCaller } from './as-caller.js';

/**
 * Reverts an audit entry's change: reads the record as it is now, asks first (409 with the three
 * values) when it no longer holds what the change left, and sends the values before the change
 * as a new change of the admin asking, subject to their roles and the change policy.
 */
export async function answerRevert(
  target: TargetOf<'audit-revert'>,
  { request, deps }: Call,
): Promise<ProxyReply> {
  if (deps.audit === undefined) return failureReply(503, MESSAGES.databaseUnavailable);
  const admin = await changingAdminOf(request, deps);
  if ('reply' in admin) return admin.reply;
  const input = revertInputSchema.safeParse((await readJsonBody(request.body, 1024)) ?? {});
  if (!input.success) return failureReply(422, 'Send whether the revert is confirmed.');
  const stored = auditEntrySchema.safeParse(
    await deps.audit.db.get(`${paths.auditLog()}/${target.entryId}`),
  );
  if (!stored.success) return failureReply(404, 'This entry is not in the audit trail.');
  const entry = revertible(stored.data);
  if (typeof entry === 'string') return failureReply(422, BLOCK_MESSAGES[entry]);
  const call = revertCallOf(entry);
  if (call === null) return failureReply(422, 'This entry does not name the record it changed.');

  const current = await currentValuesOf(entry, single(request.headers.authorization) ?? '', deps);
  if ('reply' in current) return current.reply;
  const conflict = input.data.confirmed ? null : conflictOf(entry, current);
  if (conflict !== null) {
    return jsonReply(409, {
      metadata: { success: 0, message: 'The record has changed since this entry.' },
      payload: { conflict },
    });
  }
  return sendAsCaller(request, await composed(call), deps, { revertOf: target.entryId });
}

/** What the record the entry changed holds now, read upstream with the admin's own token. */
async function currentValuesOf(
  entry: RevertibleEntry,
  authorization: string,
  deps: ProxyDeps,
): Promise<CurrentValues | { reply: ProxyReply }> {
  const { targets = {} } = entry;
  if (entry.action !== 'prices.save') {
    const listed = await listedRecordOf(entry.action, targets, authorization, deps);
    if (listed.kind === 'unread') return { reply: listed.reply };
    if (listed.kind === 'missing') {
      return { reply: failureReply(404, 'The record this change edited is no longer there.') };
    }
    return { values: recordValues(entry.action, listed.record) ?? {} };
  }
  const dayParam = deps.capabilities.priceDayParam;
  const { group = '', type = '', date = '' } = targets;
  const reply = await upstreamJson(
    'GET',
    `/admin/group/${encodeURIComponent(group)}/fuel-prices/${encodeURIComponent(type)}`,
    authorization,
    deps,
    undefined,
    dayParam === null ? '' : `?${encodeURIComponent(dayParam)}=${encodeURIComponent(date)}`,
  );
  const read = succeeded(reply);
  if (read === undefined) return { reply: unreadReply(reply) };
  const record = read.payload ?? {};
  const values = recordValues('prices.save', record) ?? {};
  if (dayParam !== null) return { values };
  // Without a per-day read, the record is the latest one: the entry's day's only if dated so.
  const day = upstreamDay.safeParse((record as { date?: unknown }).date);
  const latestDay = day.success ? day.data : 'unknown';
  return latestDay === date ? { values } : { values, latestDay };
}

/** The call as bytes: a multipart form (as the product's own forms send) or JSON. */
async function composed(call: RevertCall): Promise<ComposedCall> {
  if (call.body.kind === 'json') {
    return {
      method: call.method,
      path: call.path,
      contentType: 'application/json',
      body: Buffer.from(JSON.stringify(call.body.json), 'utf8'),
    };
  }
  const form = new FormData();
  for (const [name, value] of call.body.fields) form.append(name, value);
  const encoded = new Response(form);
  return {
    method: call.method,
    path: call.path,
    contentType: encoded.headers.get('content-type') ?? undefined,
    body: new Uint8Array(await encoded.arrayBuffer()),
  };
}
