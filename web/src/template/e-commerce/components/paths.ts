/** The shop's own addresses, absolute (`~`) so they mean the same at any nesting depth. */
export const SHOP_PATHS = {
  customers: '~/e-commerce/customers',
  newCustomer: '~/e-commerce/customers/new',
  editCustomer: (id: number) => `~/e-commerce/customers/${id}/edit`,
  products: '~/e-commerce/products',
  newProduct: '~/e-commerce/products/new',
  editProduct: (id: number) => `~/e-commerce/products/${id}/edit`,
  notFound: '~/error/error-v1',
} as const;

/** A positive whole id from a path segment, or null. */
export function pathId(segment: string | undefined): number | null {
  return segment && /^[1-9]\d*$/.test(segment) ? Number(segment) : null;
}
