import { dayAfter } from '../../functions/src/contracts/prices/los-angeles.js';

/** The calendar day (YYYY-MM-DD) in Los Angeles at an instant: the product's own rule. */
export { losAngelesDay } from '../../functions/src/contracts/prices/los-angeles.js';

/** One day in ms, for dating seed records relative to now. */
export const DAY_MS = 24 * 60 * 60 * 1000;

/** The day `days` before `day` (both YYYY-MM-DD). */
export const daysBefore = (day: string, days: number): string => dayAfter(day, -days);
