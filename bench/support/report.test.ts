import { describe, expect, it } from 'vitest';
import {
  atLeast,
  atMost,
  failing,
  markdownNotes,
  markdownTable,
  measured,
  notMeasured,
  under,
  type FigureSpec,
} from './report.ts';

const spec = (budget?: FigureSpec['budget']): FigureSpec => ({
  id: 'x.y',
  section: 'Proxy',
  label: 'added latency',
  unit: 'ms',
  ...(budget ? { budget } : {}),
});

describe('a measured figure', () => {
  it('is the median of its runs, judged against its budget', () => {
    const figure = measured(spec(under(2)), [1.9, 3, 1.2]);
    expect(figure.median).toBe(1.9);
    expect(figure.result).toBe('pass');
    expect(figure.ratio).toBeCloseTo(0.95);
    expect(measured(spec(under(2)), [2, 2, 2]).result).toBe('fail');
    expect(measured(spec(atMost(2)), [2]).result).toBe('pass');
    expect(measured(spec(atLeast(90)), [89]).result).toBe('fail');
  });

  it('without a budget is information, its ratio taken to the baseline', () => {
    const figure = measured(spec(), [3], { baseline: { label: 'direct', value: 1.5 } });
    expect(figure.result).toBe('info');
    expect(figure.ratio).toBe(2);
  });

  it('with no sample is not measured rather than a number', () => {
    const figure = measured(spec(under(2)), []);
    expect(figure.median).toBeNull();
    expect(figure.result).toBe('not measured');
  });
});

describe('failing', () => {
  it('lists misses and gaps of budgeted figures only', () => {
    const figures = [
      measured({ ...spec(under(2)), id: 'a' }, [1]),
      measured({ ...spec(under(2)), id: 'b' }, [5]),
      notMeasured({ ...spec(under(2)), id: 'c' }, 'the screen is not built yet'),
      notMeasured({ ...spec(), id: 'd' }, 'no budget'),
    ];
    expect(failing(figures).map((f) => f.id)).toEqual(['b', 'c']);
  });
});

describe('markdown', () => {
  it('shows value, budget, ratio and result, and says why a figure has no number', () => {
    const figures = [
      measured(spec(under(2)), [1.2345]),
      notMeasured({ ...spec(under(100)), id: 'u', label: 'sort' }, 'no users:sort mark | yet'),
    ];
    const table = markdownTable(figures);
    expect(table).toContain(
      '| Proxy · added latency | 1.23 ms | 1 | < 2.00 ms | 0.62× budget | pass |',
    );
    expect(table).toContain('| Proxy · sort | not measured |  | < 100 ms |  | **not measured** |');
    expect(markdownNotes(figures)).toContain('no users:sort mark \\| yet');
  });
});
