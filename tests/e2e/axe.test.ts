import type { Result } from 'axe-core';
import { describeBlocking } from './support/axe.ts';
import { describe, expect, it } from './support/fixtures.ts';

// What the accessibility check prints when it fails: only what blocks someone, and enough of it
// to find the element and see why.
const violation = (id: string, impact: Result['impact'], nodes: number): Result => ({
  id,
  impact,
  help: `Help of ${id}`,
  description: '',
  helpUrl: '',
  tags: [],
  nodes: Array.from({ length: nodes }, (_, at) => ({
    target: [`.item-${at}`],
    html: `<span class="item-${at}">\n  Paid\n</span>`,
    failureSummary:
      'Fix any of the following:\n  Element has insufficient color contrast of 3.1 (foreground color: #1f9d55)',
    any: [],
    all: [],
    none: [],
    impact,
  })),
});

describe('the accessibility report', () => {
  it('lists serious and critical violations with their elements and why, and nothing milder', () => {
    const lines = describeBlocking([
      violation('color-contrast', 'serious', 1),
      violation('region', 'moderate', 1),
      violation('region-minor', 'minor', 1),
      violation('button-name', 'critical', 1),
    ]);
    expect(lines).toEqual([
      'color-contrast (serious): Help of color-contrast\n' +
        '  at .item-0 <span class="item-0"> Paid </span> — Element has insufficient color contrast of 3.1 (foreground color: #1f9d55)',
      'button-name (critical): Help of button-name\n' +
        '  at .item-0 <span class="item-0"> Paid </span> — Element has insufficient color contrast of 3.1 (foreground color: #1f9d55)',
    ]);
  });

  it('shows the first few elements of a rule and counts the rest', () => {
    const [line] = describeBlocking([violation('color-contrast', 'serious', 6)]);
    expect(line?.split('\n')).toHaveLength(6);
    expect(line).toContain('.item-3');
    expect(line).not.toContain('.item-4');
    expect(line).toMatch(/and 2 more$/);
  });
});
