import { type AuditAction, type AuditTargetKind, upstreamCallFor } from '../../contracts/index.js';
import { actedMethod } from '../upstream/index.js';

export type AuditTargets = Partial<Record<AuditTargetKind, string>>;

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
  const matched = upstreamCallFor(effective, segments);
  const action = matched?.call.action;
  if (matched === null || action === undefined) {
    return { action: 'other', targets: {}, readsBody: false, request };
  }
  return {
    action,
    targets: matched.ids as AuditTargets,
    readsBody: matched.call.readsBody ?? false,
    request,
  };
}
