import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@contracts/admins/audit';
import en from './locales/en.json';
import { ACTION_LABELS, outcomeOf, targetsOf, valueChanges } from './entries';

describe('audit entries as the admin reads them', () => {
  it('names every recorded action with its own English label', () => {
    const labels = AUDIT_ACTIONS.map((action) => {
      const [, key = ''] = ACTION_LABELS[action].split('.');
      return en.ACTIONS[key as keyof typeof en.ACTIONS];
    });
    expect(labels).not.toContain(undefined);
    expect(new Set(labels).size).toBe(AUDIT_ACTIONS.length);
    expect(en.ACTIONS.PRICES_SAVE).toBe('Prices saved');
  });

  it('lists targets in a fixed order whatever order they were stored in', () => {
    expect(targetsOf({ targets: { date: '2026-01-15', type: '2', group: '3' } })).toEqual([
      ['group', '3'],
      ['type', '2'],
      ['date', '2026-01-15'],
    ]);
    expect(targetsOf({})).toEqual([]);
  });

  it('calls a status below 400 a success, any other a failure, and none unrecorded', () => {
    expect(outcomeOf(200)).toBe('succeeded');
    expect(outcomeOf(302)).toBe('succeeded');
    expect(outcomeOf(400)).toBe('failed');
    expect(outcomeOf(502)).toBe('failed');
    expect(outcomeOf(undefined)).toBe('unrecorded');
  });

  it('pairs the values before and after a change in the price form’s order, a missing one undefined', () => {
    expect(
      valueChanges({
        before: { b_20: 4.09, premium: null, regular: 3.29 },
        after: { b_20: 4.09, diesel: 4.19, premium: 3.99, regular: 3.49 },
      }),
    ).toEqual([
      { name: 'regular', before: 3.29, after: 3.49 },
      { name: 'premium', before: null, after: 3.99 },
      { name: 'diesel', before: undefined, after: 4.19 },
      { name: 'b_20', before: 4.09, after: 4.09 },
    ]);
    expect(valueChanges({ after: { status: 'Approved' } })).toEqual([
      { name: 'status', before: undefined, after: 'Approved' },
    ]);
  });
});
