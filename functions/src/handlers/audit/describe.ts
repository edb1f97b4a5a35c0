import {
  AUDIT_SUMMARY_MAX,
  AUDIT_VALUE_MAX,
  COMPLAINT_STATUS_NAMES,
  FUEL_PRICE_FIELDS,
  type AuditEntry,
  type ComplaintStatus,
  type RevertibleAction,
} from '../../contracts/index.js';
import type { AuditTargets, Change } from './changes.js';
import { clip, fieldOf, idOf, isDefined, setTarget, text } from './values.js';

type Values = Record<string, number | string | null>;

/** What a change's entry says beyond who and when, from the request and the reply. */
export interface ChangeFacts {
  /** The request's fields (JSON or form), when it was read. */
  fields: Record<string, unknown>;
  /** The upstream reply's payload, when the reply was JSON. */
  payload: unknown;
  /** The record before the change, as the function read it upstream (recordBefore). */
  before?: unknown;
  /** The names of the request's file parts (a multipart body's). */
  files?: readonly string[];
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
      const name = complaintStatusName(status);
      summary = `Set complaint ${targets.complaint ?? '?'} to ${name ?? '?'}`;
      if (name !== undefined) after = { status: name };
      before = recordValues(change.action, facts.before);
      break;
    }
    case 'complaint.respond':
      summary = `Responded to complaint ${targets.complaint}`;
      break;
    case 'complaint.delete':
      summary = `Deleted complaint ${targets.complaint}`;
      break;
    case 'announcement.create':
      setTarget(targets, 'announcement', created);
      summary = `Posted announcement${quoted(text(fieldOf(payload, 'title')))}`;
      break;
    case 'announcement.update':
      summary = `Edited announcement${quoted(text(fieldOf(payload, 'title')) ?? field('title'))}`;
      before = recordValues(change.action, facts.before);
      after = edited(payload, fields, ANNOUNCEMENT_VALUES, facts.files);
      break;
    case 'announcement.delete':
      summary = `Deleted announcement ${targets.announcement}`;
      break;
    case 'group.create':
      setTarget(targets, 'group', created);
      summary = `Created group${quoted(text(fieldOf(payload, 'name')))}`;
      break;
    case 'group.update':
      summary = `Edited group${quoted(text(fieldOf(payload, 'name')) ?? field('name'))}`;
      before = recordValues(change.action, facts.before);
      after = edited(payload, fields, GROUP_VALUES, facts.files);
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
      before = recordValues(change.action, facts.before);
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

type Readers = Record<string, (value: unknown) => string | null | undefined>;

const imageUrl = (value: unknown) =>
  value === null ? null : (text(fieldOf(value, 'original_url')) ?? undefined);
const ANNOUNCEMENT_VALUES: Readers = { title: text, description: text, image: imageUrl };
const GROUP_VALUES: Readers = { name: text, image: imageUrl };

function complaintStatusName(value: unknown): string | undefined {
  const status = text(value);
  return status === undefined
    ? undefined
    : (COMPLAINT_STATUS_NAMES[Number(status) as ComplaintStatus] ?? status);
}

/**
 * A stored record's values as an entry keeps them, for the changes a revert can undo: what the
 * entry's "before" holds, and what a revert compares with its "after".
 */
export function recordValues(action: RevertibleAction, record: unknown): Values | undefined {
  switch (action) {
    case 'prices.save':
      return prices(record);
    case 'announcement.update':
      return picked(record, ANNOUNCEMENT_VALUES);
    case 'group.update':
      return picked(record, GROUP_VALUES);
    case 'complaint.status':
      return picked(record, { status: complaintStatusName });
  }
}

/** The named fields of a record, each read as `readers` say; undefined when there is none. */
function picked(record: unknown, readers: Readers): Values | undefined {
  if (record === undefined || record === null) return undefined;
  const values: Values = {};
  for (const [name, read] of Object.entries(readers)) {
    const value = read(fieldOf(record, name));
    if (value !== undefined) values[name] = value === null ? null : clip(value, AUDIT_VALUE_MAX);
  }
  return values;
}

/**
 * The texts an edit left, from the stored record the reply carries or else the request, and the
 * image only when the request sent one (from the reply, or just that one was sent).
 */
function edited(
  payload: unknown,
  fields: Record<string, unknown>,
  readers: Readers,
  files: readonly string[] = [],
): Values {
  const { image, ...texts } = readers;
  const values = picked(payload, texts) ?? {};
  for (const [name, read] of Object.entries(texts)) {
    const sent = read(fields[name]);
    if (values[name] === undefined && typeof sent === 'string') {
      values[name] = clip(sent, AUDIT_VALUE_MAX);
    }
  }
  if (image && files.includes('image')) {
    values.image = clip(image(fieldOf(payload, 'image')) ?? 'a new image', AUDIT_VALUE_MAX);
  }
  return values;
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
  const type = (contentType ?? '').split(';')[0]?.trim() ?? '';
  const body = Buffer.from(bytes).toString('utf8');
  switch (type.toLowerCase()) {
    case 'application/json':
      return jsonFields(body);
    case 'application/x-www-form-urlencoded':
      return gathered(new URLSearchParams(body));
    case 'multipart/form-data': {
      const boundary = boundaryOf(contentType);
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

/** The names of a multipart body's file parts. */
export function filePartsOf(bytes: Uint8Array, contentType: string | undefined): string[] {
  const boundary = boundaryOf(contentType);
  if (boundary === undefined) return [];
  const names: string[] = [];
  for (const part of Buffer.from(bytes).toString('utf8').split(`--${boundary}`)) {
    const headers = part.slice(0, Math.max(part.indexOf('\r\n\r\n'), 0));
    const name = /\bname="([^"]*)"/i.exec(headers)?.[1];
    if (name !== undefined && /\bfilename\*?=/i.test(headers)) names.push(name);
  }
  return names;
}

function boundaryOf(contentType: string | undefined): string | undefined {
  const [type = '', ...parameters] = (contentType ?? '').split(';').map((part) => part.trim());
  if (type.toLowerCase() !== 'multipart/form-data') return undefined;
  return parameters
    .map((parameter) => /^boundary="?([^"]+)"?$/i.exec(parameter)?.[1])
    .find(isDefined);
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
