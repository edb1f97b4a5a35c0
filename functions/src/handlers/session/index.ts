// What the rest of the functions may use of this flow.
export {
  SIGN_OUT_MAX_BODY_BYTES,
  hasOpenSession,
  randomSessionId,
  readJsonBody,
  signOutAdmin,
} from './admin-session.js';
export type { SignOutDeps, VerifiedIdToken } from './admin-session.js';
export { adminOf, exchangeLogin, exchangeSession, serveCurrentUser } from './login-exchange.js';
export type { AdminClaims, GetMe, MeOutcome, SessionDeps } from './login-exchange.js';
export { ADMIN_PROBE_PATH, currentUserLookup, recordSignIn } from './current-user.js';
