import * as z from 'zod/mini';

/**
 * The demo shop's shapes, shared by the in-browser mock endpoints, the client
 * that parses their replies, the list state and the forms.
 */

/** The template's date format for every demo date: MM/DD/YYYY. */
const DEMO_DATE = /^(0[1-9]|1[0-2])\/(0[1-9]|[12]\d|3[01])\/\d{4}$/;
/**
 * zod/mini loads no default messages: this is classic zod's English one, which the forms' date
 * boxes showed for a year past 9999.
 */
export const demoDateSchema = z
  .string()
  .check(z.regex(DEMO_DATE, `Invalid string: must match pattern ${String(DEMO_DATE)}`));

export const CUSTOMER_STATUSES = [0, 1, 2] as const;
export const CUSTOMER_TYPES = [0, 1] as const;
export const GENDERS = ['Female', 'Male'] as const;
export const PRODUCT_STATUSES = [0, 1] as const;
export const PRODUCT_CONDITIONS = [0, 1] as const;
export const REMARK_TYPES = [0, 1, 2] as const;
/** SpecIds 0 to 9; a specification's name derives from it (components/labels.ts). */
export const SPEC_IDS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

const oneOf = <const T extends readonly number[]>(values: T) => z.literal(values);

export const customerStatusSchema = oneOf(CUSTOMER_STATUSES);
export const productStatusSchema = oneOf(PRODUCT_STATUSES);
export const remarkTypeSchema = oneOf(REMARK_TYPES);
export const specIdSchema = oneOf(SPEC_IDS);

export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];
export type CustomerType = (typeof CUSTOMER_TYPES)[number];
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export type ProductCondition = (typeof PRODUCT_CONDITIONS)[number];
export type RemarkType = (typeof REMARK_TYPES)[number];
export type SpecId = (typeof SPEC_IDS)[number];

/** What the server keeps about who made a record and when. */
const stamps = {
  _userId: z.int(),
  _createdDate: demoDateSchema,
  _updatedDate: demoDateSchema,
};
const id = z.int().check(z.positive());

export const customerFieldsSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  userName: z.string(),
  gender: z.enum(GENDERS),
  status: customerStatusSchema,
  /** Spelled so in the template. */
  dateOfBbirth: demoDateSchema,
  ipAddress: z.string(),
  type: oneOf(CUSTOMER_TYPES),
});
export const customerSchema = z.extend(customerFieldsSchema, { id, ...stamps });
export type CustomerFields = z.infer<typeof customerFieldsSchema>;
export type Customer = z.infer<typeof customerSchema>;

export const productFieldsSchema = z.object({
  model: z.string(),
  manufacture: z.string(),
  modelYear: z.int(),
  mileage: z.int(),
  description: z.string(),
  color: z.string(),
  price: z.number(),
  condition: oneOf(PRODUCT_CONDITIONS),
  status: productStatusSchema,
  VINCode: z.string(),
});
export const productSchema = z.extend(productFieldsSchema, {
  id,
  createdDate: demoDateSchema,
  ...stamps,
});
export type ProductFields = z.infer<typeof productFieldsSchema>;
export type Product = z.infer<typeof productSchema>;

export const remarkFieldsSchema = z.object({
  carId: id,
  text: z.string(),
  type: remarkTypeSchema,
  dueDate: demoDateSchema,
});
export const remarkSchema = z.extend(remarkFieldsSchema, {
  id,
  _isEditMode: z.boolean(),
  ...stamps,
});
export type RemarkFields = z.infer<typeof remarkFieldsSchema>;
export type Remark = z.infer<typeof remarkSchema>;

export const specificationFieldsSchema = z.object({
  carId: id,
  specId: specIdSchema,
  value: z.string(),
});
export const specificationSchema = z.extend(specificationFieldsSchema, { id });
export type SpecificationFields = z.infer<typeof specificationFieldsSchema>;
export type Specification = z.infer<typeof specificationSchema>;

/** The pagination state (filter, sort, page number and size), sent to every find endpoint. */
export const queryParamsSchema = z.object({
  /** Exact values for a resource's filter fields (status, type…), substrings for the rest. */
  filter: z.record(z.string(), z.union([z.string(), z.number()])),
  sortField: z.string(),
  sortOrder: z.enum(['asc', 'desc']),
  /** From 1. */
  pageNumber: z.int().check(z.positive()),
  pageSize: z.int().check(z.positive()),
});
export type QueryParams = z.infer<typeof queryParamsSchema>;

export const findReplySchema = <T extends z.ZodMiniType>(entity: T) =>
  z.object({
    entities: z.array(entity),
    totalCount: z.int().check(z.nonnegative()),
    errorMessage: z.string(),
  });
export interface FindReply<T> {
  entities: T[];
  totalCount: number;
  errorMessage: string;
}

export const idsSchema = z.object({ ids: z.array(id) });
export const idsStatusSchema = z.object({ ids: z.array(id), status: z.int() });

/** The demo users' shape is the app's (the profile page shows one too). */
export { DEMO_ROLES, demoUserSchema, type DemoUser, type DemoUserRecord } from '@/lib/demo-user';

/** What a new record starts with (the template's defaults). */
export const DEFAULT_IP_ADDRESS = '127.0.0.1';
export const CUSTOMER_DEFAULTS = {
  firstName: '',
  lastName: '',
  email: '',
  userName: '',
  gender: 'Female',
  status: 0,
  dateOfBbirth: '01/01/2019',
  ipAddress: DEFAULT_IP_ADDRESS,
  type: 1,
} as const satisfies CustomerFields;

export const PRODUCT_DEFAULTS = {
  model: '',
  manufacture: 'Pontiac',
  modelYear: 2000,
  mileage: 0,
  description: '',
  color: 'Black',
  price: 1000,
  condition: 0,
  status: 0,
  VINCode: '',
} as const satisfies ProductFields;

export const REMARK_DEFAULTS = { text: '', type: 0, dueDate: '01/01/2019' } as const satisfies Omit<
  RemarkFields,
  'carId'
>;

export const SPECIFICATION_DEFAULTS = { specId: 0, value: '' } as const satisfies Omit<
  SpecificationFields,
  'carId'
>;
