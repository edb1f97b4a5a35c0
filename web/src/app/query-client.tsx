import { useEffect, useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { isApiError } from '@/lib/api/api-client';

/** Only a missing reply is worth retrying; the server's own refusals are final. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return isApiError(error) && error.kind === 'network' && failureCount < 2;
}

/**
 * One cache per signed-in session: the shell makes it when it mounts and drops it when it
 * unmounts (sign-out), so no reply outlives the session that fetched it. The sign-in pages need
 * none, which keeps the query library out of their download.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

export function SessionQueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  useEffect(
    () => () => {
      void client.cancelQueries();
      client.clear();
    },
    [client],
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
