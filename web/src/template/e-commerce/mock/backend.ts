import type * as z from 'zod/mini';
import {
  customerFieldsSchema,
  CUSTOMER_STATUSES,
  idsSchema,
  idsStatusSchema,
  productFieldsSchema,
  PRODUCT_STATUSES,
  queryParamsSchema,
  remarkFieldsSchema,
  REMARK_TYPES,
  specificationFieldsSchema,
  type Customer,
  type DemoUserRecord,
  type Product,
  type Remark,
  type Specification,
} from '../schemas';
import { authRoutes, bearerUser } from './auth';
import { findRows } from './find';
import { demoDate, nextId } from './records';
import {
  badRequest,
  createMockServer,
  ok,
  unauthorized,
  type MockContext,
  type MockFetch,
  type MockReply,
  type MockRoute,
  type MockServerOptions,
} from './server';

/** Everything the demo shop's mock server holds. */
export interface ShopData {
  customers: Customer[];
  products: Product[];
  remarks: Remark[];
  specifications: Specification[];
  users: DemoUserRecord[];
}

export interface ShopBackendDeps extends MockServerOptions {
  /** Today, for the records' dates. */
  now: () => number;
  /** A fresh random token for a registered user. */
  newToken: () => string;
}

type Entity = { id: number } & Readonly<Record<string, unknown>>;

interface Table<T extends Entity, F> {
  /** `customers`: the path segment. */
  base: string;
  /** `customer`: the body's and the created reply's wrapper. */
  key: string;
  /** `Customers`: deleteCustomers, updateStatusForCustomers. */
  plural: string;
  rows: () => T[];
  setRows: (rows: T[]) => void;
  fields: z.ZodMiniType<F>;
  /** Filter fields matched exactly rather than as a substring. */
  exactFields: readonly string[];
  /** Lists of a car's records are found under `api/<base>find/<carId>`. */
  perCar?: boolean;
  /** Bulk status (customers, products and remarks; not specifications). */
  status?: { field: keyof T & string; values: readonly number[] };
  /** May these fields be saved (e.g. the car exists)? */
  accepts?: (fields: F) => boolean;
  create: (fields: F, id: number, stamp: Stamp) => T;
  update: (current: T, fields: F, stamp: Stamp) => T;
  /** Called after rows are deleted (a car takes its remarks and specifications along). */
  onDeleted?: (ids: readonly number[]) => void;
}

interface Stamp {
  userId: number;
  /** MM/DD/YYYY */
  today: string;
}

const idParam = (context: MockContext): number => Number(context.params[0]);

function tableRoutes<T extends Entity, F>(
  table: Table<T, F>,
  signedIn: (context: MockContext) => Stamp | null,
): MockRoute[] {
  const base = table.base;
  const entity = (context: MockContext): F | null => {
    const body = context.body;
    if (typeof body !== 'object' || body === null || !(table.key in body)) return null;
    const parsed = table.fields.safeParse((body as Record<string, unknown>)[table.key]);
    if (!parsed.success || (table.accepts && !table.accepts(parsed.data))) return null;
    return parsed.data;
  };
  // Every shop call needs the demo session; the signed-in user stamps what it writes.
  const guarded =
    (handle: (context: MockContext, stamp: Stamp) => MockReply) =>
    (context: MockContext): MockReply => {
      const stamp = signedIn(context);
      return stamp ? handle(context, stamp) : unauthorized();
    };

  const find = guarded((context) => {
    const body = context.body as { queryParams?: unknown } | null;
    const params = queryParamsSchema.safeParse(body?.queryParams);
    if (!params.success) return badRequest();
    const carId = table.perCar ? idParam(context) : null;
    const rows = table.rows().filter((row) => carId === null || row['carId'] === carId);
    return ok(findRows(rows, params.data, table.exactFields));
  });

  const routes: MockRoute[] = [
    {
      method: 'POST',
      pattern: table.perCar
        ? new RegExp(`^api/${base}find/(\\d+)$`)
        : new RegExp(`^api/${base}/find$`),
      handle: find,
    },
    {
      method: 'POST',
      pattern: new RegExp(`^api/${base}/delete${table.plural}$`),
      handle: guarded((context) => {
        const parsed = idsSchema.safeParse(context.body);
        if (!parsed.success) return badRequest();
        const ids = parsed.data.ids;
        table.setRows(table.rows().filter((row) => !ids.includes(row.id)));
        table.onDeleted?.(ids);
        return ok();
      }),
    },
    {
      method: 'POST',
      pattern: new RegExp(`^api/${base}$`),
      handle: guarded((context, stamp) => {
        const fields = entity(context);
        if (fields === null) return badRequest();
        const created = table.create(fields, nextId(table.rows()), stamp);
        table.setRows([...table.rows(), created]);
        return ok({ [table.key]: created });
      }),
    },
    {
      method: 'GET',
      pattern: new RegExp(`^api/${base}/(\\d+)$`),
      handle: guarded((context) => {
        const found = table.rows().find((row) => row.id === idParam(context));
        return found ? ok(found) : badRequest();
      }),
    },
    {
      method: 'PUT',
      pattern: new RegExp(`^api/${base}/(\\d+)$`),
      handle: guarded((context, stamp) => {
        const id = idParam(context);
        const current = table.rows().find((row) => row.id === id);
        const fields = entity(context);
        if (!current || fields === null) return badRequest();
        const updated = table.update(current, fields, stamp);
        table.setRows(table.rows().map((row) => (row.id === id ? updated : row)));
        return ok();
      }),
    },
    {
      method: 'DELETE',
      pattern: new RegExp(`^api/${base}/(\\d+)$`),
      handle: guarded((context) => {
        const id = idParam(context);
        if (!table.rows().some((row) => row.id === id)) return badRequest();
        table.setRows(table.rows().filter((row) => row.id !== id));
        table.onDeleted?.([id]);
        return ok();
      }),
    },
  ];
  const status = table.status;
  if (status) {
    routes.push({
      method: 'POST',
      pattern: new RegExp(`^api/${base}/updateStatusFor${table.plural}$`),
      handle: guarded((context) => {
        const parsed = idsStatusSchema.safeParse(context.body);
        if (!parsed.success || !status.values.includes(parsed.data.status)) return badRequest();
        const { ids, status: value } = parsed.data;
        table.setRows(
          table
            .rows()
            .map((row) => (ids.includes(row.id) ? { ...row, [status.field]: value } : row)),
        );
        return ok();
      }),
    });
  }
  return routes;
}

/**
 * The demo shop's server: customers, products (cars), their remarks and
 * specifications, and the mock auth layer, over a copy of `seed`. Every call but the auth
 * layer's needs a demo user's token (401 without).
 */
export function createShopBackend(seed: ShopData, deps: ShopBackendDeps): MockFetch {
  const data: ShopData = structuredClone(seed);
  const stampOf = (context: MockContext): Stamp | null => {
    const user = bearerUser(data.users, context.headers);
    return user ? { userId: user.id, today: demoDate(deps.now()) } : null;
  };
  const carExists = (carId: number) => data.products.some((car) => car.id === carId);
  const written = (stamp: Stamp) => ({ _userId: stamp.userId, _updatedDate: stamp.today });

  const customers: Table<Customer, z.infer<typeof customerFieldsSchema>> = {
    base: 'customers',
    key: 'customer',
    plural: 'Customers',
    rows: () => data.customers,
    setRows: (rows) => void (data.customers = rows),
    fields: customerFieldsSchema,
    exactFields: ['status', 'type'],
    status: { field: 'status', values: CUSTOMER_STATUSES },
    create: (fields, id, stamp) => ({
      ...fields,
      id,
      ...written(stamp),
      _createdDate: stamp.today,
    }),
    update: (current, fields, stamp) => ({ ...current, ...fields, ...written(stamp) }),
  };
  const products: Table<Product, z.infer<typeof productFieldsSchema>> = {
    base: 'products',
    key: 'product',
    plural: 'Products',
    rows: () => data.products,
    setRows: (rows) => void (data.products = rows),
    fields: productFieldsSchema,
    exactFields: ['status', 'condition'],
    status: { field: 'status', values: PRODUCT_STATUSES },
    create: (fields, id, stamp) => ({
      ...fields,
      id,
      createdDate: stamp.today,
      ...written(stamp),
      _createdDate: stamp.today,
    }),
    update: (current, fields, stamp) => ({ ...current, ...fields, ...written(stamp) }),
    onDeleted: (ids) => {
      data.remarks = data.remarks.filter((remark) => !ids.includes(remark.carId));
      data.specifications = data.specifications.filter((spec) => !ids.includes(spec.carId));
    },
  };
  const remarks: Table<Remark, z.infer<typeof remarkFieldsSchema>> = {
    base: 'remarks',
    key: 'remark',
    plural: 'Remarks',
    rows: () => data.remarks,
    setRows: (rows) => void (data.remarks = rows),
    fields: remarkFieldsSchema,
    exactFields: ['type'],
    perCar: true,
    // A remark has no status field; its type is the state the bulk update sets.
    status: { field: 'type', values: REMARK_TYPES },
    accepts: (fields) => carExists(fields.carId),
    create: (fields, id, stamp) => ({
      ...fields,
      id,
      _isEditMode: false,
      ...written(stamp),
      _createdDate: stamp.today,
    }),
    update: (current, fields, stamp) => ({ ...current, ...fields, ...written(stamp) }),
  };
  const specifications: Table<Specification, z.infer<typeof specificationFieldsSchema>> = {
    base: 'specifications',
    key: 'specification',
    plural: 'Specifications',
    rows: () => data.specifications,
    setRows: (rows) => void (data.specifications = rows),
    fields: specificationFieldsSchema,
    exactFields: ['specId'],
    perCar: true,
    accepts: (fields) => carExists(fields.carId),
    create: (fields, id) => ({ ...fields, id }),
    update: (current, fields) => ({ ...current, ...fields }),
  };

  return createMockServer(
    [
      ...authRoutes(
        () => data.users,
        (users) => void (data.users = users),
        deps.newToken,
      ),
      ...tableRoutes(customers, stampOf),
      ...tableRoutes(products, stampOf),
      ...tableRoutes(remarks, stampOf),
      ...tableRoutes(specifications, stampOf),
    ],
    deps,
  );
}
