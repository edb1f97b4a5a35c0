import * as z from 'zod/mini';
import { findReplySchema, type FindReply, type QueryParams } from '../schemas';
import type { ShopClient } from './shop-client';

/**
 * The calls every demo list shares: find with filter, sort and paging; create,
 * get, update, delete; bulk delete; and bulk status where the resource has one.
 */
export interface ResourceApi<T, F> {
  /** `scope`: the car whose remarks or specifications are listed. */
  find(params: QueryParams, scope?: number): Promise<FindReply<T>>;
  get(id: number): Promise<T>;
  /** The created record, with its new id. */
  create(fields: F): Promise<T>;
  update(id: number, fields: F): Promise<void>;
  remove(id: number): Promise<void>;
  removeMany(ids: readonly number[]): Promise<void>;
}

export interface StatusResourceApi<T, F> extends ResourceApi<T, F> {
  updateStatus(ids: readonly number[], status: number): Promise<void>;
}

export interface ResourcePaths {
  /** `api/customers` */
  base: string;
  /** `customer`: the wrapper of the body and of the created reply. */
  key: string;
  /** `api/customers/find`, or `api/remarksfind/7` for a car's remarks. */
  find: (scope?: number) => string;
  /** `api/customers/deleteCustomers` */
  removeMany: string;
}

export function resourceApi<T, F>(
  client: ShopClient,
  paths: ResourcePaths,
  entity: z.ZodMiniType<T>,
): ResourceApi<T, F> {
  const created = z.object({ [paths.key]: entity });
  return {
    find: (queryParams, scope) =>
      client.request({
        method: 'POST',
        url: paths.find(scope),
        body: { queryParams },
        reply: findReplySchema(entity),
      }),
    get: (id) => client.request({ method: 'GET', url: `${paths.base}/${id}`, reply: entity }),
    create: async (fields) => {
      const reply = await client.request({
        method: 'POST',
        url: paths.base,
        body: { [paths.key]: fields },
        reply: created,
      });
      return reply[paths.key] as T;
    },
    update: (id, fields) =>
      client.request({ method: 'PUT', url: `${paths.base}/${id}`, body: { [paths.key]: fields } }),
    remove: (id) => client.request({ method: 'DELETE', url: `${paths.base}/${id}` }),
    removeMany: (ids) => client.request({ method: 'POST', url: paths.removeMany, body: { ids } }),
  };
}

export function statusResourceApi<T, F>(
  client: ShopClient,
  paths: ResourcePaths & { updateStatus: string },
  entity: z.ZodMiniType<T>,
): StatusResourceApi<T, F> {
  return {
    ...resourceApi<T, F>(client, paths, entity),
    updateStatus: (ids, status) =>
      client.request({ method: 'POST', url: paths.updateStatus, body: { ids, status } }),
  };
}
