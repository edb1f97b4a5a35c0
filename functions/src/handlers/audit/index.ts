/**
 * The audit trail: every change an admin makes through the `api` function is written to
 * `auditLog` by the function itself, before its reply leaves, so a browser can neither forge an
 * entry nor skip one by closing right after the request. `changes` says which request is which
 * change, `describe` what its entry says, `identities` who the admin is (cached per token), and
 * `record` writes the entries.
 */
export { changeOf } from './changes.js';
export type { Change } from './changes.js';
export { describeChange, fieldsOf, filePartsOf, recordValues } from './describe.js';
export { clip, fieldOf, text } from './values.js';
export { AUDIT_IDENTITY, createAdminIdentities } from './identities.js';
export {
  completeAuditEntry,
  openAuditEntry,
  recordAlert,
  recordAudit,
  recordScheduledChange,
  recordSignOut,
} from './record.js';
export type { AuditDeps, OpenedEntry, ScheduledWrite } from './record.js';
