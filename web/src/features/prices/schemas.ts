import * as z from 'zod/mini';
import { FUEL_PRICE_FIELDS, type FuelPrice } from '@contracts/upstream/upstream';

export type PriceField = (typeof FUEL_PRICE_FIELDS)[number];

/**
 * The five price inputs as typed. The browser checks only that they are numeric (the inputs
 * are number fields); every other bound is the server's, whose messages are shown as toasts.
 */
export const pricesFormSchema = z.object({
  regular: z.string().check(z.trim()),
  premium: z.string().check(z.trim()),
  diesel: z.string().check(z.trim()),
  renew_99: z.string().check(z.trim()),
  b_20: z.string().check(z.trim()),
});
export type PricesFormValues = z.infer<typeof pricesFormSchema>;

export const EMPTY_PRICES: PricesFormValues = {
  regular: '',
  premium: '',
  diesel: '',
  renew_99: '',
  b_20: '',
};

/** Saved prices as the inputs show them. */
export function toFormValues(saved: FuelPrice | null): PricesFormValues {
  if (!saved) return EMPTY_PRICES;
  return {
    regular: String(saved.regular),
    premium: String(saved.premium),
    diesel: String(saved.diesel),
    renew_99: String(saved.renew_99),
    b_20: String(saved.b_20),
  };
}

export const saveRequestSchema = z.extend(pricesFormSchema, {
  fuel_price_type_id: z.int().check(z.positive()),
  date: z.string(),
});
export type SaveRequest = z.infer<typeof saveRequestSchema>;

/** The multipart body of a save: fuel_price_type_id, the five prices, date. */
export function pricesFormData(request: SaveRequest): FormData {
  const form = new FormData();
  form.set('fuel_price_type_id', String(request.fuel_price_type_id));
  for (const field of FUEL_PRICE_FIELDS) form.set(field, request[field]);
  form.set('date', request.date);
  return form;
}
