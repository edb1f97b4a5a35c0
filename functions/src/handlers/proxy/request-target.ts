import {
  ADMINS_PATH,
  API_PREFIX,
  AUDIENCE_PATH,
  DEFAULT_ROLES_PATH,
  CAPABILITIES_PATH,
  CHANGE_POLICY_PATH,
  CHANGE_REQUESTS_PATH,
  CURRENT_USER_PATH,
  DECISIONS,
  FIREBASE_TOKEN_PATH,
  folderIndex,
  RENEW_SESSION_PATH,
  SIGN_OUT_EVERYWHERE_PATH,
  SIGN_OUT_PATH,
  TEST_PUSH_PATH,
} from '../../contracts/index.js';
import type { Decision } from '../../contracts/index.js';
/**
 * Reads the request target the `api` function received (`/api/<path>?<query>`, or `/<path>`
 * when the function is called directly) and decides where it may go. Anything that could leave
 * the configured upstream, or reach above its base path, is refused here, before any URL is
 * built: dot segments in any encoding, empty segments (`//host`), backslashes, encoded slashes,
 * control characters and absolute-form targets (`http://host/...`).
 */

export type RequestTarget =
  /** `path` is the raw (still percent-encoded) path below the upstream API base, e.g. `/admin/user`. */
  | { kind: 'api'; path: string; segments: string[]; search: string }
  /** `path` is the raw path below `/api/files`, e.g. `/storage/12/photo.png` (file-bases.ts). */
  | { kind: 'files'; path: string; search: string }
  /** Under `/files`, but outside the folders uploads live in: nothing to fetch. */
  | { kind: 'not-a-file' }
  | { kind: 'firebase-token' }
  /** `/session/user`: the signed-in user as the upstream knows them now. */
  | { kind: 'current-user' }
  /** `/capabilities`: what the configured upstream offers beyond the original API's calls. */
  | { kind: 'capabilities' }
  /** `/session/sign-out`: the functions end an admin's Firebase session. */
  | { kind: 'sign-out' }
  /** `/session/renew`: the functions extend an admin's session, the role re-checked. */
  | { kind: 'renew-session' }
  /** `/session/sign-out-everywhere`: the functions end every session of an admin. */
  | { kind: 'sign-out-everywhere' }
  /** `/audience?target=…`: who a push would reach, counted by the functions. */
  | { kind: 'audience'; search: string }
  /** `/push/test`: the composed push sent to the signed-in admin's own browser. */
  | { kind: 'test-push' }
  /** `/group-chat/{groupId}/messages/{messageId}`: a chat message the functions delete. */
  | { kind: 'chat-message'; groupId: string; messageId: string }
  /** `/admins`: the Admins screen's list (contracts/admins/admins.ts). */
  | { kind: 'admins' }
  /** `/admins/{uid}/roles` or `/admins/{uid}/sessions`: an owner's change to one admin. */
  | { kind: 'admin-roles' | 'admin-sessions'; uid: string }
  /** `/roles/default`: the roles an admin seen for the first time gets. */
  | { kind: 'default-roles' }
  /** `/changes/policy`: which changes need a second admin (contracts/changes/changes.ts). */
  | { kind: 'change-policy' }
  /** `/changes`: a change the policy holds, asked for. */
  | { kind: 'change-requests' }
  /** `/changes/{id}/{approve|reject|withdraw}`: a decision on one request. */
  | { kind: 'change-decision'; id: string; decision: Decision }
  /** `/audit/{entryId}/revert`: the values before an audit entry's change, sent back. */
  | { kind: 'audit-revert'; entryId: string };

/**
 * Whether a path's segments name a file in a folder of `/api/files` (`storage`, `storage2`…,
 * each standing for a base the upstream keeps files under). `/api/files` reaches these and
 * nothing else of the upstream's hosts (`.env`, `index.php`, the API itself).
 */
export function isUploadPath(segments: readonly string[]): boolean {
  const [folder, ...rest] = segments;
  return (
    folder !== undefined &&
    folderIndex(folder) !== -1 &&
    rest.length > 0 &&
    rest.every((segment) => segment !== '')
  );
}

// Percent-decoding more than this many times means someone is layering encodings on purpose.
const MAX_DECODE_PASSES = 3;

export function parseRequestTarget(rawUrl: string): RequestTarget | null {
  if (!rawUrl.startsWith('/')) return null;
  const queryAt = rawUrl.indexOf('?');
  let path = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
  const search = queryAt === -1 ? '' : rawUrl.slice(queryAt);
  if (path === API_PREFIX || path.startsWith(`${API_PREFIX}/`))
    path = path.slice(API_PREFIX.length);
  if (path === '') path = '/';

  const rawSegments = path.slice(1).split('/');
  const segments: string[] = [];
  for (const [index, raw] of rawSegments.entries()) {
    const isTrailingSlash = raw === '' && index === rawSegments.length - 1;
    if (isTrailingSlash) continue;
    const decoded = safeSegment(raw);
    if (decoded === null) return null;
    segments.push(decoded);
  }

  if (segments[0] === 'files') {
    if (segments.length < 2) return null;
    if (!isUploadPath(segments.slice(1))) return { kind: 'not-a-file' };
    return { kind: 'files', path: path.slice('/files'.length), search };
  }
  const own = OWN_PATHS.get(`/${segments.join('/')}`);
  if (own) return own.kind === 'audience' ? { kind: 'audience', search } : own;
  const [area, groupId, messages, messageId, ...rest] = segments;
  if (
    area === 'group-chat' &&
    messages === 'messages' &&
    groupId !== undefined &&
    messageId !== undefined &&
    rest.length === 0 &&
    ![groupId, messageId].some((key) => /[.#$[\]]/.test(key))
  ) {
    return { kind: 'chat-message', groupId, messageId };
  }
  return (
    adminTarget(segments) ??
    decisionTarget(segments) ??
    revertTarget(segments) ?? { kind: 'api', path, segments, search }
  );
}

/** `/admins/{uid}/roles` and `/admins/{uid}/sessions`, for an upstream user id. */
function adminTarget(segments: readonly string[]): RequestTarget | null {
  const [area, uid, leaf, ...rest] = segments;
  if (area !== 'admins' || uid === undefined || rest.length > 0 || !/^[\w-]{1,128}$/.test(uid)) {
    return null;
  }
  if (leaf === 'roles') return { kind: 'admin-roles', uid };
  if (leaf === 'sessions') return { kind: 'admin-sessions', uid };
  return null;
}

/** `/changes/{id}/{decision}`, for a database push key. */
function decisionTarget(segments: readonly string[]): RequestTarget | null {
  const [area, id, decision, ...rest] = segments;
  if (area !== 'changes' || id === undefined || rest.length > 0 || !/^[\w-]{1,128}$/.test(id)) {
    return null;
  }
  const known = DECISIONS.find((name) => name === decision);
  return known === undefined ? null : { kind: 'change-decision', id, decision: known };
}

/** `/audit/{entryId}/revert`, for a database key. */
function revertTarget(segments: readonly string[]): RequestTarget | null {
  const [area, entryId, leaf, ...rest] = segments;
  if (area !== 'audit' || leaf !== 'revert' || rest.length > 0) return null;
  return entryId !== undefined && /^[\w-]{1,128}$/.test(entryId)
    ? { kind: 'audit-revert', entryId }
    : null;
}

/** The function's own calls at fixed paths (below `/api`), as the contracts name them. */
const OWN_PATHS: ReadonlyMap<string, RequestTarget> = new Map<string, RequestTarget>([
  [FIREBASE_TOKEN_PATH, { kind: 'firebase-token' }],
  [CURRENT_USER_PATH, { kind: 'current-user' }],
  [SIGN_OUT_PATH, { kind: 'sign-out' }],
  [RENEW_SESSION_PATH, { kind: 'renew-session' }],
  [SIGN_OUT_EVERYWHERE_PATH, { kind: 'sign-out-everywhere' }],
  [AUDIENCE_PATH, { kind: 'audience', search: '' }],
  [CAPABILITIES_PATH, { kind: 'capabilities' }],
  [TEST_PUSH_PATH, { kind: 'test-push' }],
  [ADMINS_PATH, { kind: 'admins' }],
  [DEFAULT_ROLES_PATH, { kind: 'default-roles' }],
  [CHANGE_POLICY_PATH, { kind: 'change-policy' }],
  [CHANGE_REQUESTS_PATH, { kind: 'change-requests' }],
]);

/** The decoded segment, or null when it must not be forwarded. */
function safeSegment(raw: string): string | null {
  if (raw === '' || raw.includes('\\')) return null;
  let decoded = raw;
  for (let pass = 0; decoded.includes('%'); pass++) {
    if (pass === MAX_DECODE_PASSES) return null;
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      // Malformed as sent is refused; after a first decoding, a `%` is a literal one (`50%off`).
      if (pass === 0) return null;
      break;
    }
  }
  if (decoded === '.' || decoded === '..') return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[/\\\u0000-\u001f\u007f]/.test(decoded)) return null;
  return decoded;
}

/**
 * The upstream URL for a checked path, or null if the URL parser would still move it off the
 * base (defence in depth: parseRequestTarget already refused every known way to do that).
 */
export function upstreamUrlFor(base: URL, rawPath: string, search: string): URL | null {
  const basePath = base.pathname.replace(/\/+$/, '');
  let url: URL;
  try {
    url = new URL(`${base.origin}${basePath}${rawPath}${search}`);
  } catch {
    return null;
  }
  if (url.origin !== base.origin || !url.pathname.startsWith(`${basePath}/`)) return null;
  return url;
}
