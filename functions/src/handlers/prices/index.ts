// What the rest of the functions may use of this flow.
export { isPriceRead, priceDayOf, priceReadOf, recordPriceRead } from './price-history.js';
export type { PriceHistoryDeps, PriceRead } from './price-history.js';
