/**
 * How the palette ranks what it finds. Every source matches case-insensitively on a substring;
 * a better kind of match comes first, then the source's own order (menu order, newest group,
 * the users list's order).
 */

/** Lower is better. */
export const Rank = {
  /** The whole text (an ID, an e-mail). */
  exact: 0,
  /** The text starts with the query. */
  prefix: 1,
  /** A word in the text starts with the query ("ann" in "Mary Ann"). */
  wordPrefix: 2,
  /** Anywhere else. */
  substring: 3,
} as const;
export type Rank = (typeof Rank)[keyof typeof Rank];

/** The query as every source compares it. */
export function normalizeQuery(query: string): string {
  return query.trim().toLowerCase();
}

const WORD_START = /[\s@._\-/]/;

/** No rank is needed below: any match counts. */
const ANY = 4;

/**
 * The rank of a lower-cased text for a normalized, non-empty query, or null when it does not
 * match. With `below`, only a rank better than it counts (null otherwise): once the best few are
 * prefixes, the rest need only an equality test, not a search of every word.
 */
export function rankText(text: string, query: string, below: number = ANY): Rank | null {
  if (below <= Rank.prefix) return below > Rank.exact && text === query ? Rank.exact : null;
  if (text.startsWith(query)) return text.length === query.length ? Rank.exact : Rank.prefix;
  if (below <= Rank.wordPrefix) return null;
  let from = text.indexOf(query);
  if (from < 0) return null;
  for (; from >= 0; from = text.indexOf(query, from + 1)) {
    if (WORD_START.test(text.charAt(from - 1))) return Rank.wordPrefix;
  }
  return below > Rank.substring ? Rank.substring : null;
}

/** The best rank among several fields of one thing (name, e-mail, ID), better than `below`. */
export function bestRank(
  texts: readonly string[],
  query: string,
  below: number = ANY,
): Rank | null {
  let best: Rank | null = null;
  for (const text of texts) {
    const rank = rankText(text, query, best ?? below);
    if (rank !== null) best = rank;
  }
  return best;
}

/**
 * The `limit` best of the candidates in `order` (positions into the source), best rank first and
 * the source's order within a rank. One pass that keeps a short list: a query matching 90 000
 * users costs one rank per match, never a sort of them all, and once the list is full only a
 * better kind of match is looked for (`rankOf` is told which).
 */
export function topRanked(
  order: Iterable<number>,
  rankOf: (position: number, below: number) => Rank | null,
  limit: number,
): number[] {
  const kept: { position: number; rank: Rank }[] = [];
  if (limit <= 0) return [];
  for (const position of order) {
    const worst = kept.length === limit ? (kept[limit - 1] as { rank: Rank }).rank : ANY;
    if (worst === Rank.exact) break;
    const rank = rankOf(position, worst);
    if (rank === null || rank >= worst) continue;
    let at = kept.length;
    while (at > 0 && (kept[at - 1] as { rank: Rank }).rank > rank) at -= 1;
    kept.splice(at, 0, { position, rank });
    if (kept.length > limit) kept.pop();
  }
  return kept.map((entry) => entry.position);
}

/** The items whose label matches, ranked; every item in its own order when the query is empty. */
export function rankLabels<T>(
  items: readonly T[],
  labelOf: (item: T) => string,
  query: string,
  limit: number,
): T[] {
  const normalized = normalizeQuery(query);
  if (!normalized) return items.slice(0, limit);
  const lower = items.map((item) => labelOf(item).toLowerCase());
  return topRanked(
    lower.keys(),
    (position, below) => rankText(lower[position] as string, normalized, below),
    limit,
  ).map((position) => items[position] as T);
}
