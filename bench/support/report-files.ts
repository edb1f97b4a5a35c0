import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  failing,
  markdownNotes,
  markdownReport,
  markdownTable,
  missLine,
  reportSchema,
  type Figure,
  type Report,
} from './report.ts';

/** `outDir`/report.json (every sample, the machine and its load) and report.md. */
export function writeReport(
  outDir: string,
  figures: readonly Figure[],
  run: { startedAt: Date; loadAtStart: number },
): Report {
  const cpus = os.cpus();
  const report = reportSchema.parse({
    startedAt: run.startedAt.toISOString(),
    durationSeconds: Math.round((Date.now() - run.startedAt.getTime()) / 1000),
    machine: {
      cpus: cpus.length,
      cpuModel: cpus[0]?.model ?? 'unknown',
      memoryMiB: Math.round(os.totalmem() / 1024 / 1024),
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
      loadAverage: { start: run.loadAtStart, end: os.loadavg()[0] ?? 0 },
    },
    figures,
    failing: failing(figures).map((f) => f.id),
  });
  fs.writeFileSync(path.join(outDir, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
  fs.writeFileSync(path.join(outDir, 'report.md'), markdownReport(report));
  return report;
}

/** The table and the notes on the terminal, then the figures that missed or have no number. */
export function printReport(report: Report, reportFile: string): void {
  console.log(`\n${markdownTable(report.figures)}\n\n${markdownNotes(report.figures)}\n`);
  console.log(`Report: ${path.relative(process.cwd(), reportFile)} and report.json`);
  const misses = failing(report.figures);
  if (misses.length === 0) return;
  console.log(`\n${misses.length} figure(s) missed their budget or could not be measured:`);
  for (const figure of misses) console.log(missLine(figure));
}
