// Revert from the audit trail: `plan` decides from an entry what to send back and when to ask
// first; the `api` function's revert step reads the record and sends it through the audited path.
export { BLOCK_MESSAGES, conflictOf, revertCallOf, revertible } from './plan.js';
export type { CurrentValues, RevertCall, RevertibleEntry } from './plan.js';
