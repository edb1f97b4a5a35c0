import type { ResourceApi, StatusResourceApi } from '../api/resource';
import type { FindReply, QueryParams } from '../schemas';
import type { CallType, ListAction, StatusListAction } from './list-state';

/**
 * The calls behind a demo list, as the template's action creators: each marks the call as
 * started, then records the reply or the error in the list state. A failure is also passed on
 * (rejected), so the screen that asked can keep the dialog open and say why.
 */
export interface ListActions<T, F> {
  /** Only the latest list asked for lands in the state. */
  fetchList(params: QueryParams, scope?: number): Promise<FindReply<T> | undefined>;
  /** `undefined` clears the record being edited (a new one is being made). */
  fetchForEdit(id: number | undefined): Promise<T | undefined>;
  create(fields: F): Promise<T>;
  /** `current` is the record as listed; it comes back with `fields` applied. */
  update(current: T, fields: F): Promise<T>;
  remove(id: number): Promise<void>;
  removeMany(ids: readonly number[]): Promise<void>;
}

export interface StatusListActions<T, F> extends ListActions<T, F> {
  updateStatus(ids: readonly number[], status: number): Promise<void>;
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

type Entity = { id: number };

export function listActions<T extends Entity, F>(
  api: ResourceApi<T, F>,
  dispatch: (action: ListAction<T>) => void,
): ListActions<T, F> {
  let latestList = 0;
  async function run<R>(
    callType: CallType,
    call: () => Promise<R>,
    landed: (result: R) => ListAction<T> | null,
  ): Promise<R> {
    dispatch({ type: 'startCall', callType });
    try {
      const result = await call();
      const action = landed(result);
      if (action) dispatch(action);
      return result;
    } catch (error) {
      dispatch({ type: 'catchError', callType, error: errorText(error) });
      throw error;
    }
  }

  return {
    async fetchList(params, scope) {
      latestList += 1;
      const ticket = latestList;
      const reply = await run(
        'list',
        () => api.find(params, scope),
        ({ entities, totalCount }) =>
          ticket === latestList ? { type: 'entitiesFetched', entities, totalCount } : null,
      );
      return ticket === latestList ? reply : undefined;
    },
    async fetchForEdit(id) {
      if (id === undefined) {
        dispatch({ type: 'entityFetched', entity: undefined });
        return undefined;
      }
      return run(
        'action',
        () => api.get(id),
        (entity) => ({ type: 'entityFetched', entity }),
      );
    },
    create: (fields) =>
      run(
        'action',
        () => api.create(fields),
        (entity) => ({ type: 'entityCreated', entity }),
      ),
    async update(current, fields) {
      const entity = { ...current, ...fields };
      await run(
        'action',
        () => api.update(current.id, fields),
        () => ({ type: 'entityUpdated', entity }),
      );
      return entity;
    },
    remove: (id) =>
      run(
        'action',
        () => api.remove(id),
        () => ({ type: 'entityDeleted', id }),
      ),
    removeMany: (ids) =>
      run(
        'action',
        () => api.removeMany(ids),
        () => ({ type: 'entitiesDeleted', ids }),
      ),
  };
}

export function statusListActions<T extends Entity, F>(
  api: StatusResourceApi<T, F>,
  dispatch: (action: StatusListAction<T>) => void,
): StatusListActions<T, F> {
  return {
    ...listActions(api, dispatch),
    async updateStatus(ids, status) {
      dispatch({ type: 'startCall', callType: 'action' });
      try {
        await api.updateStatus(ids, status);
        dispatch({ type: 'entitiesStatusUpdated', ids, status });
      } catch (error) {
        dispatch({ type: 'catchError', callType: 'action', error: errorText(error) });
        throw error;
      }
    },
  };
}
