import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '@contracts/admins/audit';
import { toast } from '@/lib/toast';
import { NOW } from '@/testing/changes';
import { envelope, fakeServices, sessionFor } from '@/testing/fakes';
import { renderApp } from '@/testing/render';
import { AuditStoreProvider, type AuditStore } from '../api/audit-store';
import { AuditLogPage } from '../audit-log-page';
import { createI18n } from '@/lib/i18n';
import { auditRow, type AuditRow } from '../entries';
import { auditColumns } from './audit-columns';
import { LatestEntries } from './latest-entries';

// A dialog's code loads on first open: the first test to open one waits for the import.
const SLOW = { timeout: 5000 };

const PRICES_SUMMARY = 'Saved prices of group 3, type 1, for 2026-11-30';
const prices = {
  before: { regular: 3.29, premium: 3.79, diesel: 3.99, renew_99: null, b_20: 4.09 },
  after: { regular: 3.49, premium: 3.89, diesel: 3.99, renew_99: null, b_20: 4.09 },
};

const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  at: NOW - 60_000,
  uid: '7',
  email: 'sam@fuel-community.test',
  action: 'prices.save',
  targets: { group: '3', type: '1', date: '2026-11-30' },
  summary: PRICES_SUMMARY,
  status: 200,
  ...prices,
  ...overrides,
});

/**
 * The log, oldest first: a save, one whose values before were not read, one refused upstream,
 * an announcement edit that sent a new image, and the revert of an older save.
 */
const rows: AuditRow[] = [
  auditRow('-Nsaved', entry({})),
  auditRow('-Nunread', {
    ...entry({ at: NOW - 50_000, summary: 'Saved prices of group 4, type 1, for 2026-11-30' }),
    before: undefined,
  }),
  auditRow(
    '-Nrefused',
    entry({
      at: NOW - 40_000,
      summary: 'Saved prices of group 5, type 1, for 2026-11-30',
      status: 422,
    }),
  ),
  auditRow(
    '-Nnews',
    entry({
      at: NOW - 30_000,
      action: 'announcement.update',
      targets: { announcement: '12' },
      summary: 'Edited announcement "Storm warning"',
      before: { title: 'Storm warning', description: 'Stay home.', image: null },
      after: {
        title: 'Storm over',
        description: 'Roads are open.',
        image: 'https://cdn.fuel-community.test/sun.png',
      },
    }),
  ),
  auditRow(
    '-Nrevert',
    entry({
      at: NOW - 20_000,
      targets: { group: '6', type: '1', date: '2026-11-29' },
      summary: 'Saved prices of group 6, type 1, for 2026-11-29',
      before: prices.after,
      after: prices.before,
      revertOf: '-Nolder',
    }),
  ),
];

const store: AuditStore = {
  read: () => Promise.resolve(rows),
  watchLatest: (_count, listener) => {
    queueMicrotask(() => listener([...rows].reverse()));
    return () => {};
  },
};

interface Call {
  method: string;
  url: string;
  body: unknown;
}

const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

async function renderLog(answer: (call: Call) => Response = () => envelope({ saved: true })) {
  const calls: Call[] = [];
  const services = fakeServices({
    session: sessionFor(),
    fetch: (url, init) => {
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
      const call = { method: init.method ?? 'GET', url, body };
      calls.push(call);
      return answer(call);
    },
  });
  services.realtimeSession.set({ status: 'connected' });
  const rendered = await renderApp(
    <AuditStoreProvider store={store}>
      <AuditLogPage />
    </AuditStoreProvider>,
    { services, path: '/audit-log' },
  );
  const table = await screen.findByRole('table', { name: 'Audit log entries' });
  await within(table).findAllByText(PRICES_SUMMARY);
  return { ...rendered, calls, table: within(table) };
}

const revertButton = (summary: string) =>
  screen.getByRole('button', { name: `Revert: ${summary}` });

async function openRevert(summary = PRICES_SUMMARY) {
  await userEvent.click(revertButton(summary));
  return within(await screen.findByRole('alertdialog', { name: 'Revert this change?' }, SLOW));
}

afterEach(() => vi.restoreAllMocks());

describe('Revert in the audit log', () => {
  it('offers Revert for a change made whose values before were recorded, and for no other', async () => {
    const { table } = await renderLog();
    expect(revertButton(PRICES_SUMMARY)).toBeEnabled();
    expect(revertButton('Edited announcement "Storm warning"')).toBeEnabled();
    // Refused upstream: nothing was changed, nothing to revert.
    expect(screen.queryByRole('button', { name: /^Revert: Saved prices of group 5/ })).toBeNull();
    // Its values before were not read: none to send back, and the row says so.
    expect(screen.queryByRole('button', { name: /^Revert: Saved prices of group 4/ })).toBeNull();
    expect(table.getByText('Values before not recorded')).toBeVisible();
  });

  it('asks first, showing the values it sends back, then POSTs {confirmed: false}', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
    const { calls, queryClient } = await renderLog();
    queryClient.setQueryData(['prices', 'day'], { regular: 3.49 });
    queryClient.setQueryData(['groups', 'list'], []);
    const dialog = await openRevert();
    expect(
      dialog.getByText(
        'Revert sends the values from before this change as a new change. The change policy may hold it for a second admin.',
      ),
    ).toBeVisible();
    const values = within(dialog.getByRole('table', { name: 'Values the revert sends back' }));
    expect(values.getByRole('row', { name: 'Regular 3.29' })).toBeVisible();
    expect(values.getByRole('row', { name: 'Renew 99 None' })).toBeVisible();
    expect(dialog.queryByTestId('revert-image-note')).toBeNull();

    await userEvent.click(dialog.getByRole('button', { name: 'Revert' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Change reverted'));
    expect(calls).toEqual([
      { method: 'POST', url: '/api/audit/-Nsaved/revert', body: { confirmed: false } },
    ]);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // The reverted screen's cached lists are read again; the others are left alone.
    expect(queryClient.getQueryState(['prices', 'day'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['groups', 'list'])?.isInvalidated).toBe(false);
  });

  it('shows before, after and now on a conflict, and "Revert anyway" POSTs {confirmed: true}', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
    const { calls } = await renderLog((call) =>
      (call.body as { confirmed: boolean }).confirmed
        ? envelope({ saved: true })
        : reply(409, {
            metadata: { success: 0, message: 'The prices changed since this save' },
            payload: {
              conflict: {
                before: prices.before,
                after: prices.after,
                current: { ...prices.after, regular: 3.59 },
                latestDay: '2026-12-02',
              },
            },
          }),
    );
    const dialog = await openRevert();
    await userEvent.click(dialog.getByRole('button', { name: 'Revert' }));

    const values = within(await dialog.findByRole('table', { name: 'Values of this record' }));
    expect(values.getAllByRole('columnheader').map((head) => head.textContent)).toEqual([
      'Field',
      'Before (restored)',
      'After',
      'Now',
    ]);
    expect(
      values.getByRole('row', { name: 'Regular 3.29 3.49 3.59 (changed since)' }),
    ).toBeVisible();
    expect(values.getByRole('row', { name: 'Premium 3.79 3.89 3.89' })).toBeVisible();
    expect(
      dialog.getByText(
        "The upstream offers no per-day price read: 'Now' is its latest record, of 2026-12-02.",
      ),
    ).toBeVisible();
    expect(success).not.toHaveBeenCalled();

    await userEvent.click(dialog.getByRole('button', { name: 'Revert anyway' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Change reverted'));
    expect(calls.map((call) => call.body)).toEqual([{ confirmed: false }, { confirmed: true }]);
    expect(new Set(calls.map((call) => call.url))).toEqual(new Set(['/api/audit/-Nsaved/revert']));
  });

  it('says the image an announcement edit sent stays as it is', async () => {
    await renderLog();
    const dialog = await openRevert('Edited announcement "Storm warning"');
    expect(
      dialog.getByText('The image this change replaced cannot be restored; it stays as it is.'),
    ).toBeVisible();
    const values = within(dialog.getByRole('table', { name: 'Values the revert sends back' }));
    expect(
      values
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['TitleStorm warning', 'DescriptionStay home.']);
  });

  it('toasts a held revert as awaiting approval, and a refusal in the server’s words', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
    const error = vi.spyOn(toast, 'error').mockImplementation(() => {});
    let held = true;
    await renderLog(() =>
      held
        ? reply(202, {
            metadata: { success: 1, message: "Held for a second admin's approval." },
            payload: { held: { id: 'req-1', reason: 'priceWarnings' } },
          })
        : reply(422, {
            metadata: { success: 0, message: 'There were no prices before this save' },
          }),
    );
    let dialog = await openRevert();
    await userEvent.click(dialog.getByRole('button', { name: 'Revert' }));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith(
        'Awaiting approval: the change is made once a second admin approves it',
        expect.objectContaining({ label: 'Open Approvals' }),
      ),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    held = false;
    dialog = await openRevert();
    await userEvent.click(dialog.getByRole('button', { name: 'Revert' }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(['There were no prices before this save']),
    );
    // Still open, for Cancel.
    expect(dialog.getByRole('button', { name: 'Revert' })).toBeEnabled();
  });
});

describe('a change that reverted another', () => {
  it('shows Revert by its action, described, in the log and the quick panel', async () => {
    const { table } = await renderLog();
    const badges = table.getAllByTestId('audit-revert');
    expect(badges).toHaveLength(1);
    expect(badges[0]).toHaveTextContent('Revert');
    expect(badges[0]).toHaveAccessibleDescription('Revert of an earlier change');
  });

  it('shows Revert in the quick panel’s latest entries', async () => {
    const services = fakeServices({ session: sessionFor() });
    services.realtimeSession.set({ status: 'connected' });
    await renderApp(
      <AuditStoreProvider store={store}>
        <LatestEntries onViewAll={() => {}} />
      </AuditStoreProvider>,
      { services },
    );
    const list = await screen.findByRole('list', { name: 'Latest changes' });
    const [newest, ...older] = within(list).getAllByRole('listitem');
    expect(within(newest as HTMLElement).getByTestId('audit-revert')).toHaveAccessibleDescription(
      'Revert of an earlier change',
    );
    for (const item of older) expect(within(item).queryByTestId('audit-revert')).toBeNull();
  });

  it('says Revert after the action in the exported file', async () => {
    const i18n = await createI18n('en', ['audit-log']);
    const action = auditColumns(i18n.getFixedT('en', 'audit-log')).find(
      (column) => column.id === 'action',
    ) as { accessorFn: (row: AuditRow, index: number) => unknown };
    expect(rows.map((row, at) => action.accessorFn(row, at))).toEqual([
      'Prices saved',
      'Prices saved',
      'Prices saved',
      'Announcement edited',
      'Prices saved · Revert',
    ]);
  });
});
