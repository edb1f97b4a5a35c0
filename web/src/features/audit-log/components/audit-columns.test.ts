import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@contracts/admins/audit';
import { createI18n } from '@/lib/i18n';
import { auditRow, type AuditRow } from '../entries';
import { auditColumns } from './audit-columns';

const rename: AuditEntry = {
  at: 1,
  uid: '1',
  email: 'admin@fuel-community.test',
  action: 'group.update',
  targets: { group: '5' },
  summary: 'Edited group "Inland Empire Truckers Renamed"',
  status: 200,
  before: { name: 'Inland Empire Truckers', image: 'http://u/group.png' },
  after: { name: 'Inland Empire Truckers Renamed' },
};

async function summaryOf(entry: AuditEntry): Promise<unknown> {
  const i18n = await createI18n('en', ['audit-log']);
  const summary = auditColumns(i18n.getFixedT('en', 'audit-log')).find(
    (column) => column.id === 'summary',
  ) as { accessorFn: (row: AuditRow, index: number) => unknown };
  return summary.accessorFn(auditRow('a', entry), 0);
}

describe('the audit log summary of an edit', () => {
  it('lists what the edit changed, not the image it kept', async () => {
    expect(await summaryOf(rename)).toBe(
      'Edited group "Inland Empire Truckers Renamed"; Name: Inland Empire Truckers → Inland Empire Truckers Renamed',
    );
  });

  it('still shows a value the edit removed', async () => {
    const removed = { ...rename, after: { ...rename.after, image: null } };
    expect(await summaryOf(removed)).toMatch(/Image: http:\/\/u\/group\.png → /);
  });
});
