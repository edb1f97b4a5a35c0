// What the rest of the functions may use of this flow.
export {
  dayIndexOf,
  isPriceRead,
  priceDayOf,
  priceReadOf,
  recordPriceRead,
} from './price-history.js';
export type { PriceHistoryDeps, PriceRead } from './price-history.js';
export { DEADLINE_PUSH_TITLE, remindPriceDeadline } from './deadline-reminder.js';
export type { DeadlineReminderDeps } from './deadline-reminder.js';
