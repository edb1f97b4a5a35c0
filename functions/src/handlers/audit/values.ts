import type { AuditTargetKind } from '../../contracts/index.js';
import type { AuditTargets } from './changes.js';

/** Small readers of the loosely shaped bodies and replies the audit describes. */

export function setTarget(targets: AuditTargets, kind: AuditTargetKind, id: string | undefined) {
  if (id !== undefined && id !== '') targets[kind] = clip(id, 128);
}

export function fieldOf(value: unknown, name: string): unknown {
  return value !== null && typeof value === 'object'
    ? (value as Record<string, unknown>)[name]
    : undefined;
}

export function idOf(value: unknown): string | undefined {
  return text(fieldOf(value, 'id'));
}

export function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

export function clip(value: string, max: number): string {
  return value.length <= max ? value : `${value.slice(0, max - 1)}…`;
}

export const isDefined = <T>(value: T | undefined): value is T => value !== undefined;
