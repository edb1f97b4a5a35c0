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

/** The rank of a lower-cased text for a normalized, non-empty query; null when it does not match. */
export function rankText(text: string, query: string): Rank | null {
  const at = text.indexOf(query);
  if (at < 0) return null;
  if (at === 0) return text.length === query.length ? Rank.exact : Rank.prefix;
  for (let from = at; from >= 0; from = text.indexOf(query, from + 1)) {
    if (WORD_START.test(text.charAt(from - 1))) return Rank.wordPrefix;
  }
  return Rank.substring;
}

/** The best rank among several fields of one thing (name, e-mail, ID). */
export function bestRank(texts: readonly string[], query: string): Rank | null {
  let best: Rank | null = null;
  for (const text of texts) {
    const rank = rankText(text, query);
    if (rank !== null && (best === null || rank < best)) best = rank;
    if (best === Rank.exact) break;
  }
  return best;
}

/**
 * The `limit` best of the candidates in `order` (positions into the source), best rank first and
 * the source's order within a rank. One pass that keeps a short list: a query matching 90 000
 * users costs one rank per match, never a sort of them all, and stops early once `limit` exact
 * matches are in hand.
 */
export function topRanked(
  order: Iterable<number>,
  rankOf: (position: number) => Rank | null,
  limit: number,
): number[] {
  const kept: { position: number; rank: Rank }[] = [];
  if (limit <= 0) return [];
  for (const position of order) {
    const rank = rankOf(position);
    if (rank === null) continue;
    const worst = kept[kept.length - 1];
    if (kept.length === limit && worst && worst.rank <= rank) continue;
    let at = kept.length;
    while (at > 0 && (kept[at - 1] as { rank: Rank }).rank > rank) at -= 1;
    kept.splice(at, 0, { position, rank });
    if (kept.length > limit) kept.pop();
    if (kept.length === limit && (kept[limit - 1] as { rank: Rank }).rank === Rank.exact) break;
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
    (position) => rankText(lower[position] as string, normalized),
    limit,
  ).map((position) => items[position] as T);
}
