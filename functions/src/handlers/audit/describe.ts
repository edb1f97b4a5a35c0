import { AUDIT_SUMMARY_MAX, FUEL_PRICE_FIELDS, type AuditEntry } from '../../contracts/index.js';
import type { AuditTargets, Change } from './changes.js';
import { clip, fieldOf, idOf, isDefined, setTarget, text } from './values.js';

type Values = Record<string, number | string | null>;

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
