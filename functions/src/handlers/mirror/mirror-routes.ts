import { succeededPayload, writeSucceeded, type ReplyBody } from '../../contracts/index.js';
import { actedMethod } from '../upstream/index.js';

/**
 * Which proxied replies change the user mirror (user-mirror.ts), and the action each calls for:
 * decided from the request and the reply alone, before any database is touched.
 */

export type MirrorAction =
  | { kind: 'users'; users: unknown[]; complete: boolean }
  | { kind: 'members'; groupId: string; users: unknown }
  | { kind: 'refresh-members'; groupId: string; authorization: string }
  | { kind: 'remove-user'; userId: string }
  | { kind: 'remove-group'; groupId: string };

export interface MirrorRequest {
  method: string;
  /** Decoded path segments below the API base, e.g. ['admin', 'user', '12']. */
  segments: readonly string[];
  /** The raw query, '' or starting with '?'. */
  search: string;
  authorization?: string | undefined;
}

const ID = /^\d+$/;

/** Whether a reply to this request can change the mirror (so it must be read). */
export function isMirrorRoute(request: MirrorRequest): boolean {
  return routeOf(request) !== null;
}

type Route =
  | { kind: 'users' }
  | { kind: 'members'; groupId: string }
  | { kind: 'refresh-members'; groupId: string }
  | { kind: 'remove-user'; userId: string }
  | { kind: 'remove-group'; groupId: string };

function routeOf(request: MirrorRequest): Route | null {
  const method = actedMethod(request.method, request.search, undefined);
  const [area, entity, id, action, ...rest] = request.segments;
  if (area !== 'admin' || rest.length > 0) return null;
  if (entity === 'user' && action === undefined) {
    if (id === undefined && method === 'GET') return { kind: 'users' };
    if (id !== undefined && ID.test(id) && method === 'DELETE')
      return { kind: 'remove-user', userId: id };
  }
  if (entity === 'groups' && id !== undefined && ID.test(id)) {
    if (action === undefined && method === 'DELETE') return { kind: 'remove-group', groupId: id };
    if (action === 'assigned-users' && method === 'GET') return { kind: 'members', groupId: id };
    if (action === 'assign-users' && method === 'POST')
      return { kind: 'refresh-members', groupId: id };
  }
  return null;
}

/** What a successful reply means for the mirror, or null when it means nothing. */
export function mirrorActionFor(
  request: MirrorRequest,
  status: number,
  body: ReplyBody,
): MirrorAction | null {
  const route = routeOf(request);
  if (!route) return null;
  // A list is read from its envelope; a change is done however its reply says so.
  let payload: unknown;
  if (route.kind === 'users' || route.kind === 'members') {
    const listed = body.kind === 'json' ? succeededPayload(status, body.json) : undefined;
    if (!listed) return null;
    payload = listed.payload;
  } else if (!writeSucceeded(status, body)) {
    return null;
  }
  switch (route.kind) {
    case 'users':
      if (!Array.isArray(payload)) return null;
      // A filtered or paged list does not say who is gone.
      return {
        kind: 'users',
        users: payload,
        complete: new URLSearchParams(request.search).size === 0,
      };
    case 'members':
      return { kind: 'members', groupId: route.groupId, users: payload };
    case 'refresh-members':
      if (request.authorization === undefined) return null;
      return {
        kind: 'refresh-members',
        groupId: route.groupId,
        authorization: request.authorization,
      };
    case 'remove-user':
    case 'remove-group':
      return route;
  }
}
