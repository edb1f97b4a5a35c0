import { useQuery } from '@tanstack/react-query';
import {
  AUDIENCE_PATH,
  audienceSchema,
  type Audience,
  type AudienceQuery,
} from '@contracts/audience';
import type { ApiClient } from '../api/api-client';
import { useApi } from '../services';

/**
 * GET /api/audience: how many users and devices a push would reach, counted by the functions
 * (browsers cannot read device tokens). For everyone, the functions first sync a user list
 * older than 15 minutes and answer once it is written.
 */
export function getAudience(
  api: ApiClient,
  query: AudienceQuery,
  signal?: AbortSignal,
): Promise<Audience> {
  return api.request({
    path: AUDIENCE_PATH,
    query: query.target === 'all' ? { target: 'all' } : { target: query.target, id: query.id },
    payload: audienceSchema,
    signal,
  });
}

/** The audience of a composed push; none asked while `query` is null (nobody chosen yet). */
export function useAudience(query: AudienceQuery | null) {
  const api = useApi();
  return useQuery({
    queryKey: ['audience', query?.target, query && 'id' in query ? query.id : null],
    queryFn: ({ signal }) => getAudience(api, query ?? { target: 'all' }, signal),
    enabled: query !== null,
    // A count is worth asking again each time the composer opens, not on every focus.
    staleTime: 60_000,
    refetchOnWindowFocus: false,
  });
}
