import { useCallback } from 'react';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { ApiError, type ApiClient } from '../api/api-client';
import { mapItems, type Listed } from '../api/listed';
import type { Logger } from '../logger';
import { mark } from '../perf';
import { useServices } from '../services';
import { unpackAppUsers, type AppUserRow, type PackedAppUsers } from './packed';
import type * as ProtocolModule from './protocol';

type Protocol = typeof ProtocolModule;
type LoadRequest = ProtocolModule.LoadRequest;

export type { AppUserRow };

/** The part of a Worker the loader uses (tests hand in a fake). */
export interface WorkerLike {
  postMessage(message: LoadRequest): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<unknown>) => void): void;
  addEventListener(type: 'error', listener: (event: ErrorEvent) => void): void;
  terminate(): void;
}

/** The app-users worker, or null where module workers do not exist (tests, old browsers). */
export function createAppUsersWorker(): WorkerLike | null {
  if (typeof Worker === 'undefined') return null;
  return new Worker(new URL('./app-users.worker.ts', import.meta.url), {
    type: 'module',
    name: 'app-users',
  });
}

export interface AppUsersLoaderDeps {
  /** The page's own client: used when no worker can run. */
  api: ApiClient;
  getToken: () => string | null;
  /** A 401 with the session's token: the session is over. */
  onUnauthorized: () => void;
  logger: Logger;
  createWorker?: () => WorkerLike | null;
}

/** The worker could not start or crashed: the page loads the list itself instead. */
class WorkerUnavailable extends Error {}

function loadInWorker(
  worker: WorkerLike,
  request: LoadRequest,
  protocol: () => Promise<Protocol>,
  logger: Logger,
) {
  return new Promise<PackedAppUsers>((resolve, reject) => {
    const settle = (finish: () => void) => {
      worker.terminate();
      finish();
    };
    // Replies are read in the order they came: each waits for the same load of the module.
    const read = (message: unknown, { workerReplySchema }: Protocol) => {
      const reply = workerReplySchema.safeParse(message);
      if (!reply.success) {
        logger.error('Unreadable reply from the users worker', reply.error.issues);
        settle(() => reject(new ApiError('invalid-reply', [])));
        return;
      }
      const data = reply.data;
      switch (data.type) {
        case 'log':
          logger[data.level](`users worker: ${data.message}`, data.detail);
          return;
        case 'loaded':
          settle(() => resolve(data.users));
          return;
        case 'failed':
          settle(() => reject(new ApiError(data.kind, data.lines, data.status)));
          return;
      }
    };
    worker.addEventListener('message', (event) => {
      protocol().then(
        (loaded) => read(event.data, loaded),
        (error: unknown) => settle(() => reject(error)),
      );
    });
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      settle(() => reject(new WorkerUnavailable(event.message || 'the worker failed to run')));
    });
    worker.postMessage(request);
  });
}

function startWorker(deps: AppUsersLoaderDeps): WorkerLike | null {
  try {
    return (deps.createWorker ?? createAppUsersWorker)();
  } catch (error) {
    deps.logger.warn('The users worker could not start; loading on the page', error);
    return null;
  }
}

/**
 * Every app user, as rows. The download, JSON parse and validation run in a worker when one
 * can run, else on the page with the same client and schema.
 */
export async function loadAppUsers(deps: AppUsersLoaderDeps): Promise<Listed<AppUserRow>> {
  // The schemas load with the first reply, not with the first screen of every list.
  let loading: Promise<Protocol> | undefined;
  const protocol = () => (loading ??= import('./protocol'));
  const worker = startWorker(deps);
  let packed: PackedAppUsers;
  if (worker) {
    const token = deps.getToken();
    try {
      packed = await loadInWorker(worker, { type: 'load', token }, protocol, deps.logger);
    } catch (error) {
      if (!(error instanceof WorkerUnavailable)) {
        if (error instanceof ApiError && error.kind === 'unauthorized' && token) {
          deps.onUnauthorized();
        }
        throw error;
      }
      deps.logger.warn('The users worker failed; loading on the page', error.message);
      packed = await (await protocol()).fetchPackedAppUsers(deps.api);
    }
  } else {
    packed = await (await protocol()).fetchPackedAppUsers(deps.api);
  }
  const rows = unpackAppUsers(packed);
  // The benchmark's start line (bench/suites/user-list.ts): the list is now the page's.
  mark('users:reply');
  return { items: rows, skipped: packed.skipped };
}

export const appUserKeys = {
  all: ['app-users'] as const,
  list: () => [...appUserKeys.all, 'list'] as const,
};

export function appUsersQueryOptions(load: () => Promise<Listed<AppUserRow>>) {
  return queryOptions({
    queryKey: appUserKeys.list(),
    // No abort signal on purpose: leaving All Users for Send Notification mid-download hands
    // the same download on, rather than cancelling tens of MB and starting again.
    queryFn: () => load(),
    // Comparing a refetched list of 100 000 rows with the last one would be a long task.
    structuralSharing: false,
  });
}

/** The app users (All Users, Send Notification, anything that lists or picks users). */
export function useAppUsers() {
  const services = useServices();
  const load = useCallback(
    () =>
      loadAppUsers({
        api: services.api,
        getToken: () => services.session.get()?.token ?? null,
        onUnauthorized: () => void services.signOut(),
        logger: services.logger,
      }),
    [services],
  );
  return useQuery(appUsersQueryOptions(load));
}

/** Takes a deleted user out of the cached list at once (the refetch follows). */
export function removeAppUser(queryClient: QueryClient, id: number): void {
  queryClient.setQueryData<Listed<AppUserRow>>(
    appUserKeys.list(),
    (list) => list && mapItems(list, (rows) => rows.filter((row) => row.id !== id)),
  );
}
