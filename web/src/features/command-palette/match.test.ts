import { describe, expect, it } from 'vitest';
import { bestRank, normalizeQuery, Rank, rankLabels, rankText, topRanked } from './match';

describe('rankText', () => {
  it('ranks a whole match, then a start, a word start and anything else', () => {
    expect(rankText('mary ann', 'mary ann')).toBe(Rank.exact);
    expect(rankText('mary ann', 'mar')).toBe(Rank.prefix);
    expect(rankText('mary ann', 'ann')).toBe(Rank.wordPrefix);
    expect(rankText('joanne', 'ann')).toBe(Rank.substring);
    expect(rankText('mary ann', 'bob')).toBeNull();
  });

  it('counts the parts of an e-mail as words', () => {
    expect(rankText('ann.lee@fuel.test', 'lee')).toBe(Rank.wordPrefix);
    expect(rankText('ann.lee@fuel.test', 'fuel')).toBe(Rank.wordPrefix);
  });

  it('reports only a rank better than the one asked below', () => {
    expect(rankText('mary ann', 'mar', Rank.prefix)).toBeNull();
    expect(rankText('mar', 'mar', Rank.prefix)).toBe(Rank.exact);
    expect(rankText('mary ann', 'ann', Rank.wordPrefix)).toBeNull();
    expect(rankText('mary ann', 'mar', Rank.wordPrefix)).toBe(Rank.prefix);
    expect(rankText('joanne', 'ann', Rank.substring)).toBeNull();
    expect(rankText('mar', 'mar', Rank.exact)).toBeNull();
  });

  it('finds a word start after an earlier match inside a word', () => {
    expect(rankText('joanne ann', 'ann')).toBe(Rank.wordPrefix);
  });
});

describe('bestRank', () => {
  it('takes the best of the fields', () => {
    expect(bestRank(['42', 'ann@fuel.test', 'ann lee'], '42')).toBe(Rank.exact);
    expect(bestRank(['142', 'x@fuel.test', 'lee'], 'lee')).toBe(Rank.exact);
    expect(bestRank(['142', 'x@fuel.test', 'lee'], '4')).toBe(Rank.substring);
    expect(bestRank(['142', 'x@fuel.test', 'lee'], 'zz')).toBeNull();
  });
});

describe('topRanked', () => {
  const ranks: (Rank | null)[] = [Rank.substring, null, Rank.prefix, Rank.substring, Rank.exact];

  it('keeps the best few, in the source order within a rank', () => {
    expect(topRanked(ranks.keys(), (at) => ranks[at] ?? null, 3)).toEqual([4, 2, 0]);
    expect(topRanked(ranks.keys(), (at) => ranks[at] ?? null, 10)).toEqual([4, 2, 0, 3]);
  });

  it('visits only the given positions, and nothing for a limit of 0', () => {
    expect(topRanked([3, 0], (at) => ranks[at] ?? null, 5)).toEqual([3, 0]);
    expect(topRanked(ranks.keys(), (at) => ranks[at] ?? null, 0)).toEqual([]);
  });

  it('stops reading once it holds enough exact matches', () => {
    const read: number[] = [];
    const found = topRanked(
      [0, 1, 2, 3],
      (at) => {
        read.push(at);
        return Rank.exact;
      },
      2,
    );
    expect(found).toEqual([0, 1]);
    expect(read).toEqual([0, 1]);
  });
});

describe('rankLabels', () => {
  const screens = ['Dashboard', 'All Users', 'Send Notification', "Today's Prices"];

  it('lists everything in its order for an empty query', () => {
    expect(rankLabels(screens, (s) => s, '  ', 3)).toEqual(screens.slice(0, 3));
  });

  it('matches case-insensitively and puts starts first', () => {
    expect(rankLabels(screens, (s) => s, 'USERS', 5)).toEqual(['All Users']);
    expect(rankLabels(screens, (s) => s, 'no', 5)).toEqual(['Send Notification']);
    expect(rankLabels(['Pricing notes', "Today's Prices"], (s) => s, 'pri', 5)).toEqual([
      'Pricing notes',
      "Today's Prices",
    ]);
    expect(rankLabels(["Today's Prices", 'Prices'], (s) => s, 'prices', 5)).toEqual([
      'Prices',
      "Today's Prices",
    ]);
  });
});

describe('normalizeQuery', () => {
  it('trims and lower-cases', () => {
    expect(normalizeQuery('  Ann@Fuel.TEST ')).toBe('ann@fuel.test');
  });
});
