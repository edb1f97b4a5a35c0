import type { AuditAction } from './audit.js';

/**
 * Every call the product makes to the upstream API: the one table the audit's routes come from
 * and docs/upstream.md documents row by row (a test holds the two together).
 */
export interface UpstreamCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Below the API's base URL; `:name` stands for an id. A PUT is sent as POST `?_method=PUT`. */
  path: string;
  /** The audit's name for the change it makes; none for a read or a signed-out call. */
  action?: AuditAction;
  /** The change's audit entry reads the request's fields (JSON or form bodies, small). */
  readsBody?: true;
}

const call = (
  method: UpstreamCall['method'],
  path: string,
  action?: AuditAction,
  readsBody?: true,
): UpstreamCall => ({
  method,
  path,
  ...(action ? { action } : {}),
  ...(readsBody ? { readsBody } : {}),
});

export const UPSTREAM_CALLS: readonly UpstreamCall[] = [
  call('POST', 'login'),
  call('POST', 'password/reset'),
  call('POST', 'register'),
  call('POST', 'password/email'),
  call('GET', 'me'),
  call('GET', 'admin/user'),
  call('DELETE', 'admin/user/:user', 'user.delete'),
  call('GET', 'admin/user-reports/:user'),
  call('POST', 'admin/user-report', 'invoice.create', true),
  call('PUT', 'admin/user-report/:invoice', 'invoice.update', true),
  call('DELETE', 'admin/user-report/:invoice', 'invoice.delete'),
  call('GET', 'admin/user-complaint'),
  call('POST', 'admin/user-complaint-change-status', 'complaint.status', true),
  call('POST', 'admin/complaint/:complaint/response', 'complaint.respond'),
  call('DELETE', 'admin/user-complaint/:complaint', 'complaint.delete'),
  call('GET', 'admin/notifications'),
  call('POST', 'admin/notifications', 'announcement.create'),
  call('PUT', 'admin/notifications/:announcement', 'announcement.update'),
  call('DELETE', 'admin/notifications/:announcement', 'announcement.delete'),
  call('GET', 'admin/groups'),
  call('POST', 'admin/groups', 'group.create'),
  call('PUT', 'admin/groups/:group', 'group.update'),
  call('DELETE', 'admin/groups/:group', 'group.delete'),
  call('GET', 'admin/groups/:group/assigned-users'),
  call('POST', 'admin/groups/:group/assign-users', 'group.members', true),
  call('GET', 'admin/offers'),
  call('POST', 'admin/offers', 'offers.update'),
  call('GET', 'admin/fuel-price-types'),
  call('GET', 'admin/group/:group/fuel-prices/:type'),
  call('POST', 'admin/group/:group/fuel-prices', 'prices.save', true),
  call('POST', 'chats', 'chat.upload'),
  call('DELETE', 'chats/:upload'),
];
