import type { ReactElement } from 'react';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@contracts/admins/audit';
import { NOW } from '@/testing/changes';
import { fakeServices, sessionFor } from '@/testing/fakes';
import { renderApp } from '@/testing/render';
import { AuditStoreProvider, type AuditStore } from '../api/audit-store';
import { AuditLogPage } from '../audit-log-page';
import { createI18n } from '@/lib/i18n';
import { auditRow, type AuditRow } from '../entries';
import { auditColumns } from './audit-columns';
import { LatestEntries } from './latest-entries';

const priceSave = (late: boolean): AuditEntry => ({
  at: NOW - 60_000,
  uid: '7',
  email: 'sam@fuel-community.test',
  action: 'prices.save',
  targets: { group: '5', type: '1', date: '2025-01-16' },
  summary: 'Prices of 2025-01-16 for group 5, type 1',
  status: 200,
  ...(late ? { late: true as const } : {}),
});

/** The log: a price save on time, then one after the deadline (newest first when watched). */
const rows = [auditRow('a', priceSave(false)), auditRow('b', { ...priceSave(true), at: NOW })];
const store: AuditStore = {
  read: () => Promise.resolve(rows),
  watchLatest: (_count, listener) => {
    queueMicrotask(() => listener([...rows].reverse()));
    return () => {};
  },
};

async function render(ui: ReactElement, path = '/') {
  const services = fakeServices({ session: sessionFor() });
  services.realtimeSession.set({ status: 'connected' });
  return renderApp(<AuditStoreProvider store={store}>{ui}</AuditStoreProvider>, {
    services,
    path,
  });
}

const DESCRIPTION = "Saved after the day's price deadline";

describe('a price save made after its deadline', () => {
  it('shows Late in the audit log, described, with a tooltip on focus', async () => {
    await render(<AuditLogPage />, '/audit-log');
    const table = await screen.findByRole('table');
    const late = await within(table).findByTestId('audit-late');
    expect(late).toHaveTextContent('Late');
    expect(late).toHaveAccessibleDescription(DESCRIPTION);
    expect(within(table).getAllByTestId('audit-late')).toHaveLength(1);
    expect(within(table).getAllByText('Prices saved')).toHaveLength(2);

    act(() => late.focus());
    expect(await screen.findByRole('tooltip')).toHaveTextContent(DESCRIPTION);
  });

  it('says Late after the action in the exported file', async () => {
    const i18n = await createI18n('en', ['audit-log']);
    const action = auditColumns(i18n.getFixedT('en', 'audit-log')).find(
      (column) => column.id === 'action',
    ) as { accessorFn: (row: AuditRow, index: number) => unknown };
    expect(rows.map((row, at) => action.accessorFn(row, at))).toEqual([
      'Prices saved',
      'Prices saved · Late',
    ]);
  });

  it('shows Late in the quick panel’s latest entries', async () => {
    await render(<LatestEntries onViewAll={() => {}} />);
    const list = await screen.findByRole('list', { name: 'Latest changes' });
    const [newest, older] = within(list).getAllByRole('listitem');
    expect(within(newest as HTMLElement).getByTestId('audit-late')).toHaveAccessibleDescription(
      DESCRIPTION,
    );
    expect(within(older as HTMLElement).queryByTestId('audit-late')).toBeNull();
  });
});
