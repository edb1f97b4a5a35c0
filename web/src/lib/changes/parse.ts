import {
  changePolicySchema,
  changeRequestSchema,
  heldChangeSchema,
  type ChangePolicy,
  type ChangeRequest,
  type HeldChange,
} from '@contracts/changes/changes';
import type { Logger } from '../logger';

/**
 * The values the database holds, as the screens use them. Loaded with the first read, so the
 * schemas stay out of the shell, which counts the open requests before any screen asks more.
 */

/** A request with its key. */
export type RequestRow = ChangeRequest & { id: string };

/** The requests that parse, with their keys; one that does not is logged and left out. */
export function requestRowsOf(value: unknown, logger: Logger): RequestRow[] {
  const rows: RequestRow[] = [];
  const entries = value && typeof value === 'object' ? Object.entries(value) : [];
  for (const [id, entry] of entries) {
    const request = changeRequestSchema.safeParse(entry);
    if (request.success) rows.push({ ...request.data, id });
    else logger.warn(`Change request ${id} is not of the expected shape`);
  }
  return rows;
}

/** The stored policy; null when none (or none valid) is stored. */
export function storedPolicyOf(value: unknown, logger: Logger): ChangePolicy | null {
  const policy = changePolicySchema.safeParse(value);
  if (!policy.success && value !== null) logger.warn('The change policy does not parse');
  return policy.success ? policy.data : null;
}

/** What a request would do; null when it is not there (or does not parse). */
export function heldChangeOf(id: string, value: unknown, logger: Logger): HeldChange | null {
  const held = heldChangeSchema.safeParse(value);
  if (!held.success && value !== null) logger.warn(`Held change ${id} does not parse`);
  return held.success ? held.data : null;
}
