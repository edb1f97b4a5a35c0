import { errorLines, isApiError } from '@/lib/api-client';

type Translate = (key: string) => string;

/**
 * The lines for a failed send: the API's own words for an API call, else the database refused
 * or could not be reached (no Firebase session, rules, offline).
 */
export function describeFailure(error: unknown, t: Translate): string[] {
  if (isApiError(error)) return errorLines(error, t);
  return [t('groups:REALTIME_FAILED')];
}
