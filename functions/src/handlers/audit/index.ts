// What the rest of the functions may use of this flow.
export {
  AUDIT_IDENTITY,
  changeOf,
  createAdminIdentities,
  describeChange,
  fieldsOf,
  priceDayOf,
  recordAlert,
  recordScheduledChange,
  recordAudit,
  recordSignOut,
} from './audit.js';
export type { AuditDeps, ScheduledWrite } from './audit.js';
