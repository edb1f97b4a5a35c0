import * as z from 'zod/mini';
import { COLORS, MANUFACTURES } from '../../mock/sample-data';
import { PRODUCT_CONDITIONS, PRODUCT_STATUSES, type ProductFields } from '../../schemas';
import type { ShopFieldConfig } from '../form-controls';
import { choicesOf, PRODUCT_CONDITION_LABELS, PRODUCT_STATUS_LABELS } from '../labels';
import { codedNumber, requiredText, wholeNumber, message } from '../validation';

export const MODEL_YEAR_MIN = 1950;
export const MODEL_YEAR_MAX = 2030;
export const MILEAGE_MAX = 1_000_000;
export const PRICE_MIN = 1;
export const PRICE_MAX = 1_000_000;

/** The car form: what is typed, checked and turned into the fields the endpoint takes. */
export const productFormSchema = z.object({
  model: z.pipe(
    requiredText('MODEL_REQUIRED'),
    z.string().check(z.maxLength(50, { error: 'AUTH.VALIDATION.MAX_SYMBOLS' })),
  ),
  manufacture: requiredText('MANUFACTURE_REQUIRED'),
  modelYear: wholeNumber('MODEL_YEAR_RANGE', MODEL_YEAR_MIN, MODEL_YEAR_MAX),
  mileage: wholeNumber('MILEAGE_RANGE', 0, MILEAGE_MAX),
  price: wholeNumber('PRICE_RANGE', PRICE_MIN, PRICE_MAX),
  color: requiredText('COLOR_REQUIRED'),
  VINCode: z.pipe(
    requiredText('VIN_REQUIRED'),
    z.string().check(z.regex(/^[A-HJ-NPR-Z0-9]{11,17}$/i, { error: message('VIN_INVALID') })),
  ),
  condition: codedNumber(PRODUCT_CONDITIONS),
  status: codedNumber(PRODUCT_STATUSES),
  description: z.string().check(z.trim()),
}) satisfies z.ZodMiniType<ProductFields, unknown>;

export type ProductFormInput = z.input<typeof productFormSchema>;

export function productFormValues(product: ProductFields): ProductFormInput {
  return {
    model: product.model,
    manufacture: product.manufacture,
    modelYear: String(product.modelYear),
    mileage: String(product.mileage),
    price: String(product.price),
    color: product.color,
    VINCode: product.VINCode,
    condition: String(product.condition),
    status: String(product.status),
    description: product.description,
  };
}

/** The lists' choices, plus the record's own value when it is not one of them. */
const choices = (values: readonly string[], current: string) =>
  values.includes(current) || !current ? values : [current, ...values];

/** The car form's fields, in order; `initial` is the car as it was loaded (or a new one). */
export function productFields(initial: ProductFields): ShopFieldConfig<ProductFormInput>[] {
  return [
    { name: 'model', label: 'PRODUCTS.MODEL' },
    {
      name: 'manufacture',
      label: 'PRODUCTS.MANUFACTURE',
      kind: 'select',
      choices: choices(Object.keys(MANUFACTURES), initial.manufacture),
    },
    { name: 'modelYear', label: 'PRODUCTS.MODEL_YEAR', kind: 'number' },
    { name: 'mileage', label: 'PRODUCTS.MILEAGE', kind: 'number' },
    {
      name: 'color',
      label: 'PRODUCTS.COLOR',
      kind: 'select',
      choices: choices(COLORS, initial.color),
    },
    { name: 'price', label: 'PRODUCTS.PRICE_USD', kind: 'number' },
    { name: 'VINCode', label: 'PRODUCTS.VIN' },
    {
      name: 'condition',
      label: 'PRODUCTS.CONDITION',
      kind: 'select',
      choices: choicesOf(PRODUCT_CONDITIONS, PRODUCT_CONDITION_LABELS),
    },
    {
      name: 'status',
      label: 'PRODUCTS.STATUS',
      kind: 'select',
      choices: choicesOf(PRODUCT_STATUSES, PRODUCT_STATUS_LABELS),
    },
    {
      name: 'description',
      label: 'PRODUCTS.DESCRIPTION',
      kind: 'long-text',
      className: 'sm:col-span-2 lg:col-span-3',
    },
  ];
}
