/**
 * Why a price deserves a second look, as the price desk warns while the admin types: kept with
 * the contracts so that a save can be judged by the same rules on either side.
 */

/** Prices are per gallon; outside these bounds a typing slip is likelier than a real price. */
export const PRICE_RANGE = { min: 0.5, max: 20 } as const;
/** A change from the previous day larger than this share is worth a second look. */
export const JUMP_SHARE = 0.1;

export type PriceWarning = { kind: 'range' } | { kind: 'jump'; previous: number; share: number };

/** Out of range, or further than JUMP_SHARE from the previous day's price (when known). */
export function priceWarnings(price: number, previous: number | undefined): PriceWarning[] {
  if (!Number.isFinite(price)) return [];
  const warnings: PriceWarning[] = [];
  if (price < PRICE_RANGE.min || price > PRICE_RANGE.max) warnings.push({ kind: 'range' });
  if (previous !== undefined && Number.isFinite(previous) && previous > 0) {
    // Rounded so that exactly 10% (4.40 after 4.00) is not flagged by a floating-point hair.
    const share = Math.round(((price - previous) / previous) * 1e6) / 1e6;
    if (Math.abs(share) > JUMP_SHARE) warnings.push({ kind: 'jump', previous, share });
  }
  return warnings;
}
