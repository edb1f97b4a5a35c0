import { describe, expect, it } from 'vitest';
import {
  createListReducer,
  createStatusListReducer,
  initialListState,
  type ListState,
} from './list-state';

interface Row {
  id: number;
  name: string;
  status: number;
}

const reducer = createStatusListReducer<Row>('customers', 'status');
const rows: Row[] = [
  { id: 1, name: 'a', status: 0 },
  { id: 2, name: 'b', status: 1 },
  { id: 3, name: 'c', status: 2 },
];
const loaded = (): ListState<Row> => ({
  ...initialListState<Row>(),
  entities: rows,
  totalCount: 3,
});

describe('the demo list state', () => {
  it('starts empty and idle', () => {
    expect(initialListState()).toEqual({
      listLoading: false,
      actionsLoading: false,
      totalCount: 0,
      entities: null,
      forEdit: undefined,
      error: null,
    });
  });

  it('sets the loading flag of the call that starts and clears the last error', () => {
    const failed = { ...loaded(), error: 'customers/catchError: old' };
    expect(reducer(failed, { type: 'startCall', callType: 'list' })).toMatchObject({
      listLoading: true,
      actionsLoading: false,
      error: null,
    });
    expect(reducer(failed, { type: 'startCall', callType: 'action' })).toMatchObject({
      listLoading: false,
      actionsLoading: true,
    });
  });

  it('stores an error as the action type plus the error text, clearing its loading flag', () => {
    const busy = { ...loaded(), listLoading: true, actionsLoading: true };
    const listFailed = reducer(busy, { type: 'catchError', callType: 'list', error: 'Boom' });
    expect(listFailed).toMatchObject({
      error: 'customers/catchError: Boom',
      listLoading: false,
      actionsLoading: true,
    });
    const actionFailed = reducer(busy, { type: 'catchError', callType: 'action', error: 'No' });
    expect(actionFailed).toMatchObject({ listLoading: true, actionsLoading: false });
    expect(
      createListReducer<Row>('specifications')(busy, {
        type: 'catchError',
        callType: 'action',
        error: 'Request failed with status code 400',
      }).error,
    ).toBe('specifications/catchError: Request failed with status code 400');
  });

  it('keeps a fetched list with its total count', () => {
    const state = reducer(
      { ...initialListState<Row>(), listLoading: true },
      { type: 'entitiesFetched', entities: rows.slice(0, 2), totalCount: 3 },
    );
    expect(state).toMatchObject({ listLoading: false, totalCount: 3, error: null });
    expect(state.entities).toEqual(rows.slice(0, 2));
  });

  it('holds the record being edited, or none for a new one', () => {
    const busy = { ...loaded(), actionsLoading: true };
    const editing = reducer(busy, { type: 'entityFetched', entity: rows[1] });
    expect(editing).toMatchObject({ forEdit: rows[1], actionsLoading: false });
    expect(reducer(editing, { type: 'entityFetched', entity: undefined }).forEdit).toBeUndefined();
  });

  it('appends a created record', () => {
    const created = { id: 4, name: 'd', status: 0 };
    const state = reducer(loaded(), { type: 'entityCreated', entity: created });
    expect(state.entities).toEqual([...rows, created]);
    expect(state.totalCount).toBe(4);
  });

  it('replaces an updated record by id, and the record being edited with it', () => {
    const changed = { id: 2, name: 'B', status: 1 };
    const state = reducer(
      { ...loaded(), forEdit: rows[1] },
      { type: 'entityUpdated', entity: changed },
    );
    expect(state.entities).toEqual([rows[0], changed, rows[2]]);
    expect(state.forEdit).toEqual(changed);
  });

  it('removes a deleted record by id, and several by their ids', () => {
    const one = reducer(loaded(), { type: 'entityDeleted', id: 2 });
    expect(one.entities?.map((row) => row.id)).toEqual([1, 3]);
    expect(one.totalCount).toBe(2);
    const many = reducer(loaded(), { type: 'entitiesDeleted', ids: [1, 3, 99] });
    expect(many.entities?.map((row) => row.id)).toEqual([2]);
    expect(many.totalCount).toBe(1);
  });

  it('sets the status of the listed ids only', () => {
    const state = reducer(
      { ...loaded(), actionsLoading: true },
      { type: 'entitiesStatusUpdated', ids: [1, 3], status: 1 },
    );
    expect(state.entities?.map((row) => row.status)).toEqual([1, 1, 1]);
    expect(state.actionsLoading).toBe(false);
    expect(rows.map((row) => row.status)).toEqual([0, 1, 2]);
  });

  it("sets a remark's type as its status", () => {
    const remarks = createStatusListReducer<{ id: number; type: number }>('remarks', 'type');
    const state = remarks(
      { ...initialListState(), entities: [{ id: 1, type: 0 }] },
      { type: 'entitiesStatusUpdated', ids: [1], status: 2 },
    );
    expect(state.entities).toEqual([{ id: 1, type: 2 }]);
  });
});
