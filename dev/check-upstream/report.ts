import type { Mark, Outcome } from './verdict.js';

/** The check's lines as the operator reads them, and the exit code they add up to. Pure. */

export interface Line extends Outcome {
  /** The call (`GET /admin/groups`) or the setting (`UPSTREAM_API_URL`) the line is about. */
  subject: string;
}

const LABELS: Record<Mark, string> = { pass: 'ok', fail: 'FAIL', warn: 'warn', info: '--' };
const SUBJECT_WIDTH = 42;

export function formatLine(line: Line): string {
  return `${LABELS[line.mark].padEnd(4)}  ${line.subject.padEnd(SUBJECT_WIDTH)} ${line.text}`;
}

/** Exit codes: 0 compatible, 1 a required call missing or incompatible, 2 a usage error. */
export const EXIT = { compatible: 0, incompatible: 1, usage: 2 } as const;

export function exitCode(lines: readonly Line[]): number {
  return lines.some((line) => line.mark === 'fail') ? EXIT.incompatible : EXIT.compatible;
}

export function summary(lines: readonly Line[]): string {
  const failed = lines.filter((line) => line.mark === 'fail').map((line) => line.subject);
  const warned = lines.filter((line) => line.mark === 'warn').length;
  const optional =
    warned === 0
      ? ''
      : `; ${warned} optional capabilit${warned === 1 ? 'y' : 'ies'} to set as said`;
  return failed.length === 0
    ? `compatible: every required call answers as the product reads it${optional}`
    : `NOT compatible: ${failed.length} failed (${[...new Set(failed)].join(', ')})${optional}`;
}
