import { errorLines, isApiError, type ErrorKey } from '@/lib/api/api-client';

type Translate = (key: ErrorKey | 'REALTIME_FAILED') => string;

/**
 * The lines for a failed send: the API's own words for an API call, else the database refused
 * or could not be reached (no Firebase session, rules, offline).
 */
export function describeFailure(error: unknown, t: Translate): string[] {
  if (isApiError(error)) return errorLines(error, t);
  return [t('REALTIME_FAILED')];
}
