import type { TFunction } from 'i18next';
import { RealtimeUnavailable } from './alert-store';

/** What to tell the admin when a database read, send or delete fails. */
export function realtimeErrorLines(
  error: unknown,
  t: TFunction<'notifications'>,
  action: 'send' | 'delete' = 'send',
): string[] {
  if (error instanceof RealtimeUnavailable) {
    return [action === 'delete' ? t('ERRORS.OFFLINE_DELETE') : t('ERRORS.OFFLINE')];
  }
  if (error instanceof Error && /permission[_ ]denied/i.test(error.message)) {
    return [t('ERRORS.PERMISSION_DENIED')];
  }
  return [t('ERRORS.UNKNOWN')];
}
