// What the rest of the functions may use of this flow.
export {
  createGrantsCache,
  DEPLOYMENT,
  GRANTS_CACHE_MS,
  grantsOfAdmin,
  holding,
  parseOwnerIds,
  settleAdminRoles,
} from './admin-roles.js';
export type { RolesDeps } from './admin-roles.js';
export { neededForCall, permits, refusal } from './permission.js';
export type { Needed } from './permission.js';
export { changeAdminRoles, changeDefaultRoles, endSessionsOf, listAdmins } from './admins.js';
export type { Actor, Outcome } from './admins.js';
