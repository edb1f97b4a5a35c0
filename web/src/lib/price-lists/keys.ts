/** The price groups and fuel price types, under the price screens' query root. */
export const priceListKeys = {
  groups: () => ['prices', 'groups'] as const,
  types: () => ['prices', 'types'] as const,
};
