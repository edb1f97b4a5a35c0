import type { TFunction } from 'i18next';

/** What to tell the admin when the log cannot be read. */
export function auditErrorLines(error: unknown, t: TFunction<'audit-log'>): string[] {
  if (error instanceof Error && /permission[_ ]denied/i.test(error.message)) {
    return [t('ERRORS.PERMISSION_DENIED')];
  }
  return [t('ERRORS.UNKNOWN')];
}
