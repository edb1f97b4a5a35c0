import { queryOptions, useQuery } from '@tanstack/react-query';
import { CAPABILITIES_PATH } from '@contracts/api';
import {
  type Capabilities,
  capabilitiesSchema,
  DEFAULT_CAPABILITIES,
} from '@contracts/capabilities';
import { useApi } from '@/lib/services';
import type { ApiClient } from './api-client';

/**
 * What the upstream offers beyond the original API's calls, as the deployment set it in the
 * `api` function's parameters: read once per page load, signed out too.
 */
export function capabilitiesQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['capabilities'] as const,
    queryFn: ({ signal }) =>
      api.request({ path: CAPABILITIES_PATH, payload: capabilitiesSchema, signal }),
    staleTime: Infinity,
  });
}

/**
 * Undefined while asked. An answer that cannot be had (offline, an older `api` function) is
 * read as the defaults, what the product did before it asked.
 */
export function useCapabilities(): Capabilities | undefined {
  const api = useApi();
  const query = useQuery(capabilitiesQueryOptions(api));
  return query.isError ? DEFAULT_CAPABILITIES : query.data;
}
