import { type AuditAction, type AuditTargetKind, UPSTREAM_CALLS } from '../../contracts/index.js';
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
