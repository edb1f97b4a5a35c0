import {
  type AuditEntry,
  type AuditValues,
  changedSince,
  complaintStatusCode,
  FUEL_PRICE_FIELDS,
  type RevertBlock,
  type RevertConflict,
  type RevertibleAction,
  REVERTED_FIELDS,
  revertBlockOf,
} from '../../contracts/index.js';

/** An entry a revert can undo, with its action narrowed. */
export type RevertibleEntry = AuditEntry & { action: RevertibleAction; before: AuditValues };

/** The change a revert sends: the upstream's own calls, with the values before the entry's change. */
export interface RevertCall {
  method: 'POST';
  /** Below the API's base URL, with its query. */
  path: string;
  body: { kind: 'form'; fields: [string, string][] } | { kind: 'json'; json: unknown };
}

/** What the record holds now, as the entry's values read it. */
export interface CurrentValues {
  values: AuditValues;
  /** Prices read without a per-day read: the day of the latest record they are from. */
  latestDay?: string;
}

export const BLOCK_MESSAGES: Readonly<Record<RevertBlock, string>> = {
  'not-revertible': 'This change cannot be reverted from the audit trail.',
  'not-made': 'This change was not made, so there is nothing to revert.',
  'not-recorded': 'The values before this change were not recorded, so it cannot be reverted.',
  'nothing-before':
    'There were no prices before this save, and the API has no call that removes a day’s prices.',
};

/** The entry as a revertible one, or why it is not. */
export function revertible(entry: AuditEntry): RevertibleEntry | RevertBlock {
  const block = revertBlockOf(entry);
  return block === null ? (entry as RevertibleEntry) : block;
}

/**
 * Whether the admin must see the three values first: the record no longer holds what the
 * change left, or could not be read for the entry's day (the latest record instead).
 */
export function conflictOf(entry: RevertibleEntry, current: CurrentValues): RevertConflict | null {
  const changed = changedSince(entry.action, entry.after, current.values);
  if (changed.length === 0 && current.latestDay === undefined) return null;
  const fields = REVERTED_FIELDS[entry.action];
  const only = (values: AuditValues | undefined) =>
    Object.fromEntries(fields.map((field) => [field, values?.[field] ?? null]));
  return {
    before: only(entry.before),
    after: only(entry.after),
    current: only(current.values),
    ...(current.latestDay === undefined ? {} : { latestDay: current.latestDay }),
  };
}

/** The call that sends back the entry's values before, or null when its ids are missing. */
export function revertCallOf(entry: RevertibleEntry): RevertCall | null {
  const { before, targets = {} } = entry;
  const value = (field: string) => {
    const held = before[field];
    return held === null || held === undefined ? undefined : String(held);
  };
  const form = (names: readonly string[]): [string, string][] =>
    names.flatMap((name) => {
      const held = value(name);
      return held === undefined ? [] : [[name, held] as [string, string]];
    });
  const id = (name: keyof typeof targets) => {
    const held = targets[name];
    return held !== undefined && /^\d+$/.test(held) ? held : undefined;
  };
  switch (entry.action) {
    case 'prices.save': {
      const [group, type, date] = [id('group'), id('type'), targets.date];
      if (group === undefined || type === undefined || date === undefined) return null;
      return {
        method: 'POST',
        path: `/admin/group/${group}/fuel-prices`,
        body: {
          kind: 'form',
          fields: [['fuel_price_type_id', type], ...form(FUEL_PRICE_FIELDS), ['date', date]],
        },
      };
    }
    case 'announcement.update': {
      const announcement = id('announcement');
      if (announcement === undefined) return null;
      return {
        method: 'POST',
        path: `/admin/notifications/${announcement}?_method=PUT`,
        body: { kind: 'form', fields: form(['title', 'description']) },
      };
    }
    case 'group.update': {
      const group = id('group');
      if (group === undefined) return null;
      return {
        method: 'POST',
        path: `/admin/groups/${group}?_method=PUT`,
        body: { kind: 'form', fields: form(['name']) },
      };
    }
    case 'complaint.status': {
      const complaint = id('complaint');
      const status = complaintStatusCode(before.status);
      if (complaint === undefined || status === undefined) return null;
      return {
        method: 'POST',
        path: '/admin/user-complaint-change-status',
        body: { kind: 'json', json: { complaint_id: Number(complaint), status } },
      };
    }
  }
}
