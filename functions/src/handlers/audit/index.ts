// What the rest of the functions may use of this flow.
export {
  AUDIT_IDENTITY,
  changeOf,
  completeAuditEntry,
  createAdminIdentities,
  describeChange,
  fieldsOf,
  openAuditEntry,
  recordAlert,
  recordScheduledChange,
  recordAudit,
  recordSignOut,
} from './audit.js';
export type { AuditDeps, OpenedEntry, ScheduledWrite } from './audit.js';
