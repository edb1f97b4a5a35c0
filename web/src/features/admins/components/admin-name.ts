import type { TFunction } from 'i18next';
import type { AdminSummary } from '@contracts/admins/admins';

/**
 * How an admin is named: the name, else the e-mail, else their id (an admin given roles or named
 * an owner before ever signing in here has neither).
 */
export const nameOf = (admin: AdminSummary, t: TFunction<'admins'>) =>
  admin.name || admin.email || t('UNNAMED', { uid: admin.uid });
