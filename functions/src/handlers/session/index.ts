// What the rest of the functions may use of this flow.
export {
  clearPushTokenOfSignedOut,
  DEFAULT_SESSION_LIFETIME_MS,
  endSessionsOfToken,
  hasOpenSession,
  isRefusedToken,
  randomSessionId,
  recordedEmailOf,
} from './admin-session.js';
export type { AdminSessionStore, SessionAdmin } from './admin-session.js';
export { SIGN_OUT_MAX_BODY_BYTES, signOutAdmin, signOutEverywhere } from './sign-out.js';
export type { SignOutDeps, VerifiedIdToken } from './sign-out.js';
export { readJsonBody } from './json-body.js';
export {
  adminOf,
  endRefusedSessions,
  exchangeLogin,
  exchangeSession,
  serveCurrentUser,
} from './login-exchange.js';
export { renewAdminSession } from './renew-session.js';
export { changingAdmin } from './changing-admin.js';
export type { ChangingAdminDeps } from './changing-admin.js';
export { sweepAdminSessions } from './sweep-sessions.js';
export { bearerToken } from './upstream-token.js';
export type { AdminClaims, GetMe, MeOutcome, SessionDeps } from './login-exchange.js';
export { ADMIN_PROBE_PATH, currentUserLookup, recordSignIn } from './current-user.js';
