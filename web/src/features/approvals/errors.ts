import type { TFunction } from 'i18next';

/** What to tell the admin when the requests cannot be read. */
export function realtimeErrorLines(error: unknown, t: TFunction<'approvals'>): string[] {
  if (error instanceof Error && /permission[_ ]denied/i.test(error.message)) {
    return [t('ERRORS.PERMISSION_DENIED')];
  }
  return [t('ERRORS.UNKNOWN')];
}
