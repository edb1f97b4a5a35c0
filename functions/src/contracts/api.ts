/**
 * What the `api` function adds to the upstream REST API (functions/README.md). Paths are as the
 * browser calls them, behind the Hosting rewrite of `/api/**`. Plain values only: the web's first
 * load imports them, and the shapes of these calls' bodies and replies, which need zod, are in
 * api-replies.ts.
 */

/** The upstream's wording for a refused sign-in, also used for non-admins. */
export const INVALID_LOGIN_MESSAGE = 'The login detail is incorrect';

/**
 * Upstream file URLs (plain http) in JSON replies are rewritten to this prefix followed by the
 * file's path on the upstream origin, so an HTTPS page never loads plain-http content.
 */
export const FILES_PATH_PREFIX = '/api/files/';

/** The folder the upstream keeps uploads in, on its origin: `/storage/{id}/{file name}`. */
export const UPSTREAM_UPLOAD_FOLDER = 'storage';

/**
 * Folders of `/api/files`: `storage` for the first base the upstream keeps files under,
 * `storage2` for the second, and so on (file-bases.ts).
 */
export const fileFolder = (index: number) =>
  index === 0 ? UPSTREAM_UPLOAD_FOLDER : `${UPSTREAM_UPLOAD_FOLDER}${index + 1}`;

/** The base a folder of `/api/files` stands for, by its index; -1 for no such folder. */
export function folderIndex(folder: string): number {
  if (folder === UPSTREAM_UPLOAD_FOLDER) return 0;
  const number = /^storage([2-9]|[1-9]\d+)$/.exec(folder)?.[1];
  return number === undefined ? -1 : Number(number) - 1;
}

/**
 * The upstream upload a file URL names, as its path on the upstream origin and its id, whether
 * the URL is the upstream's own or the file proxy's (`/api/files/storage/…`, `storage2/…`); null for any other
 * URL. Relative URLs are read against `base`.
 */
export function uploadOf(url: string, base: string): { id: string; path: string } | null {
  let parsed: URL;
  try {
    parsed = new URL(url, base);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  const prefix = FILES_PATH_PREFIX.slice(0, -1);
  const path = parsed.pathname.startsWith(`${prefix}/`)
    ? parsed.pathname.slice(prefix.length)
    : parsed.pathname;
  const [folder, id, name, ...rest] = path.split('/').slice(1);
  const isUpload =
    folderIndex(folder ?? '') !== -1 && /^\d+$/.test(id ?? '') && !!name && rest.length === 0;
  return isUpload ? { id: id as string, path } : null;
}

/**
 * Why an admin got no Firebase custom token: `signing-refused` when the runtime's service account
 * may not sign (the IAM `signBlob` permission or its credential is missing), `unreachable` when
 * the signing service did not answer, `unknown` otherwise. The admin is signed in all the same;
 * only what needs the Realtime Database waits. A reason this page does not know yet reads as
 * `unknown`, so a newer server never turns an admin away.
 */
export const FIREBASE_UNAVAILABLE_REASONS = ['signing-refused', 'unreachable', 'unknown'] as const;

/**
 * The `api` function's own calls below, like every path the web's API client takes, are below
 * `/api` (`API_PREFIX`); the function answers them itself rather than passing them upstream.
 */
export const API_PREFIX = '/api';

/**
 * POST with `Authorization: Bearer <upstream token>` and no body: a fresh Firebase custom token
 * for an admin whose Firebase session was lost. 401 when the upstream token is not valid, 403
 * when its user is not an admin, both in the envelope with `success: 0`; 503 with
 * `firebaseUnavailablePayloadSchema` as the payload when no token could be minted (ask again
 * later).
 */
export const FIREBASE_TOKEN_PATH = '/session/firebase-token';

/**
 * GET with the upstream bearer: the signed-in
 * user as the upstream knows them now (in the envelope), wherever the upstream keeps that answer.
 */
export const CURRENT_USER_PATH = '/session/user';

/** GET, signed out too: the upstream's `Capabilities` (capabilities.ts). */
export const CAPABILITIES_PATH = '/capabilities';

/**
 * POST with this JSON body: ends the admin session the Firebase ID token belongs to (its record,
 * which the database rules require, and the uid's refresh tokens). The ID token travels in the
 * body: `Authorization` carries the upstream's token on every route. Payload null; 400 without
 * a token, 401 when it does not verify, 403 when it is not an admin's, 503 when the session
 * could not be ended now.
 */
export const SIGN_OUT_PATH = '/session/sign-out';

/**
 * The request header in which the web sends its Firebase ID token with every change (every
 * method but GET and HEAD), beside the upstream's bearer in `Authorization`: the `api` function
 * names the admin of the change by the session the token names when that session is live and was
 * opened with that bearer, and refuses the change (403) when it was opened with another.
 */
export const ADMIN_SESSION_HEADER = 'x-admin-session';

/**
 * Below `/api`. POST with `Authorization: Bearer <upstream token>` and the body of a sign-out:
 * ends every session of the admin, on every browser, and refuses from then on the upstream
 * tokens they were opened with, at the session exchange and for changes (the upstream token
 * itself lives on: the original API has no sign-out).
 */
export const SIGN_OUT_EVERYWHERE_PATH = '/session/sign-out-everywhere';

/**
 * `/api` + this path, POST with `Authorization: Bearer <upstream token>` and the admin's Firebase
 * ID token (`signOutRequestSchema`'s shape): re-checks the admin role with the upstream and
 * extends the session the ID token names. 410 once that session has ended or lapsed (a new one
 * is had through `FIREBASE_TOKEN_PATH`); 401 when the upstream no longer accepts the upstream
 * token and 403 when it no longer calls them an admin, both ending the sessions concerned.
 */
export const RENEW_SESSION_PATH = '/session/renew';

/**
 * `/api` + this path, DELETE with `Authorization: Bearer <upstream token>` of an admin: removes
 * the group chat message and deletes its uploads upstream, but only those that are its own (see
 * `chatMessageDeletePayloadSchema`). 404 when there is no such message.
 */
export const chatMessagePath = (groupId: string, messageId: string) =>
  `/group-chat/${encodeURIComponent(groupId)}/messages/${encodeURIComponent(messageId)}`;

/**
 * Why an upload a message names was left upstream: another message names it too (`shared`),
 * the message's own URL does not point at the file the upload was first posted with
 * (`not-its-own`), or the upstream refused (`failed`).
 */
export const FILE_KEPT_REASONS = ['shared', 'not-its-own', 'failed'] as const;
