import { succeededPayload } from '../../contracts/index.js';
import { fieldOf, text, type Change } from '../audit/index.js';
import type { AudienceDeps } from '../push/index.js';
import { currentUserLookup, type GetMe, type MeOutcome } from '../session/index.js';
import {
  callUpstream,
  failureReply,
  jsonReply,
  type ProxyReply,
  upstreamRequestHeaders,
} from '../upstream/index.js';
import { applyMirrorAction, syncUsers, type MirrorDeps } from '../mirror/index.js';
import { upstreamUrlFor } from './request-target.js';
import { limitsOf, upstreamFailure } from './failures.js';
import type { ProxyDeps } from './types.js';

/** A GET of the upstream API on behalf of a caller, read whole and parsed. */
export async function upstreamJson(
  method: 'GET' | 'DELETE',
  path: string,
  authorization: string,
  deps: ProxyDeps,
  signal?: AbortSignal,
  search = '',
): Promise<MeOutcome> {
  const url = upstreamUrlFor(deps.upstreamUrl, path, search);
  if (url === null) throw new Error(`Not an upstream path: ${path}`);
  const headers = upstreamRequestHeaders({ authorization, accept: 'application/json' }, [
    'authorization',
    'accept',
  ]);
  const outcome = await callUpstream(
    { url, method, headers, body: { kind: 'none' } },
    limitsOf(deps, signal),
  );
  if (outcome.kind !== 'response')
    return { kind: 'failed', reply: upstreamFailure(outcome, url, deps) };
  const read = await outcome.readAll(deps.maxJsonReplyBytes);
  if (read.kind !== 'body') return { kind: 'failed', reply: upstreamFailure(read, url, deps) };
  try {
    return {
      kind: 'json',
      status: outcome.response.status,
      json: JSON.parse(read.bytes.toString('utf8')),
    };
  } catch {
    return { kind: 'json', status: outcome.response.status, json: null };
  }
}

/** Who the holder of a bearer token is, asked as this upstream can answer (current-user.ts). */
export const currentUserOf = (deps: ProxyDeps, signal?: AbortSignal): GetMe =>
  currentUserLookup({
    capabilities: deps.capabilities,
    getJson: (path, authorization) => upstreamJson('GET', path, authorization, deps, signal),
    signIns: deps.sessions,
  });

/** The payload of a call the proxy made for itself, when it did what was asked. */
export const succeeded = (reply: MeOutcome) =>
  reply.kind === 'json' ? succeededPayload(reply.status, reply.json) : undefined;

/**
 * The record a change replaces, read upstream with the admin's own token before the change goes
 * out: never what the browser says it was. Prices, an announcement, a group or a complaint (the
 * changes a revert can undo); undefined when it cannot be read (the entry then has no "before"),
 * and for prices null values when there was no record.
 */
export async function recordBefore(
  { action, targets }: Pick<Change, 'action' | 'targets'>,
  fields: Record<string, unknown>,
  authorization: string,
  deps: ProxyDeps,
): Promise<unknown> {
  if (action === 'prices.save') return pricesBefore(targets.group, fields, authorization, deps);
  if (!isListed(action)) return undefined;
  // Before the entry is described its targets hold only what the path names.
  const { target, field } = LISTED_RECORDS[action];
  const named = field === null ? targets : { ...targets, [target]: text(fields[field]) };
  const listed = await listedRecordOf(action, named, authorization, deps);
  return listed.kind === 'found' ? listed.record : undefined;
}

/**
 * The records whose changes a revert can undo but the upstream offers no single read for: the
 * list each is read from, the entry's target that names the record, and the body field that
 * names it when the path does not.
 */
const LISTED_RECORDS = {
  'announcement.update': { path: '/admin/notifications', target: 'announcement', field: null },
  'group.update': { path: '/admin/groups', target: 'group', field: null },
  'complaint.status': { path: '/admin/user-complaint', target: 'complaint', field: 'complaint_id' },
} as const;

export type ListedAction = keyof typeof LISTED_RECORDS;

const isListed = (action: string): action is ListedAction => action in LISTED_RECORDS;

/** The record a change of a listed kind names by its targets, read from its list. */
export function listedRecordOf(
  action: ListedAction,
  targets: Partial<Record<string, string>>,
  authorization: string,
  deps: ProxyDeps,
): Promise<ListedRecord> {
  const { path, target } = LISTED_RECORDS[action];
  return listedRecord(path, targets[target], authorization, deps);
}

async function pricesBefore(
  groupId: string | undefined,
  fields: Record<string, unknown>,
  authorization: string,
  deps: ProxyDeps,
): Promise<unknown> {
  const type = String(fields.fuel_price_type_id ?? '');
  const date = String(fields.date ?? '');
  const dayParam = deps.capabilities.priceDayParam;
  // Without a per-day read, the record read back could be another day's: no "before" at all.
  if (dayParam === null) return undefined;
  if (!groupId || !/^\d+$/.test(type) || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return undefined;
  const reply = await upstreamJson(
    'GET',
    `/admin/group/${encodeURIComponent(groupId)}/fuel-prices/${type}`,
    authorization,
    deps,
    undefined,
    `?${encodeURIComponent(dayParam)}=${date}`,
  );
  const read = succeeded(reply);
  return read && (read.payload ?? {});
}

/** A record read from a list: found, not in it, or the list not read (with the reply to pass on). */
export type ListedRecord =
  { kind: 'found'; record: unknown } | { kind: 'missing' } | { kind: 'unread'; reply: ProxyReply };

/**
 * The row with `id` of a list the upstream offers no single read for: the whole list is read
 * (a plain array, or a Laravel page's `data`).
 */
async function listedRecord(
  path: string,
  id: string | undefined,
  authorization: string,
  deps: ProxyDeps,
): Promise<ListedRecord> {
  if (id === undefined || !/^\d+$/.test(id)) return { kind: 'missing' };
  const reply = await upstreamJson('GET', path, authorization, deps);
  const read = succeeded(reply);
  if (read === undefined) return { kind: 'unread', reply: unreadReply(reply) };
  const payload: unknown = read.payload;
  const rows = Array.isArray(payload) ? payload : fieldOf(payload, 'data');
  const record = Array.isArray(rows)
    ? rows.find((row) => text(fieldOf(row, 'id')) === id)
    : undefined;
  return record === undefined ? { kind: 'missing' } : { kind: 'found', record };
}

/** What to answer when a read the proxy made for itself did not succeed: the upstream's say. */
export function unreadReply(reply: MeOutcome): ProxyReply {
  if (reply.kind === 'failed') return reply.reply;
  return reply.status >= 400
    ? jsonReply(reply.status, reply.json)
    : failureReply(502, 'The server sent a reply that could not be read.');
}

/** What the user mirror needs: its database, the logger, and the upstream's member lists. */
export function mirrorDepsOf(
  mirror: NonNullable<ProxyDeps['mirror']>,
  deps: ProxyDeps,
): MirrorDeps {
  return {
    ...mirror,
    logger: deps.logger,
    getAssignedUsers: (groupId: string, authorization: string) =>
      getAssignedUsers(groupId, authorization, deps),
  };
}

/**
 * What counting an audience needs, with the admin's own token: the whole user list read upstream
 * and synced into the mirror, or a group's members refreshed.
 */
export function countingDeps(
  mirror: NonNullable<ProxyDeps['mirror']>,
  authorization: string,
  deps: ProxyDeps,
): AudienceDeps {
  return {
    ...mirror,
    syncAll: async () => {
      const read = succeeded(await upstreamJson('GET', '/admin/user', authorization, deps));
      if (!read) throw new Error('The upstream did not list the users');
      if (!Array.isArray(read.payload)) throw new Error('The upstream listed the users as no list');
      await syncUsers(read.payload, true, { ...mirror, logger: deps.logger });
    },
    syncGroup: (groupId) =>
      applyMirrorAction(
        { kind: 'refresh-members', groupId, authorization },
        mirrorDepsOf(mirror, deps),
      ),
  };
}

async function getAssignedUsers(groupId: string, authorization: string, deps: ProxyDeps) {
  const reply = await upstreamJson(
    'GET',
    `/admin/groups/${groupId}/assigned-users`,
    authorization,
    deps,
  );
  const read = succeeded(reply);
  if (!read) throw new Error(`The upstream did not list the assigned users of group ${groupId}`);
  return read.payload;
}
