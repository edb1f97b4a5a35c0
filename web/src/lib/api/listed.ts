import type { Listed } from '@contracts/upstream/upstream-values';

export type { Listed };

/** The same list with its items changed (sorted, filtered): the skipped count stays. */
export function mapItems<T, U>(list: Listed<T>, change: (items: T[]) => U[]): Listed<U> {
  return { items: change(list.items), skipped: list.skipped };
}
