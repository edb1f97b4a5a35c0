import {
  changePaths,
  dayAfter,
  isWallClock,
  FUEL_PRICE_FIELDS,
  heldUpstreamSchema,
  policyOf,
  priceDaySchema,
  priceWarnings,
  type AuditAction,
  type AuditEntry,
  type HeldPrices,
  type HeldUpstream,
  type HeldWarning,
  type HoldReason,
} from '../../contracts/index.js';
import { fileRequest } from './requests.js';
import type { Actor, ChangesDeps } from './types.js';

/** The upstream changes a policy switch can hold, and the switch. */
const HELD_ACTIONS: Partial<Record<AuditAction, HoldReason>> = {
  'prices.save': 'priceWarnings',
  'user.delete': 'userDelete',
  'group.delete': 'groupDelete',
};

/**
 * Which switch of the stored policy holds this change, or null when it goes upstream now: a
 * price save is held only when it carries a warning.
 */
export function holdReasonOf(
  action: AuditAction,
  storedPolicy: unknown,
  warnings: readonly HeldWarning[],
): HoldReason | null {
  const reason = HELD_ACTIONS[action];
  if (reason === undefined || !policyOf(storedPolicy)[reason]) return null;
  return reason === 'priceWarnings' && warnings.length === 0 ? null : reason;
}

/** Whether some policy switch can hold a change of this kind (worth reading the policy for). */
export const mayBeHeld = (action: AuditAction) => HELD_ACTIONS[action] !== undefined;

/** The day before a `YYYY-MM-DD` day, or null for no such day. */
export const dayBefore = (day: string): string | null =>
  isWallClock({ date: day, time: '12:00' }) ? dayAfter(day, -1) : null;

/**
 * A price save, cell by cell: what was sent, what was stored before (`before` as read upstream;
 * undefined when it could not be read), and the warnings each price carries against the range
 * and the previous day's price in the history (where that day is unknown, only the range). Null
 * for a save the upstream would refuse as it stands (a grade missing, not a number, or below
 * zero): that is the upstream's to answer, not a second admin's.
 */
export function heldPricesOf(
  row: { groupId: string; typeId: string; date: string },
  sent: Record<string, unknown>,
  before: unknown,
  previousDay: unknown,
): HeldPrices | null {
  const stored: Record<string, unknown> =
    before !== null && typeof before === 'object' ? (before as Record<string, unknown>) : {};
  const previous = priceDaySchema.safeParse(previousDay);
  const cells: HeldPrices['cells'] = {};
  const warnings: HeldWarning[] = [];
  for (const grade of FUEL_PRICE_FIELDS) {
    const after = priceOf(sent[grade]);
    if (!Number.isFinite(after) || after < 0) return null;
    const was = priceOf(stored[grade]);
    cells[grade] = { after, ...(Number.isFinite(was) ? { before: was } : {}) };
    const last = previous.success ? previous.data[grade] : undefined;
    for (const warning of priceWarnings(after, last)) {
      warnings.push(
        warning.kind === 'range'
          ? { grade, kind: 'range' }
          : { grade, kind: 'jump', previous: warning.previous, share: warning.share },
      );
    }
  }
  return { ...row, beforeRead: before !== undefined, cells, warnings };
}

/** A price as a form (text) or JSON (number) holds it; NaN for none. */
function priceOf(raw: unknown): number {
  if (typeof raw === 'number') return raw;
  return typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : Number.NaN;
}

const SUMMARIES: Record<Exclude<HoldReason, 'pushAll'>, (targets: Targets) => string> = {
  priceWarnings: (t) =>
    `Save prices with a warning: group ${t.group ?? '?'}, type ${t.type ?? '?'}, for ${t.date ?? '?'}`,
  userDelete: (t) => `Delete user ${t.user ?? '?'}`,
  groupDelete: (t) => `Delete group ${t.group ?? '?'}`,
};

type Targets = NonNullable<AuditEntry['targets']>;

/**
 * An upstream call the policy holds, kept instead of sent as a request for a second admin.
 * The request's id.
 */
export async function holdUpstreamCall(
  call: { reason: Exclude<HoldReason, 'pushAll'>; targets: Targets; held: HeldUpstream },
  actor: Actor,
  deps: ChangesDeps,
): Promise<string> {
  const policy = policyOf(await deps.db.get(changePaths.changePolicy()));
  return fileRequest(
    { kind: 'upstream', reason: call.reason, summary: SUMMARIES[call.reason](call.targets) },
    heldUpstreamSchema.parse(call.held),
    call.targets,
    actor,
    { ...deps, expiresAfterHours: policy.expiresAfterHours },
  );
}
