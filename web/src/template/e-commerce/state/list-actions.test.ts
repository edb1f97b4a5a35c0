import { describe, expect, it, vi } from 'vitest';
import type { StatusResourceApi } from '../api/resource';
import { ShopError } from '../api/shop-client';
import type { FindReply, QueryParams } from '../schemas';
import { statusListActions } from './list-actions';
import { createStatusListReducer, initialListState, type StatusListAction } from './list-state';
import { createStore } from './store';

interface Row {
  id: number;
  name: string;
  status: number;
}
type Fields = Omit<Row, 'id'>;

const params: QueryParams = {
  filter: {},
  sortField: 'id',
  sortOrder: 'asc',
  pageNumber: 1,
  pageSize: 10,
};

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function setup(api: Partial<StatusResourceApi<Row, Fields>>) {
  const store = createStore(
    createStatusListReducer<Row>('customers', 'status'),
    initialListState<Row>(),
  );
  const seen: StatusListAction<Row>[] = [];
  const dispatch = (action: StatusListAction<Row>) => {
    seen.push(action);
    store.dispatch(action);
  };
  const refuse = () => Promise.reject(new Error('not scripted'));
  const full: StatusResourceApi<Row, Fields> = {
    find: refuse,
    get: refuse,
    create: refuse,
    update: refuse,
    remove: refuse,
    removeMany: refuse,
    updateStatus: refuse,
    ...api,
  };
  return { store, seen, actions: statusListActions(full, dispatch) };
}

describe('the demo list actions', () => {
  it('flag the list as loading until the reply lands', async () => {
    const reply = deferred<FindReply<Row>>();
    const { store, actions } = setup({ find: () => reply.promise });
    const fetching = actions.fetchList(params);
    expect(store.getState().listLoading).toBe(true);
    reply.resolve({ entities: [{ id: 1, name: 'a', status: 0 }], totalCount: 5, errorMessage: '' });
    await fetching;
    expect(store.getState()).toMatchObject({ listLoading: false, totalCount: 5 });
    expect(store.getState().entities).toHaveLength(1);
  });

  it('keep only the latest list when replies arrive out of order', async () => {
    const first = deferred<FindReply<Row>>();
    const second = deferred<FindReply<Row>>();
    const find = vi.fn().mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise);
    const { store, actions } = setup({ find });
    const older = actions.fetchList({ ...params, filter: { name: 'a' } });
    const newer = actions.fetchList({ ...params, filter: { name: 'b' } });
    second.resolve({
      entities: [{ id: 2, name: 'b', status: 0 }],
      totalCount: 1,
      errorMessage: '',
    });
    await newer;
    first.resolve({ entities: [{ id: 1, name: 'a', status: 0 }], totalCount: 1, errorMessage: '' });
    expect(await older).toBeUndefined();
    expect(store.getState().entities?.map((row) => row.id)).toEqual([2]);
  });

  it('record a failure as the action type plus the text, and pass it on', async () => {
    const { store, actions } = setup({ get: () => Promise.reject(new ShopError(400, 'status')) });
    await expect(actions.fetchForEdit(99)).rejects.toBeInstanceOf(ShopError);
    expect(store.getState()).toMatchObject({
      actionsLoading: false,
      error: 'customers/catchError: Request failed with status code 400',
    });
  });

  it('fetch the record to edit, or clear it for a new one without a call', async () => {
    const get = vi.fn(() => Promise.resolve({ id: 3, name: 'c', status: 1 }));
    const { store, actions } = setup({ get });
    await actions.fetchForEdit(3);
    expect(store.getState().forEdit).toEqual({ id: 3, name: 'c', status: 1 });
    await actions.fetchForEdit(undefined);
    expect(store.getState().forEdit).toBeUndefined();
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('create, update, delete and set status through the state', async () => {
    const { store, actions, seen } = setup({
      find: () =>
        Promise.resolve({
          entities: [
            { id: 1, name: 'a', status: 0 },
            { id: 2, name: 'b', status: 0 },
          ],
          totalCount: 2,
          errorMessage: '',
        }),
      create: (fields) => Promise.resolve({ ...fields, id: 3 }),
      update: () => Promise.resolve(),
      remove: () => Promise.resolve(),
      removeMany: () => Promise.resolve(),
      updateStatus: () => Promise.resolve(),
    });
    await actions.fetchList(params);
    expect(await actions.create({ name: 'c', status: 0 })).toEqual({ id: 3, name: 'c', status: 0 });
    const first = store.getState().entities?.[0];
    if (!first) throw new Error('no first row');
    await actions.update(first, { name: 'A', status: 0 });
    await actions.updateStatus([2, 3], 1);
    expect(store.getState().entities).toEqual([
      { id: 1, name: 'A', status: 0 },
      { id: 2, name: 'b', status: 1 },
      { id: 3, name: 'c', status: 1 },
    ]);
    await actions.remove(1);
    await actions.removeMany([2]);
    expect(store.getState().entities?.map((row) => row.id)).toEqual([3]);
    expect(store.getState().actionsLoading).toBe(false);
    expect(seen.map((action) => action.type)).toEqual([
      'startCall',
      'entitiesFetched',
      'startCall',
      'entityCreated',
      'startCall',
      'entityUpdated',
      'startCall',
      'entitiesStatusUpdated',
      'startCall',
      'entityDeleted',
      'startCall',
      'entitiesDeleted',
    ]);
  });
});
