import {
  readJsonBody,
  SIGN_OUT_MAX_BODY_BYTES,
  signOutAdmin,
  signOutEverywhere,
  exchangeSession,
  renewAdminSession,
  serveCurrentUser,
  type SignOutDeps,
} from '../../session/index.js';
import type { ProxyReply } from '../../upstream/index.js';
import { recordSignOut } from '../../audit/index.js';
import { rewriteFileUrls } from '../rewrite-urls.js';
import { currentUserOf } from '../own-calls.js';
import { single } from '../failures.js';
import { fileBasesOf, type Call, type ProxyDeps } from '../types.js';

export function currentUser(_target: unknown, { request, deps }: Call): Promise<ProxyReply> {
  return serveCurrentUser(
    single(request.headers.authorization),
    currentUserOf(deps, request.signal),
    (user) => void rewriteFileUrls(user, fileBasesOf(deps)),
  );
}

export function firebaseToken(_target: unknown, { request, deps }: Call): Promise<ProxyReply> {
  return exchangeSession(single(request.headers.authorization), {
    ...deps,
    getMe: currentUserOf(deps, request.signal),
  });
}

export async function signOut(_target: unknown, { request, deps }: Call): Promise<ProxyReply> {
  return signOutAdmin(await readJsonBody(request.body, SIGN_OUT_MAX_BODY_BYTES), {
    ...deps,
    ...recordingSignOuts(deps),
  });
}

export async function signOutOfAll(_target: unknown, { request, deps }: Call): Promise<ProxyReply> {
  return signOutEverywhere(
    single(request.headers.authorization),
    await readJsonBody(request.body, SIGN_OUT_MAX_BODY_BYTES),
    { ...deps, ...recordingSignOuts(deps) },
  );
}

export async function renewSession(_target: unknown, { request, deps }: Call): Promise<ProxyReply> {
  const authorization = single(request.headers.authorization);
  return renewAdminSession(
    authorization,
    await readJsonBody(request.body, SIGN_OUT_MAX_BODY_BYTES),
    { ...deps, getMe: currentUserOf(deps, request.signal) },
  );
}

/** With an audit trail, each admin signed out leaves an entry. */
function recordingSignOuts({ audit }: ProxyDeps): Pick<SignOutDeps, 'onSignedOut'> {
  return audit ? { onSignedOut: (admin) => recordSignOut(admin, audit) } : {};
}
