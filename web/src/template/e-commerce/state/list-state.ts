/**
 * The list state of the demo shop's customers, products, remarks and
 * specifications. Loading flags are set when a call starts and cleared when it ends; the error
 * is stored as the action type plus the error text.
 */

export type CallType = 'list' | 'action';

export interface ListState<T> {
  listLoading: boolean;
  actionsLoading: boolean;
  totalCount: number;
  /** Null until the first list arrives. */
  entities: T[] | null;
  /** The record being edited; undefined for a new one. */
  forEdit: T | undefined;
  /** `customers/catchError: <text>` */
  error: string | null;
}

export function initialListState<T>(): ListState<T> {
  return {
    listLoading: false,
    actionsLoading: false,
    totalCount: 0,
    entities: null,
    forEdit: undefined,
    error: null,
  };
}

export type ListAction<T> =
  | { type: 'startCall'; callType: CallType }
  | { type: 'catchError'; callType: CallType; error: string }
  | { type: 'entityFetched'; entity: T | undefined }
  | { type: 'entitiesFetched'; entities: T[]; totalCount: number }
  | { type: 'entityCreated'; entity: T }
  | { type: 'entityUpdated'; entity: T }
  | { type: 'entityDeleted'; id: number }
  | { type: 'entitiesDeleted'; ids: readonly number[] };

/** Customers, products and remarks; specifications have no bulk status. */
export type StatusListAction<T> =
  ListAction<T> | { type: 'entitiesStatusUpdated'; ids: readonly number[]; status: number };

export type ListReducer<T, A> = (state: ListState<T>, action: A) => ListState<T>;

type Entity = { id: number };

const loading = (callType: CallType, value: boolean) =>
  callType === 'list' ? { listLoading: value } : { actionsLoading: value };

function reduceList<T extends Entity>(
  name: string,
  state: ListState<T>,
  action: ListAction<T>,
): ListState<T> {
  const entities = state.entities ?? [];
  const done = { actionsLoading: false, error: null };
  switch (action.type) {
    case 'startCall':
      return { ...state, error: null, ...loading(action.callType, true) };
    case 'catchError':
      return {
        ...state,
        error: `${name}/${action.type}: ${action.error}`,
        ...loading(action.callType, false),
      };
    case 'entityFetched':
      return { ...state, ...done, forEdit: action.entity };
    case 'entitiesFetched':
      return {
        ...state,
        listLoading: false,
        error: null,
        entities: action.entities,
        totalCount: action.totalCount,
      };
    case 'entityCreated':
      return {
        ...state,
        ...done,
        entities: [...entities, action.entity],
        totalCount: state.totalCount + 1,
      };
    case 'entityUpdated':
      return {
        ...state,
        ...done,
        entities: entities.map((entity) =>
          entity.id === action.entity.id ? action.entity : entity,
        ),
        forEdit: state.forEdit?.id === action.entity.id ? action.entity : state.forEdit,
      };
    case 'entityDeleted':
    case 'entitiesDeleted': {
      const ids = action.type === 'entityDeleted' ? [action.id] : action.ids;
      const kept = entities.filter((entity) => !ids.includes(entity.id));
      return {
        ...state,
        ...done,
        entities: kept,
        totalCount: Math.max(0, state.totalCount - (entities.length - kept.length)),
      };
    }
  }
}

/** The reducer of a list without bulk status (specifications). */
export function createListReducer<T extends Entity>(name: string): ListReducer<T, ListAction<T>> {
  return (state, action) => reduceList(name, state, action);
}

/** The reducer of a list with bulk status: `statusField` is what the bulk update sets. */
export function createStatusListReducer<T extends Entity>(
  name: string,
  statusField: keyof T & string,
): ListReducer<T, StatusListAction<T>> {
  return (state, action) => {
    if (action.type !== 'entitiesStatusUpdated') return reduceList(name, state, action);
    return {
      ...state,
      actionsLoading: false,
      error: null,
      entities: (state.entities ?? []).map((entity) =>
        action.ids.includes(entity.id) ? { ...entity, [statusField]: action.status } : entity,
      ),
    };
  };
}
