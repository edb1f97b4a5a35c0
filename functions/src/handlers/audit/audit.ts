import { createHash } from 'node:crypto';
import {
  type Alert,
  AUDIT_SUMMARY_MAX,
  auditEntrySchema,
  FUEL_PRICE_FIELDS,
  paths,
  scheduledAlertSchema,
  type ScheduledAlert,
  type AuditAction,
  type AuditEntry,
  type AuditTargetKind,
  UPSTREAM_CALLS,
} from '../../contracts/index.js';
import type { Clock, Db, Logger } from '../ports.js';
import { recordedEmailOf } from '../session/index.js';
import { actedMethod } from '../upstream/index.js';

/**
 * The audit trail: every change an admin makes through the `api` function is written to
 * `auditLog` by the function itself, before its reply leaves, so a browser can neither forge an
 * entry nor skip one by closing right after the request. This file is the pure part: which
 * request is which change, what its entry says, and who the admin is (cached per token).
 */

export type AuditTargets = Partial<Record<AuditTargetKind, string>>;
type Values = Record<string, number | string | null>;

/** A request to the upstream API that changes something, as the audit trail names it. */
export interface Change {
  action: AuditAction;
  /** The ids the path names. */
  targets: AuditTargets;
  /** Whether the entry reads the request's fields (JSON or form bodies, small). */
  readsBody: boolean;
  /** `METHOD /path`, for changes no action names. */
  request: string;
}

interface Route {
  method: string;
  /** Segments; `:kind` names a target. */
  path: string[];
  action: AuditAction;
  readsBody: boolean;
}

/** The upstream calls that change something, as the audit names them. */
const ROUTES: readonly Route[] = UPSTREAM_CALLS.flatMap(({ method, path, action, readsBody }) =>
  action ? [{ method, path: path.split('/'), action, readsBody: readsBody ?? false }] : [],
);

const CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Signed-out calls: sign-in is recorded from its reply, the others are no admin's change. */
const PUBLIC = new Set(['login', 'register', 'password']);

/**
 * The change a request to the upstream API makes, or null for a read. A POST may name another
 * method in its body's `_method` or its query's, as the upstream (Laravel) reads it.
 */
export function changeOf(
  method: string,
  segments: readonly string[],
  search: string,
  bodyMethod?: unknown,
): Change | null {
  const effective = actedMethod(method, search, bodyMethod);
  if (!CHANGING.has(method) || !CHANGING.has(effective)) return null;
  if (PUBLIC.has(segments[0] ?? '')) return null;
  const request = `${effective} /${segments.join('/')}`;
  for (const candidate of ROUTES) {
    if (candidate.method !== effective || candidate.path.length !== segments.length) continue;
    const targets: AuditTargets = {};
    const matches = candidate.path.every((part, at) => {
      const segment = segments[at] as string;
      if (!part.startsWith(':')) return part === segment;
      targets[part.slice(1) as AuditTargetKind] = segment;
      return true;
    });
    if (matches)
      return {
        action: candidate.action,
        targets,
        readsBody: candidate.readsBody,
        request,
      };
  }
  return { action: 'other', targets: {}, readsBody: false, request };
}

const COMPLAINT_STATUSES: Record<string, string> = {
  '1': 'Pending',
  '2': 'Approved',
  '3': 'Rejected',
};

/** What a change's entry says beyond who and when, from the request and the reply. */
export interface ChangeFacts {
  /** The request's fields (JSON or form), when it was read. */
  fields: Record<string, unknown>;
  /** The upstream reply's payload, when the reply was JSON. */
  payload: unknown;
  /** For prices: the record before the change, as the function read it upstream. */
  before?: unknown;
}

export type AuditDetails = Pick<AuditEntry, 'action' | 'summary'> &
  Partial<Pick<AuditEntry, 'targets' | 'before' | 'after'>>;

/** The entry's what: action, target ids, a short summary, and values before and after. */
export function describeChange(change: Change, facts: ChangeFacts): AuditDetails {
  const { fields, payload } = facts;
  const targets: AuditTargets = { ...change.targets };
  const created = idOf(payload);
  const field = (name: string) => text(fields[name]);
  const quoted = (value: string | undefined) => (value ? ` "${value}"` : '');
  let summary: string;
  let before: Values | undefined;
  let after: Values | undefined;
  switch (change.action) {
    case 'user.delete':
      summary = `Deleted user ${targets.user}`;
      break;
    case 'invoice.create':
    case 'invoice.update':
      setTarget(targets, 'user', field('user_id'));
      setTarget(targets, 'invoice', targets.invoice ?? created);
      summary = `${change.action === 'invoice.create' ? 'Created' : 'Edited'} invoice${quoted(field('title'))} of user ${targets.user ?? '?'}`;
      break;
    case 'invoice.delete':
      summary = `Deleted invoice ${targets.invoice}`;
      break;
    case 'complaint.status': {
      setTarget(targets, 'complaint', field('complaint_id'));
      const status = field('status');
      const name = status === undefined ? undefined : (COMPLAINT_STATUSES[status] ?? status);
      summary = `Set complaint ${targets.complaint ?? '?'} to ${name ?? '?'}`;
      if (name !== undefined) after = { status: name };
      break;
    }
    case 'complaint.respond':
      summary = `Responded to complaint ${targets.complaint}`;
      break;
    case 'complaint.delete':
      summary = `Deleted complaint ${targets.complaint}`;
      break;
    case 'announcement.create':
    case 'announcement.update':
      setTarget(targets, 'announcement', targets.announcement ?? created);
      summary = `${change.action === 'announcement.create' ? 'Posted' : 'Edited'} announcement${quoted(text(fieldOf(payload, 'title')))}`;
      break;
    case 'announcement.delete':
      summary = `Deleted announcement ${targets.announcement}`;
      break;
    case 'group.create':
    case 'group.update':
      setTarget(targets, 'group', targets.group ?? created);
      summary = `${change.action === 'group.create' ? 'Created' : 'Edited'} group${quoted(text(fieldOf(payload, 'name')))}`;
      break;
    case 'group.delete':
      summary = `Deleted group ${targets.group}`;
      break;
    case 'group.members': {
      const members = Array.isArray(payload) ? payload.map(idOf).filter(isDefined) : undefined;
      summary = `Set the members of group ${targets.group}${members ? ` (${members.length})` : ''}`;
      if (members) after = { members: clip(members.join(','), 200) };
      break;
    }
    case 'offers.update':
      summary = 'Replaced offer images';
      break;
    case 'prices.save':
      setTarget(targets, 'type', field('fuel_price_type_id'));
      setTarget(targets, 'date', field('date'));
      summary = `Saved prices of group ${targets.group}, type ${targets.type ?? '?'}, for ${targets.date ?? '?'}`;
      before = prices(facts.before);
      after = prices(payload) ?? prices(fields);
      break;
    case 'chat.upload':
      setTarget(targets, 'upload', created);
      summary = `Uploaded a chat file${quoted(text(fieldOf(fieldOf(payload, 'file'), 'name')))}`;
      break;
    default:
      summary = change.request;
  }
  return {
    action: change.action,
    summary: clip(summary, AUDIT_SUMMARY_MAX),
    ...(Object.keys(targets).length > 0 ? { targets } : {}),
    ...(before ? { before } : {}),
    ...(after ? { after } : {}),
  };
}

/** The grades of a price record (all null when there was none), or undefined for no record. */
function prices(record: unknown): Values | undefined {
  if (record === undefined) return undefined;
  const values: Values = {};
  for (const grade of FUEL_PRICE_FIELDS) {
    const value = fieldOf(record, grade);
    const number = typeof value === 'number' ? value : Number(text(value) ?? Number.NaN);
    values[grade] = Number.isFinite(number) ? number : null;
  }
  return values;
}

/**
 * The fields of a small JSON, form or multipart body, `user_ids[0]=…` gathered into `user_ids`;
 * a multipart body's files are left out (an upload's facts come from the reply).
 */
export function fieldsOf(
  bytes: Uint8Array,
  contentType: string | undefined,
): Record<string, unknown> {
  const [type = '', ...parameters] = (contentType ?? '').split(';').map((part) => part.trim());
  const body = Buffer.from(bytes).toString('utf8');
  switch (type.toLowerCase()) {
    case 'application/json':
      return jsonFields(body);
    case 'application/x-www-form-urlencoded':
      return gathered(new URLSearchParams(body));
    case 'multipart/form-data': {
      const boundary = parameters
        .map((parameter) => /^boundary="?([^"]+)"?$/i.exec(parameter)?.[1])
        .find(isDefined);
      return boundary ? gathered(multipartTextFields(body, boundary)) : {};
    }
    default:
      return {};
  }
}

function jsonFields(body: string): Record<string, unknown> {
  try {
    const json: unknown = JSON.parse(body);
    return json !== null && typeof json === 'object' && !Array.isArray(json)
      ? (json as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** The text parts of a multipart body, in order; parts with a file name are skipped. */
function multipartTextFields(body: string, boundary: string): [string, string][] {
  const fields: [string, string][] = [];
  for (const part of body.split(`--${boundary}`)) {
    const headersEnd = part.indexOf('\r\n\r\n');
    if (headersEnd === -1) continue;
    const headers = part.slice(0, headersEnd);
    const name = /\bname="([^"]*)"/i.exec(headers)?.[1];
    if (name === undefined || /\bfilename\*?=/i.test(headers)) continue;
    fields.push([name, part.slice(headersEnd + 4).replace(/\r\n$/, '')]);
  }
  return fields;
}

function gathered(entries: Iterable<[string, string]>): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    const list = /^(.+)\[\d*\]$/.exec(key)?.[1];
    if (list === undefined) {
      fields[key] = value;
      continue;
    }
    const items = fields[list];
    fields[list] = Array.isArray(items) ? [...items, value] : [value];
  }
  return fields;
}

/** An admin as the audit trail names them. */
export interface AuditAdmin {
  uid: string;
  email: string;
}

/** Answers about a bearer token are trusted this long, for this many tokens at most. */
export const AUDIT_IDENTITY = { ttlMs: 5 * 60_000, maxEntries: 1000 } as const;

export interface AdminIdentityOptions {
  now: Clock;
  /** How long an answer is trusted: a token revoked upstream is still named for this long. */
  ttlMs: number;
  /** Tokens remembered at most; the oldest is forgotten first. */
  maxEntries: number;
}

/** The admin whose bearer token this is, asked of the upstream; null for anyone else. */
export type LookUpAdmin = (authorization: string) => Promise<AuditAdmin | null>;

/**
 * Who the admin behind a bearer token is, asked of the upstream once per token and remembered
 * for minutes, so an admin's saves in a row cost one `/me`. Tokens are kept hashed. Only admins
 * are remembered: anyone else is asked again (and the upstream refuses their change anyway).
 */
export function createAdminIdentities(options: AdminIdentityOptions) {
  const known = new Map<string, { admin: AuditAdmin; until: number }>();
  return async (
    authorization: string | undefined,
    lookUp: LookUpAdmin,
  ): Promise<AuditAdmin | null> => {
    if (authorization === undefined) return null;
    const key = createHash('sha256').update(authorization).digest('base64url');
    const cached = known.get(key);
    if (cached && cached.until > options.now()) return cached.admin;
    known.delete(key);
    const admin = await lookUp(authorization);
    if (admin === null) return null;
    if (known.size >= options.maxEntries) {
      const oldest = known.keys().next();
      if (!oldest.done) known.delete(oldest.value);
    }
    known.set(key, { admin, until: options.now() + options.ttlMs });
    return admin;
  };
}

export type AdminIdentities = ReturnType<typeof createAdminIdentities>;

export interface AuditDeps {
  db: Db;
  now: Clock;
  logger: Logger;
  identities: AdminIdentities;
}

/** Where an opened entry is, and when its change was made. */
export interface OpenedEntry {
  path: string;
  at: number;
}

/**
 * Writes a change's entry, without its outcome, before the change goes upstream: it rejects
 * when the write fails, and the change is then not sent, so none passes unrecorded.
 */
export async function openAuditEntry(
  entry: Omit<AuditEntry, 'at' | 'status'>,
  deps: Pick<AuditDeps, 'db' | 'now'>,
): Promise<OpenedEntry> {
  const opened = {
    path: `${paths.auditLog()}/${deps.db.pushKey(paths.auditLog())}`,
    at: deps.now(),
  };
  await deps.db.update({ [opened.path]: auditEntrySchema.parse({ ...entry, at: opened.at }) });
  return opened;
}

/**
 * Completes an opened entry with what the change did. The change has happened (or failed)
 * upstream whatever becomes of the entry, so a failed write is logged as an error, and the entry
 * stays as opened: sent, no outcome recorded.
 */
export async function completeAuditEntry(
  opened: OpenedEntry,
  entry: Omit<AuditEntry, 'at'>,
  deps: Pick<AuditDeps, 'db' | 'logger'>,
  /** Paths written in the same update: both land or neither. */
  alongside: Record<string, unknown> = {},
): Promise<void> {
  try {
    await deps.db.update({
      ...alongside,
      [opened.path]: auditEntrySchema.parse({ ...entry, at: opened.at }),
    });
  } catch (error) {
    deps.logger.error('Could not complete an audit entry', {
      action: entry.action,
      uid: entry.uid,
      error: String(error),
    });
  }
}

/**
 * Writes one entry. The change has happened (or failed) upstream whatever becomes of the entry,
 * so a failed write is logged as an error and the reply still goes out.
 */
export async function recordAudit(
  entry: Omit<AuditEntry, 'at'>,
  deps: Pick<AuditDeps, 'db' | 'now' | 'logger'>,
  /** Paths written in the same update: both land or neither. */
  alongside: Record<string, unknown> = {},
): Promise<void> {
  try {
    const value = auditEntrySchema.parse({ ...entry, at: deps.now() });
    await deps.db.update({
      ...alongside,
      [`${paths.auditLog()}/${deps.db.pushKey(paths.auditLog())}`]: value,
    });
  } catch (error) {
    deps.logger.error('Could not write an audit entry', {
      action: entry.action,
      uid: entry.uid,
      error: String(error),
    });
  }
}

/**
 * A sign-out's entry. It comes with a Firebase ID token, not the upstream's bearer, so the
 * admin is named by the e-mail recorded with their session (read before it was removed).
 */
export async function recordSignOut(
  admin: { uid: string; email: string },
  deps: Pick<AuditDeps, 'db' | 'now' | 'logger'>,
): Promise<void> {
  await recordAudit(
    { ...admin, action: 'session.sign-out', summary: 'Signed out', status: 200 },
    deps,
  );
}

/**
 * An alert's entry, sent or deleted: browsers write and delete alerts straight in the database,
 * where the rules let only an admin with a live session do either, so the writer the event
 * names is that admin. Keyed by the alert (`alert-{id}`, `alert-deleted-{id}`, which no push id
 * can be) and written only if absent, so a redelivered event records it once.
 */
export async function recordAlert(
  input: {
    alertId: string;
    alert: Alert;
    authId: string | undefined;
    change?: 'created' | 'deleted';
  },
  deps: Pick<AuditDeps, 'db' | 'now' | 'logger'>,
): Promise<void> {
  const { alertId, alert, authId } = input;
  const deleted = input.change === 'deleted';
  const action = deleted ? 'alert.delete' : 'alert.create';
  if (authId === undefined) {
    deps.logger.warn('An alert without a known writer was not recorded', { alertId, action });
    return;
  }
  const email = await recordedEmailOf(deps.db, authId);
  const audience =
    alert.target === 'all' ? 'everyone' : `${alert.target} ${alert.userName || '?'}`.trim();
  const targets: AuditTargets = { alert: alertId };
  if (alert.target === 'user') targets.user = alert.userId;
  if (alert.target === 'group') targets.group = alert.groupId;
  try {
    const value = auditEntrySchema.parse({
      at: deps.now(),
      uid: authId,
      email,
      action,
      targets,
      summary: clip(
        deleted
          ? `Deleted "${alert.title}" (sent to ${audience}) from the history`
          : `Sent "${alert.title}" to ${audience}`,
        AUDIT_SUMMARY_MAX,
      ),
      status: 200,
    });
    const key = deleted ? `alert-deleted-${alertId}` : `alert-${alertId}`;
    await deps.db.transaction(`${paths.auditLog()}/${key}`, (current) =>
      current === null ? value : undefined,
    );
  } catch (error) {
    deps.logger.error('Could not write an audit entry', {
      action,
      uid: authId,
      error: String(error),
    });
  }
}

/** A write of `scheduledAlerts/{scheduledId}` as its database event tells it. */
export interface ScheduledWrite {
  scheduledId: string;
  eventId: string;
  /** When the write happened (the event's time, ms). */
  at: number;
  before: unknown;
  after: unknown;
  /** The admin who wrote it; undefined for the functions' own writes. */
  authId: string | undefined;
}

/**
 * An admin's change to a send scheduled for later: created, changed while pending, or cancelled
 * (deleted while pending). Browsers write these straight in the database, so the writer the
 * event names is that admin; the functions' own moves (claiming, marking sent) name none and
 * are not recorded. Dated when the write happened (`at`, the event's time: a create and a
 * cancel moments later may be handled in either order) and keyed by the event
 * (`scheduled-{eventId}`), written only if absent, so a redelivered event records it once.
 */
export async function recordScheduledChange(
  input: ScheduledWrite,
  deps: Pick<AuditDeps, 'db' | 'logger'>,
): Promise<void> {
  const { scheduledId, authId } = input;
  if (authId === undefined) return;
  const before = scheduledAlertSchema.safeParse(input.before);
  const after = scheduledAlertSchema.safeParse(input.after);
  const described = describeScheduledChange(
    before.success ? before.data : null,
    after.success ? after.data : null,
  );
  if (described === null) return;
  const email = await recordedEmailOf(deps.db, authId);
  try {
    const value = auditEntrySchema.parse({
      at: input.at,
      uid: authId,
      email,
      action: described.action,
      targets: { alert: scheduledId },
      summary: clip(described.summary, AUDIT_SUMMARY_MAX),
      status: 200,
    });
    await deps.db.transaction(`${paths.auditLog()}/scheduled-${input.eventId}`, (current) =>
      current === null ? value : undefined,
    );
  } catch (error) {
    deps.logger.error('Could not write an audit entry', {
      action: described.action,
      uid: authId,
      error: String(error),
    });
  }
}

function describeScheduledChange(
  before: ScheduledAlert | null,
  after: ScheduledAlert | null,
): { action: AuditAction; summary: string } | null {
  const when = (send: ScheduledAlert) =>
    `${new Date(send.sendAt).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const audience = (send: ScheduledAlert) =>
    send.target === 'all' ? 'everyone' : `${send.target} ${send.userName || '?'}`.trim();
  if (before === null && after !== null) {
    return {
      action: 'scheduled.create',
      summary: `Scheduled "${after.title}" for ${when(after)} to ${audience(after)}`,
    };
  }
  if (before?.status !== 'pending') return null;
  if (after === null) {
    return { action: 'scheduled.cancel', summary: `Cancelled the scheduled "${before.title}"` };
  }
  return after.status === 'pending'
    ? {
        action: 'scheduled.update',
        summary: `Changed the scheduled "${after.title}": ${when(after)} to ${audience(after)}`,
      }
    : null;
}

function setTarget(targets: AuditTargets, kind: AuditTargetKind, id: string | undefined) {
  if (id !== undefined && id !== '') targets[kind] = clip(id, 128);
}

function fieldOf(value: unknown, name: string): unknown {
  return value !== null && typeof value === 'object'
    ? (value as Record<string, unknown>)[name]
    : undefined;
}

function idOf(value: unknown): string | undefined {
  return text(fieldOf(value, 'id'));
}

function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

function clip(value: string, max: number): string {
  return value.length <= max ? value : `${value.slice(0, max - 1)}…`;
}

const isDefined = <T>(value: T | undefined): value is T => value !== undefined;
