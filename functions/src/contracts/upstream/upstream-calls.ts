import type { AuditAction } from '../admins/audit.js';
import type { Permission } from '../admins/roles.js';

/**
 * Every call the product makes to the upstream API: the one table the audit's routes come from
 * and docs/upstream.md documents row by row (a test holds the two together).
 */
export interface UpstreamCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Below the API's base URL; `:name` stands for an id. A PUT is sent as POST `?_method=PUT`. */
  path: string;
  /** What the caller must hold (contracts/admins/roles.ts); `public` for a call made signed out. */
  permission: Permission | 'public';
  /** The audit's name for the change it makes; none for a read or a signed-out call. */
  action?: AuditAction;
  /** The change's audit entry reads the request's fields (JSON or form bodies, small). */
  readsBody?: true;
}

const call = (
  method: UpstreamCall['method'],
  path: string,
  permission: UpstreamCall['permission'],
  action?: AuditAction,
  readsBody?: true,
): UpstreamCall => ({
  method,
  path,
  permission,
  ...(action ? { action } : {}),
  ...(readsBody ? { readsBody } : {}),
});

export const UPSTREAM_CALLS: readonly UpstreamCall[] = [
  call('POST', 'login', 'public'),
  call('POST', 'password/reset', 'public'),
  call('POST', 'register', 'public'),
  call('POST', 'password/email', 'public'),
  call('GET', 'me', 'public'),
  call('GET', 'admin/user', 'view'),
  call('DELETE', 'admin/user/:user', 'users.delete', 'user.delete'),
  call('GET', 'admin/user-reports/:user', 'view'),
  call('POST', 'admin/user-report', 'invoices.write', 'invoice.create', true),
  call('PUT', 'admin/user-report/:invoice', 'invoices.write', 'invoice.update', true),
  call('DELETE', 'admin/user-report/:invoice', 'invoices.write', 'invoice.delete'),
  call('GET', 'admin/user-complaint', 'view'),
  call('POST', 'admin/user-complaint-change-status', 'complaints.write', 'complaint.status', true),
  call('POST', 'admin/complaint/:complaint/response', 'complaints.write', 'complaint.respond'),
  call('DELETE', 'admin/user-complaint/:complaint', 'complaints.write', 'complaint.delete'),
  call('GET', 'admin/notifications', 'view'),
  call('POST', 'admin/notifications', 'announcements.write', 'announcement.create'),
  call('PUT', 'admin/notifications/:announcement', 'announcements.write', 'announcement.update'),
  call('DELETE', 'admin/notifications/:announcement', 'announcements.write', 'announcement.delete'),
  call('GET', 'admin/groups', 'view'),
  call('POST', 'admin/groups', 'groups.write', 'group.create'),
  call('PUT', 'admin/groups/:group', 'groups.write', 'group.update'),
  call('DELETE', 'admin/groups/:group', 'groups.write', 'group.delete'),
  call('GET', 'admin/groups/:group/assigned-users', 'view'),
  call('POST', 'admin/groups/:group/assign-users', 'groups.write', 'group.members', true),
  call('GET', 'admin/offers', 'view'),
  call('POST', 'admin/offers', 'offers.write', 'offers.update'),
  call('GET', 'admin/fuel-price-types', 'view'),
  call('GET', 'admin/group/:group/fuel-prices/:type', 'view'),
  call('POST', 'admin/group/:group/fuel-prices', 'prices.write', 'prices.save', true),
  call('POST', 'chats', 'chat.write', 'chat.upload'),
  call('DELETE', 'chats/:upload', 'chat.write'),
];

/** One of the calls above, as a request names it: the row and the ids its `:name`s stand for. */
export interface MatchedCall {
  call: UpstreamCall;
  ids: Record<string, string>;
}

const ROWS = UPSTREAM_CALLS.map((row) => ({ row, parts: row.path.split('/') }));

/** The row of the call a request makes (`method` as the upstream acts on it), or null. */
export function upstreamCallFor(method: string, segments: readonly string[]): MatchedCall | null {
  for (const { row, parts } of ROWS) {
    if (row.method !== method || parts.length !== segments.length) continue;
    const ids: Record<string, string> = {};
    const matches = parts.every((part, at) => {
      const segment = segments[at] as string;
      if (!part.startsWith(':')) return part === segment;
      ids[part.slice(1)] = segment;
      return true;
    });
    if (matches) return { call: row, ids };
  }
  return null;
}
