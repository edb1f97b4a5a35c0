/**
 * The table is worth what it covers. Each case is replayed in process with targaryen (the
 * offline engine's evaluator) to learn which rules it made the evaluator look at and what each
 * said; then every rule of database.rules.json must have granted in some case the table
 * expects allowed, and refused in some case it expects denied. A rule that is `false` can only
 * refuse; it needs the refusal alone.
 */
import { describe, expect, it } from 'vitest';
import { cases } from './cases.js';
import { evaluate, loadRules, rulesInFile, rulesPathOf } from './evaluate.js';

const definition = loadRules();
const now = Date.now();
const evaluated = cases.map((c) => ({ c, ...evaluate(definition, c, now) }));

describe('the table of rules cases', () => {
  it('has at least 80 cases, each with a reason, under distinct titles', () => {
    expect(cases.length).toBeGreaterThanOrEqual(80);
    for (const c of cases) expect(c.why.trim(), `${c.who} ${c.op} /${c.path}`).not.toBe('');
    const titles = cases.map((c) => `${c.who} ${c.op} /${c.path} ${c.world} ${c.why}`);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('expects what the evaluator decides, case by case', () => {
    const disagreements = evaluated
      .filter(({ c, allowed }) => (allowed ? 'allow' : 'deny') !== c.expect)
      .map(({ c }) => `${c.who} ${c.op} /${c.path} should ${c.expect}: ${c.why}`);
    expect(disagreements, disagreements.join('\n')).toEqual([]);
  });

  it('hits every rule of the file with an allowed case where it grants and a denied case where it refuses', () => {
    const rules = rulesInFile(definition);
    expect(rules.length).toBeGreaterThan(0);
    const missing = rules.flatMap((rule) => {
      const grants = evaluated.some(
        ({ c, hits }) => c.expect === 'allow' && hits.some((h) => h.id === rule.id && h.value),
      );
      const refuses = evaluated.some(
        ({ c, hits }) => c.expect === 'deny' && hits.some((h) => h.id === rule.id && !h.value),
      );
      return [
        ...(grants || rule.alwaysFalse ? [] : [`${rule.id}: no allowed case where it grants`]),
        ...(refuses ? [] : [`${rule.id}: no denied case where it refuses`]),
      ];
    });
    expect(missing, missing.join('\n')).toEqual([]);
  });

  it('has an .indexOn for every query the table makes', () => {
    const unindexed = cases.flatMap((c) => {
      if (c.op !== 'get' || c.query === undefined) return [];
      let node: unknown = definition.rules;
      for (const key of (rulesPathOf(definition, c.path) ?? '').split('/').filter(Boolean)) {
        node = (node as Record<string, unknown>)[key];
      }
      const indexOn = (node as Record<string, unknown> | undefined)?.['.indexOn'];
      const indexed = Array.isArray(indexOn) ? indexOn : [indexOn];
      return indexed.includes(c.query.orderByChild)
        ? []
        : [`/${c.path} by ${c.query.orderByChild}`];
    });
    expect(unindexed).toEqual([]);
  });
});
