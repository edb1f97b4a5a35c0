import { Suspense } from 'react';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Alert } from '@contracts/push/alerts';
import { keepRealtimeSession } from '@/lib/realtime/keeper';
import { toast } from '@/lib/toast';
import {
  envelope,
  fakeAuthFirebase,
  fakeServices,
  sessionFor,
  type FakeServices,
} from '@/testing/fakes';
import { renderApp } from '@/testing/render';
import type * as CsvExportModule from '@/components/data-table/csv-export';
import { AlertStoreProvider, RealtimeUnavailable, type AlertStore } from './api/alert-store';
import { GroupNotificationsPage } from './group-notifications-page';
import { memoryAlertStore, NOW } from '@/testing/notifications/memory-alert-store';

const MINUTE = 60_000;

/** Twelve alerts, newest first, the way the store hands them over. */
const history: Alert[] = [
  {
    notificationId: '-A12',
    title: 'Prices drop tomorrow',
    description: 'Regular is 10¢ cheaper.',
    image: '',
    userName: 'All Users',
    target: 'all',
    timeStamp: NOW - MINUTE,
  },
  {
    notificationId: '-A11',
    title: 'Your invoice is ready',
    description: 'March fleet card.',
    image: '',
    userName: 'Olivia Martinez',
    target: 'user',
    userId: '42',
    timeStamp: NOW - 2 * MINUTE,
    delivery: { sent: 3, failed: 1, at: NOW - 2 * MINUTE },
  },
  {
    notificationId: '-A10',
    title: 'Station closed',
    description: 'Main St.',
    image: '',
    userName: 'Kevin Jones',
    target: 'user',
    userId: '41',
    // Pending for a day: the functions never reported.
    timeStamp: NOW - 24 * 60 * MINUTE,
  },
  ...Array.from({ length: 9 }, (_, i): Alert => ({
    notificationId: `-A0${9 - i}`,
    title: `Older notice ${9 - i}`,
    description: 'Old.',
    image: '',
    userName: 'Downtown LA Drivers',
    target: 'group',
    groupId: '1',
    timeStamp: NOW - (30 + i) * 24 * 60 * MINUTE,
    delivery: { sent: 0, failed: 0, at: NOW },
  })),
];

const SLOW = { timeout: 5000 };

vi.mock('firebase/auth', async () => ({
  signInWithCustomToken: (await import('@/testing/fakes')).signInWithFakeToken,
}));

// The file is built in a worker, which jsdom lacks: what the page hands the export is checked.
vi.mock('@/components/data-table/csv-export', async (importOriginal) => ({
  ...(await importOriginal<typeof CsvExportModule>()),
  exportCsv: vi.fn(() => Promise.resolve()),
}));

async function renderPage(
  store: AlertStore,
  services: FakeServices = fakeServices({ session: sessionFor() }),
  path = '/group-notifications',
) {
  const rendered = await renderApp(
    <AlertStoreProvider store={store}>
      <Suspense fallback={null}>
        <GroupNotificationsPage />
      </Suspense>
    </AlertStoreProvider>,
    { services, path },
  );
  return rendered;
}

const rowOf = (text: string) => {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`no row holds ${text}`);
  return within(row);
};

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Notifications History', () => {
  it('lists the notifications newest first, 10 per page, with recipient, time and delivery', async () => {
    await renderPage(memoryAlertStore(history).store);
    await screen.findByText('Prices drop tomorrow');
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual([
      'Sr.No',
      'Title',
      'Description',
      'Sent to',
      'Date Time (Los Angeles time)',
      'Delivery',
      'Delete',
    ]);
    expect(screen.getAllByRole('row')).toHaveLength(11);
    expect(screen.getByText('Showing 1–10 of 12')).toBeVisible();

    const all = rowOf('Prices drop tomorrow');
    expect(all.getByText('1')).toBeVisible();
    expect(all.getByText('All users')).toBeVisible();
    expect(all.getByText('Jan 15, 2025, 11:59 AM')).toBeVisible();
    expect(all.getByText('Pending')).toBeVisible();

    const one = rowOf('Your invoice is ready');
    expect(one.getByText('Olivia Martinez')).toBeVisible();
    expect(one.getByText('3 sent')).toBeVisible();
    expect(one.getByText('1 failed')).toBeVisible();

    expect(rowOf('Station closed').getByText('No delivery report')).toBeVisible();
    expect(rowOf('Older notice 9').getByText('No devices')).toBeVisible();
  });

  it('reads one page at a time, and the next page from where this one ends', async () => {
    const user = userEvent.setup();
    const memory = memoryAlertStore(history);
    await renderPage(memory.store);
    await screen.findByText('Prices drop tomorrow');
    expect(memory.queries).toEqual([{ limitToLast: 11 }]);

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Older notice 1')).toBeVisible();
    expect(screen.getByText('Older notice 2')).toBeVisible();
    expect(screen.queryByText('Prices drop tomorrow')).toBeNull();
    expect(screen.getByText('Showing 11–12 of 12')).toBeVisible();
    expect(rowOf('Older notice 2').getByText('11')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByText('Prices drop tomorrow')).toBeVisible();
  });

  it('counts from the functions’ count and offers only the pages one move away', async () => {
    const user = userEvent.setup();
    const memory = memoryAlertStore(history, 35);
    await renderPage(memory.store);
    expect(await screen.findByText('Showing 1–10 of 35')).toBeVisible();
    const pages = within(screen.getByRole('navigation', { name: 'Pagination' }));
    expect(pages.getByRole('button', { name: 'Page 2' })).toBeVisible();
    expect(pages.getByRole('button', { name: 'Page 4' })).toBeVisible();
    expect(pages.queryByRole('button', { name: 'Page 3' })).toBeNull();

    await user.click(pages.getByRole('button', { name: 'Last page' }));
    // The last page holds 35 % 10 alerts: the five oldest.
    expect(await screen.findByText('Showing 31–35 of 35')).toBeVisible();
    expect(memory.queries.at(-1)).toEqual({ limitToFirst: 5 });
    expect(screen.getByText('Older notice 1')).toBeVisible();
    expect(screen.getByText('Older notice 5')).toBeVisible();
    expect(screen.queryByText('Older notice 6')).toBeNull();
    expect(pages.getByRole('button', { name: 'Page 3' })).toBeVisible();
  });

  it('shows the alerts of a date range, counted as far as they are read', async () => {
    const memory = memoryAlertStore(history, 12);
    await renderPage(memory.store);
    await screen.findByText('Prices drop tomorrow');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-01-14' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-01-15' } });
    expect(await screen.findByText('Showing 1–3 of 3')).toBeVisible();
    expect(screen.getByText('Station closed')).toBeVisible();
    expect(screen.queryByText('Older notice 9')).toBeNull();
    expect(memory.queries.at(-1)).toEqual({
      startAt: Date.UTC(2025, 0, 14, 8),
      endAt: Date.UTC(2025, 0, 16, 8) - 1,
      limitToLast: 11,
    });

    fireEvent.change(screen.getByLabelText('To'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2024-12-01' } });
    // More than a page in the range, and no count for it: a lower bound.
    expect(await screen.findByText('Showing 1–10 of 11+')).toBeVisible();
  });

  it('shows the delivery the moment the functions record it', async () => {
    const memory = memoryAlertStore(history);
    await renderPage(memory.store);
    await screen.findByText('Prices drop tomorrow');
    act(() => memory.deliver('-A12', { sent: 57, failed: 2, at: NOW }));
    expect(await rowOf('Prices drop tomorrow').findByText('57 sent')).toBeVisible();
    expect(rowOf('Prices drop tomorrow').getByText('2 failed')).toBeVisible();
  });

  it('shows FCM’s reason when it refused the message for every device', async () => {
    const memory = memoryAlertStore(history);
    await renderPage(memory.store);
    await screen.findByText('Prices drop tomorrow');
    act(() =>
      memory.deliver('-A12', { sent: 0, failed: 3, at: NOW, error: 'messaging/invalid-argument' }),
    );
    const row = rowOf('Prices drop tomorrow');
    expect(await row.findByText('Refused by FCM: messaging/invalid-argument')).toBeVisible();
    expect(row.getByText('3 failed')).toBeVisible();
  });

  it('deletes a notification after confirming: it leaves the history', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
    const memory = memoryAlertStore(history);
    await renderPage(memory.store);
    await screen.findByText('Your invoice is ready');
    const user = userEvent.setup();
    await user.click(
      rowOf('Your invoice is ready').getByRole('button', {
        name: 'Delete the notification Your invoice is ready',
      }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete' }, SLOW);
    expect(within(dialog).getByText('Are you sure you want to Delete?')).toBeVisible();
    expect(memory.store.remove).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(memory.store.remove).toHaveBeenCalledWith('-A11');
    expect(screen.queryByText('Your invoice is ready')).toBeNull();
    expect(success).toHaveBeenCalledWith('Deleted Successfully');
  });

  it('keeps the dialog open with the reason when a delete is refused', async () => {
    const memory = memoryAlertStore(history);
    vi.mocked(memory.store.remove).mockRejectedValueOnce(
      new Error('PERMISSION_DENIED: Permission denied'),
    );
    await renderPage(memory.store);
    await screen.findByText('Station closed');
    const user = userEvent.setup();
    await user.click(rowOf('Station closed').getByRole('button', { name: /Delete the notif/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete' }, SLOW);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText(/may not act on notifications/)).toBeVisible();
    expect(screen.getByText('Station closed')).toBeInTheDocument();
  });

  it('says nothing was deleted when the database cannot be reached, and lets the dialog close', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
    const memory = memoryAlertStore(history);
    vi.mocked(memory.store.remove).mockRejectedValueOnce(new RealtimeUnavailable('offline'));
    await renderPage(memory.store);
    await screen.findByText('Station closed');
    const user = userEvent.setup();
    await user.click(rowOf('Station closed').getByRole('button', { name: /Delete the notif/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete' }, SLOW);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await within(dialog).findByText(
        'The live database cannot be reached right now, so nothing was deleted. Check your connection and try again.',
      ),
    ).toBeVisible();
    expect(success).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByText('Station closed')).toBeInTheDocument();
  });

  it('says when the history cannot be read, and listens again on request', async () => {
    const memory = memoryAlertStore(history);
    memory.fail(new Error('PERMISSION_DENIED: Permission denied'));
    await renderPage(memory.store);
    expect(await screen.findByText('The notification history could not be loaded.')).toBeVisible();
    memory.recover();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Prices drop tomorrow')).toBeVisible();
    // The first listener was let go when the second one started.
    expect(memory.listeners()).toBe(1);
  });

  it('keeps the range, the page and its cursor in the address, for a reload or a link', async () => {
    const user = userEvent.setup();
    const memory = memoryAlertStore(history);
    const { location } = await renderPage(memory.store);
    await screen.findByText('Prices drop tomorrow');
    expect(location()).toBe('/group-notifications');
    await user.click(await screen.findByRole('button', { name: 'Next page' }));
    await screen.findByText('Older notice 1');
    // Page 2 reads from before the oldest alert of page 1.
    const older = history[9]?.timeStamp ?? 0;
    expect(location()).toBe(`/group-notifications?page=2&before=${older}.-A03`);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2024-12-01' } });
    await screen.findByText('Showing 1–10 of 11+');
    expect(location()).toBe('/group-notifications?from=2024-12-01');
    cleanup();

    const opened = memoryAlertStore(history);
    await renderPage(
      opened.store,
      undefined,
      `/group-notifications?from=2024-12-01&page=2&before=${older}.-A03`,
    );
    expect(await screen.findByText('Older notice 1')).toBeVisible();
    expect(screen.getByLabelText('From')).toHaveValue('2024-12-01');
    expect(rowOf('Older notice 2').getByText('11')).toBeVisible();
    expect(opened.queries).toEqual([
      {
        startAt: Date.UTC(2024, 11, 1, 8),
        endBefore: { timeStamp: older, key: '-A03' },
        limitToLast: 11,
      },
    ]);
  });

  it('opens the newest page when the address holds values it cannot read', async () => {
    const memory = memoryAlertStore(history);
    await renderPage(memory.store, undefined, '/group-notifications?from=soon&page=x&size=7');
    expect(await screen.findByText('Prices drop tomorrow')).toBeVisible();
    expect(screen.getByLabelText('From')).toHaveValue('');
    expect(memory.queries).toEqual([{ limitToLast: 11 }]);
  });

  it('exports the range it shows, every page of it, as the columns name it', async () => {
    const { exportCsv, exportColumns } = await import('@/components/data-table/csv-export');
    const memory = memoryAlertStore(history);
    await renderPage(memory.store, undefined, '/group-notifications?from=2025-01-14&to=2025-01-15');
    await screen.findByText('Station closed');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(exportCsv).toHaveBeenCalledOnce());
    const [options] = vi.mocked(exportCsv).mock.calls[0] ?? [];
    if (!options) throw new Error('no export');
    expect(options.screen).toBe('notifications-history');
    const columns = exportColumns(options.columns);
    expect(columns.map((column) => column.header)).toEqual([
      'Sr.No',
      'Title',
      'Description',
      'Sent to',
      'Date Time',
      'Delivery',
    ]);
    const rows = Array.from({ length: options.count }, (_, position) => {
      const row = options.rowAt(position);
      return row === undefined ? [] : columns.map((column) => column.value(row, position));
    });
    expect(rows).toEqual([
      [
        1,
        'Prices drop tomorrow',
        'Regular is 10¢ cheaper.',
        'All users',
        { date: new Date(NOW - MINUTE), shown: 'Jan 15, 2025, 11:59 AM' },
        'Pending',
      ],
      [
        2,
        'Your invoice is ready',
        'March fleet card.',
        'Olivia Martinez (a user)',
        expect.objectContaining({ date: new Date(NOW - 2 * MINUTE) }),
        '3 sent, 1 failed',
      ],
      [
        3,
        'Station closed',
        'Main St.',
        'Kevin Jones (a user)',
        expect.objectContaining({ date: new Date(NOW - 24 * 60 * MINUTE) }),
        'No delivery report',
      ],
    ]);
    // Read in batches of the export's size, bounded by the range.
    expect(memory.queries.at(-1)).toEqual({
      startAt: Date.UTC(2025, 0, 14, 8),
      endAt: Date.UTC(2025, 0, 16, 8) - 1,
      limitToLast: 501,
    });
  });

  it('says so when nothing has been sent yet', async () => {
    await renderPage(memoryAlertStore([]).store);
    expect(await screen.findByText('No records found')).toBeVisible();
  });
});

describe("Notifications History without the admin's database session", () => {
  /** Signed in to the API only, as after a sign-in whose custom token could not be minted. */
  function withoutFirebase() {
    const { firebase } = fakeAuthFirebase();
    const services = {
      ...fakeServices({
        session: sessionFor(),
        fetch: () => envelope({ firebaseToken: 'custom-token-for-1' }),
      }),
      firebase,
    };
    services.realtimeSession.set({ status: 'unavailable', reason: 'signing-refused' });
    return services;
  }

  it('says why the history cannot be read, rather than waiting for it', async () => {
    // What the database store says while no one is signed in to Firebase.
    const waiting: AlertStore = {
      ...memoryAlertStore().store,
      watchPage(_query, listener) {
        queueMicrotask(() => listener({ status: 'waiting' }));
        return () => {};
      },
    };
    await renderPage(waiting, withoutFirebase());
    const notice = await screen.findByTestId('realtime-unavailable');
    expect(notice).toHaveAttribute('role', 'status');
    expect(within(notice).getByText('Chat and live notifications are unavailable')).toBeVisible();
    expect(
      within(notice).getByText(
        'The server may not open live sessions: its service account lacks the permission to sign them.',
      ),
    ).toBeVisible();
    expect(within(notice).getByText(/keeps trying in the background/)).toBeVisible();
    expect(screen.queryByText('Connecting to the live database…')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('comes back on its own once the background retry has the session', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const services = withoutFirebase();
    await renderPage(memoryAlertStore(history).store, services);
    expect(await screen.findByTestId('realtime-unavailable')).toBeVisible();
    expect(screen.queryByText('Prices drop tomorrow')).toBeNull();

    const signOut = new AbortController();
    keepRealtimeSession({ ...services, uid: '1' }, signOut.signal, false);
    await act(() => vi.advanceTimersByTimeAsync(4_000));
    expect(screen.getByTestId('realtime-unavailable')).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(1_000));

    expect(await screen.findByText('Prices drop tomorrow')).toBeVisible();
    expect(screen.queryByTestId('realtime-unavailable')).toBeNull();
    expect(services.fetch).toHaveBeenCalledWith(
      '/api/session/firebase-token',
      expect.objectContaining({ method: 'POST' }),
    );
    signOut.abort();
  });
});
