import { z } from 'zod';
import { median } from './stats.ts';

/** `max`: the figure must stay at or under (`inclusive`) / under the value; `min`: at or over. */
export const budgetSchema = z.object({
  kind: z.enum(['max', 'min']),
  value: z.number(),
  inclusive: z.boolean(),
});
export type Budget = z.infer<typeof budgetSchema>;

export const unitSchema = z.enum(['kB', 'ms', 'MiB', 'score', 'count', 'shift']);
export type Unit = z.infer<typeof unitSchema>;

export const resultSchema = z.enum(['pass', 'fail', 'not measured', 'info']);
export type Result = z.infer<typeof resultSchema>;

export const figureSchema = z.object({
  id: z.string().min(1),
  section: z.string().min(1),
  label: z.string().min(1),
  unit: unitSchema,
  /** Every sample; the figure is their median. Empty when not measured. */
  runs: z.array(z.number()),
  median: z.number().nullable(),
  budget: budgetSchema.optional(),
  /** A reference measured in the same run (the API called directly, say). */
  baseline: z.object({ label: z.string(), value: z.number() }).optional(),
  /** Why there is no number. */
  notMeasured: z.string().optional(),
  /** How to read the number: what it covers, what limits it. */
  note: z.string().optional(),
  result: resultSchema,
  /** median / budget, or median / baseline when there is no budget. */
  ratio: z.number().nullable(),
});
export type Figure = z.infer<typeof figureSchema>;

export const reportSchema = z.object({
  startedAt: z.string(),
  durationSeconds: z.number(),
  machine: z.object({
    cpus: z.number(),
    cpuModel: z.string(),
    memoryMiB: z.number(),
    node: z.string(),
    platform: z.string(),
    /** 1-minute load average at the start and at the end: how busy the machine was. */
    loadAverage: z.object({ start: z.number(), end: z.number() }),
  }),
  figures: z.array(figureSchema),
  /** Ids of the figures that missed their budget or could not be measured. */
  failing: z.array(z.string()),
});
export type Report = z.infer<typeof reportSchema>;

export interface FigureSpec {
  id: string;
  section: string;
  label: string;
  unit: Unit;
  budget?: Budget;
  note?: string;
}

export const atMost = (value: number): Budget => ({ kind: 'max', value, inclusive: true });
export const under = (value: number): Budget => ({ kind: 'max', value, inclusive: false });
export const atLeast = (value: number): Budget => ({ kind: 'min', value, inclusive: true });

export function meets(value: number, budget: Budget): boolean {
  if (budget.kind === 'max') return budget.inclusive ? value <= budget.value : value < budget.value;
  return budget.inclusive ? value >= budget.value : value > budget.value;
}

/** A figure from its samples. */
export function measured(
  spec: FigureSpec,
  runs: readonly number[],
  extra: { baseline?: Figure['baseline']; note?: string } = {},
): Figure {
  if (runs.length === 0) return notMeasured(spec, 'no sample was taken');
  const value = median(runs);
  const baseline = extra.baseline;
  const note = extra.note ?? spec.note;
  let ratio: number | null = null;
  if (spec.budget && spec.budget.value !== 0) ratio = value / spec.budget.value;
  else if (!spec.budget && baseline && baseline.value !== 0) ratio = value / baseline.value;
  return figureSchema.parse({
    ...spec,
    ...(note === undefined ? {} : { note }),
    ...(baseline === undefined ? {} : { baseline }),
    runs: [...runs],
    median: value,
    result: spec.budget ? (meets(value, spec.budget) ? 'pass' : 'fail') : 'info',
    ratio,
  });
}

/** A figure that has no number, and says why instead of inventing one. */
export function notMeasured(spec: FigureSpec, reason: string): Figure {
  return figureSchema.parse({
    ...spec,
    runs: [],
    median: null,
    notMeasured: reason,
    result: spec.budget ? 'not measured' : 'info',
    ratio: null,
  });
}

/** Budgeted figures that did not pass: a miss, or no number at all. */
export function failing(figures: readonly Figure[]): Figure[] {
  return figures.filter((f) => f.result === 'fail' || f.result === 'not measured');
}

export function formatValue(value: number, unit: Unit): string {
  switch (unit) {
    case 'kB':
      return `${value.toFixed(1)} kB`;
    case 'ms':
      return value < 10 ? `${value.toFixed(2)} ms` : `${Math.round(value)} ms`;
    case 'MiB':
      return `${value.toFixed(1)} MiB`;
    case 'score':
      return String(Math.round(value));
    case 'count':
      return String(Math.round(value));
    case 'shift':
      return value.toFixed(3);
  }
}

export function formatBudget(budget: Budget, unit: Unit): string {
  const sign =
    budget.kind === 'max' ? (budget.inclusive ? '≤' : '<') : budget.inclusive ? '≥' : '>';
  return `${sign} ${formatValue(budget.value, unit)}`;
}

function ratioCell(figure: Figure): string {
  if (figure.ratio === null) return '';
  const ratio = `${figure.ratio.toFixed(2)}×`;
  if (figure.budget) return `${ratio} budget`;
  return figure.baseline ? `${ratio} ${figure.baseline.label}` : ratio;
}

const RESULT_CELL: Record<Result, string> = {
  pass: 'pass',
  fail: '**FAIL**',
  'not measured': '**not measured**',
  info: '',
};

const escapeCell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The report's table: one row per figure; the reasons behind gaps are in the notes. */
export function markdownTable(figures: readonly Figure[]): string {
  const lines = [
    '| figure | median | n | budget | ratio | result |',
    '|---|---:|---:|---|---|---|',
  ];
  for (const figure of figures) {
    const value = figure.median === null ? 'not measured' : formatValue(figure.median, figure.unit);
    const budget = figure.budget ? formatBudget(figure.budget, figure.unit) : '';
    const label = escapeCell(`${figure.section} · ${figure.label}`);
    lines.push(
      `| ${label} | ${value} | ${figure.runs.length || ''} | ${budget} | ${ratioCell(figure)} | ${RESULT_CELL[figure.result]} |`,
    );
  }
  return lines.join('\n');
}

/**
 * Notes beside the table: why a figure has no number (figures sharing a reason share a line),
 * and each figure's own note.
 */
export function markdownNotes(figures: readonly Figure[]): string {
  const gaps = new Map<string, Figure[]>();
  for (const figure of figures) {
    if (figure.notMeasured === undefined) continue;
    const same = gaps.get(figure.notMeasured) ?? [];
    same.push(figure);
    gaps.set(figure.notMeasured, same);
  }
  const lines: string[] = [];
  for (const [reason, same] of gaps) {
    const section = same[0]?.section ?? '';
    const labels = same.map((f) => f.label).join('; ');
    lines.push(`- **not measured**, ${section} (${labels}): ${escapeCell(reason)}`);
  }
  for (const figure of figures) {
    if (figure.note)
      lines.push(`- ${figure.section} · ${figure.label}: ${escapeCell(figure.note)}`);
  }
  return lines.join('\n');
}

/** The report file: when and where it ran, the table, the notes. */
export function markdownReport(report: Report): string {
  const { machine } = report;
  return [
    `# Benchmarks, ${report.startedAt.slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `${machine.cpus} × ${machine.cpuModel}, ${machine.memoryMiB} MiB, Node ${machine.node}; load average ${machine.loadAverage.start.toFixed(1)} at the start, ${machine.loadAverage.end.toFixed(1)} at the end; ${report.durationSeconds} s in all. Medians of n runs; ratio = median / budget (or / the baseline measured in the same run).`,
    '',
    markdownTable(report.figures),
    '',
    markdownNotes(report.figures),
    '',
  ].join('\n');
}

/** One terminal line per figure that missed its budget or has no number. */
export function missLine(figure: Figure): string {
  const value =
    figure.median === null
      ? `not measured (${figure.notMeasured ?? ''})`
      : `${formatValue(figure.median, figure.unit)}, budget ${figure.budget ? formatBudget(figure.budget, figure.unit) : ''}`;
  return `- ${figure.id}: ${figure.section} · ${figure.label}: ${value}`;
}
