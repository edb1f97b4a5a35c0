// Changes held for a second admin: the policy, the requests and their decisions, and expiry;
// `hold` judges and keeps the upstream calls the policy holds.
export { setChangePolicy } from './policy.js';
export { decideChange, requestChange } from './requests.js';
export type { RequestDeps } from './requests.js';
export { dayBefore, heldPricesOf, holdReasonOf, holdUpstreamCall, mayBeHeld } from './hold.js';
export { expireChangeRequests } from './expire.js';
export { APPROVAL_PUSH_TITLE } from './notify.js';
export type { ActingAdmin, ChangesDeps, Outcome, Replay, ReplayOutcome } from './types.js';
