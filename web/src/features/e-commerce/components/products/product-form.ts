import * as z from 'zod/mini';
import { PRODUCT_CONDITIONS, PRODUCT_STATUSES, type ProductFields } from '../../schemas';
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
