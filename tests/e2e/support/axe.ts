import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, Result } from 'axe-core';
import type { Page } from 'playwright-core';

/**
 * axe-core in the page: the WCAG 2.1 A and AA rules, and what they find that blocks someone
 * (impact serious or critical), described so a failure says what to fix and where.
 */

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

export const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);
/** Elements listed per rule; the rest are counted. */
const SHOWN = 4;

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * One line per serious or critical violation: rule, impact, what it asks, then each element as
 * its selector, a piece of its HTML and axe's own account of the failure.
 */
export function describeBlocking(violations: readonly Result[]): string[] {
  return violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map((violation) => {
      const nodes = violation.nodes.slice(0, SHOWN).map((node) => {
        const target = node.target.map((part) => String(part)).join(' >> ');
        const summary = oneLine(node.failureSummary ?? '').replace(
          /^Fix (any|all) of the following: /,
          '',
        );
        return `  at ${target} ${oneLine(node.html).slice(0, 120)} — ${summary}`;
      });
      const more = violation.nodes.length - SHOWN;
      if (more > 0) nodes.push(`  and ${more} more`);
      return [`${violation.id} (${violation.impact}): ${violation.help}`, ...nodes].join('\n');
    });
}

/**
 * Runs axe over the whole page once its transitions have ended (a dialog fading in has its text
 * at partial opacity, which axe reads as low contrast); the serious and critical violations,
 * described. Endless animations (spinners) are not waited for.
 */
export async function blockingViolations(page: Page): Promise<string[]> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run: (...args: unknown[]) => Promise<AxeResults> } }).axe.run(
        document,
        { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] },
      ),
    WCAG_21_AA,
  );
  return describeBlocking(results.violations);
}
