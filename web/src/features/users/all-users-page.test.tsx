import { Suspense } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@contracts/upstream/upstream';
import type * as CsvExportModule from '@/components/data-table/csv-export';
import { ChangeStoreProvider } from '@/lib/changes/change-store';
import { toast } from '@/lib/toast';
import { memoryChangeStore, storedPolicy } from '@/testing/changes';
import { envelope, fakeServices, sessionFor, type FetchHandler } from '@/testing/fakes';
import { renderApp } from '@/testing/render';
import { AllUsersPage } from './all-users-page';

const users: User[] = [
  {
    id: 42,
    name: 'Olivia Martinez',
    email: 'olivia.martinez@example.com',
    image: { original_url: '/api/files/storage/1/om.png' },
    device_ids: ['d1'],
    created_at: '2025-03-01T09:00:00.000000Z',
  },
  { id: 41, name: 'Kevin Jones', email: 'kevin.jones@example.com', image: null, device_ids: [] },
  {
    id: 40,
    name: 'amanda Anderson',
    email: 'amanda@example.com',
    image: null,
    device_ids: [],
    created_at: '2025-01-05T09:00:00.000000Z',
  },
];
/** The upstream answers in no particular order here: the list shows newest first all the same. */
const shuffled = [users[2], users[0], users[1]] as User[];

function fakeApi(answerDelete: () => Response = () => envelope(null, 1, 'User deleted')) {
  let list = shuffled;
  const deletes: string[] = [];
  const fetch: FetchHandler = (url, init) => {
    const method = init.method ?? 'GET';
    if (method === 'GET' && url === '/api/admin/user') return envelope(list);
    if (method === 'DELETE') {
      deletes.push(url);
      const reply = answerDelete();
      // A 202 is a delete held for a second admin: nothing is deleted yet.
      if (reply.status === 200) list = list.filter((user) => `/api/admin/user/${user.id}` !== url);
      return reply;
    }
    return envelope(null, 0, `unexpected ${method} ${url}`);
  };
  return { fetch, deletes };
}

// The file is built in a worker, which jsdom lacks: what the page hands the export is checked.
vi.mock('@/components/data-table/csv-export', async (importOriginal) => ({
  ...(await importOriginal<typeof CsvExportModule>()),
  exportCsv: vi.fn(() => Promise.resolve()),
}));

async function renderPage(fetch: FetchHandler) {
  const rendered = await renderApp(
    <Suspense fallback={null}>
      <AllUsersPage />
    </Suspense>,
    { fetch, session: sessionFor(), path: '/all-users' },
  );
  await screen.findByText('Olivia Martinez');
  return rendered;
}

const rowOf = (text: string) => {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`no row holds ${text}`);
  return within(row);
};
const names = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[2]?.querySelector('span')?.textContent);

// A dialog's code loads on first open: the first test to open one waits for the import.
const SLOW = { timeout: 5000 };

/** The `api` function's answer to a delete it holds for a second admin. */
const heldReply = () =>
  new Response(
    JSON.stringify({
      metadata: { success: 1, message: "Held for a second admin's approval." },
      payload: { held: { id: 'req-1', reason: 'userDelete' } },
    }),
    { status: 202 },
  );
const AWAITING = 'Awaiting approval: “Kevin Jones” is deleted once a second admin approves it';

/** The page with the admin's database session, and the policy stored as given. */
async function renderWithPolicy(fetch: FetchHandler, policy = storedPolicy({ userDelete: true })) {
  const services = fakeServices({ fetch, session: sessionFor() });
  services.realtimeSession.set({ status: 'connected' });
  const changes = memoryChangeStore({ policy });
  await renderApp(
    <ChangeStoreProvider store={changes.store}>
      <Suspense fallback={null}>
        <AllUsersPage />
      </Suspense>
    </ChangeStoreProvider>,
    { services, path: '/all-users' },
  );
  await screen.findByText('Olivia Martinez');
}

afterEach(() => vi.restoreAllMocks());

describe('All Users', () => {
  it('lists ID, Image, Name, View and Delete for every user, newest first', async () => {
    await renderPage(fakeApi().fetch);
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['ID', 'Image', 'Name', 'View', 'Delete']);
    expect(names()).toEqual(['Olivia Martinez', 'Kevin Jones', 'amanda Anderson']);
    const olivia = rowOf('Olivia Martinez');
    expect(olivia.getByText('42')).toBeVisible();
    expect(olivia.getByText('olivia.martinez@example.com')).toBeInTheDocument();
    expect(
      olivia.getByRole('button', { name: 'View the invoices of Olivia Martinez' }),
    ).toBeVisible();
    expect(screen.getByText('Showing 1–3 of 3')).toBeVisible();
  });

  it('exports ID, Name and the e-mail shown under the name, in the order on screen', async () => {
    const { exportCsv, exportColumns } = await import('@/components/data-table/csv-export');
    const { services } = await renderPage(fakeApi().fetch);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(exportCsv).toHaveBeenCalledOnce());
    const [options] = vi.mocked(exportCsv).mock.calls[0] ?? [];
    if (!options) throw new Error('no export');
    const columns = exportColumns(options.columns);
    expect(columns.map((column) => column.header)).toEqual(['ID', 'Name', 'Email']);
    const rows = Array.from({ length: options.count }, (_, position) => {
      const row = options.rowAt(position);
      return row === undefined ? [] : columns.map((column) => column.value(row, position));
    });
    expect(rows).toEqual([
      [42, 'Olivia Martinez', 'olivia.martinez@example.com'],
      [41, 'Kevin Jones', 'kevin.jones@example.com'],
      [40, 'amanda Anderson', 'amanda@example.com'],
    ]);
    // The file's day comes from the app's clock, which a test fixes.
    expect(options.now()).toBe(services.now());
  });

  it('sorts by name alphabetically whatever the case, and back', async () => {
    await renderPage(fakeApi().fetch);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() =>
      expect(names()).toEqual(['amanda Anderson', 'Kevin Jones', 'Olivia Martinez']),
    );
    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() =>
      expect(names()).toEqual(['Olivia Martinez', 'Kevin Jones', 'amanda Anderson']),
    );
  });

  it('searches by name', async () => {
    await renderPage(fakeApi().fetch);
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox'), 'JONES');
    await waitFor(() => expect(names()).toEqual(['Kevin Jones']));
    // E-mail addresses are not searched: the list is searched by name.
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'example.com');
    expect(await screen.findByText('No records found')).toBeVisible();
  });

  it('opens the invoice view of a user', async () => {
    const { location } = await renderPage(fakeApi().fetch);
    const user = userEvent.setup();
    await user.click(rowOf('Kevin Jones').getByRole('button', { name: /View the invoices/ }));
    expect(location()).toBe('/view-user/41');
  });

  it('deletes a user after confirming: the row leaves at once and goes upstream when the toast ends', async () => {
    const undoable = vi.spyOn(toast, 'withAction').mockReturnValue({ dismiss: () => {} });
    const api = fakeApi();
    const { services } = await renderPage(api.fetch);
    const user = userEvent.setup();
    await user.click(rowOf('Kevin Jones').getByRole('button', { name: 'Delete Kevin Jones' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete' }, SLOW);
    expect(within(dialog).getByText('Are you sure you want to Delete?')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.queryByText('Kevin Jones')).toBeNull();
    expect(undoable).toHaveBeenCalledWith(
      'User deleted',
      expect.objectContaining({ label: 'Undo' }),
    );
    expect(api.deletes).toEqual([]);
    undoable.mock.calls[0]?.[1].onEnd();
    await waitFor(() => expect(api.deletes).toEqual(['/api/admin/user/41']));
    await waitFor(() =>
      expect(services.fetch.mock.calls.filter(([url]) => url === '/api/admin/user').length).toBe(2),
    );
    expect(names()).toEqual(['Olivia Martinez', 'amanda Anderson']);
  });

  it('puts the user back in the same place on Undo', async () => {
    const undoable = vi.spyOn(toast, 'withAction').mockReturnValue({ dismiss: () => {} });
    const api = fakeApi();
    await renderPage(api.fetch);
    const user = userEvent.setup();
    const before = names();
    await user.click(rowOf('Kevin Jones').getByRole('button', { name: 'Delete Kevin Jones' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete' }, SLOW);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Kevin Jones')).toBeNull());
    undoable.mock.calls[0]?.[1].onAction();
    await waitFor(() => expect(names()).toEqual(before));
    undoable.mock.calls[0]?.[1].onEnd();
    expect(api.deletes).toEqual([]);
  });

  it("puts the user back, naming them with the server's reason, when a delete is refused", async () => {
    const undoable = vi.spyOn(toast, 'withAction').mockReturnValue({ dismiss: () => {} });
    const failure = vi.spyOn(toast, 'failure').mockImplementation(() => {});
    const api = fakeApi(
      () =>
        new Response(
          JSON.stringify({ metadata: { success: 0, message: 'User has open complaints' } }),
          { status: 422 },
        ),
    );
    await renderPage(api.fetch);
    const user = userEvent.setup();
    await user.click(rowOf('Kevin Jones').getByRole('button', { name: 'Delete Kevin Jones' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete' }, SLOW);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Kevin Jones')).toBeNull());
    undoable.mock.calls[0]?.[1].onEnd();
    await waitFor(() =>
      expect(failure).toHaveBeenCalledWith('“Kevin Jones” was not deleted', [
        'User has open complaints',
      ]),
    );
    expect(await screen.findByText('Kevin Jones')).toBeInTheDocument();
  });

  it("shows the server's reason for a user deleted elsewhere, and the list drops the row", async () => {
    const undoable = vi.spyOn(toast, 'withAction').mockReturnValue({ dismiss: () => {} });
    const failure = vi.spyOn(toast, 'failure').mockImplementation(() => {});
    let list = shuffled;
    const fetch: FetchHandler = (url, init) => {
      if ((init.method ?? 'GET') === 'GET') return envelope(list);
      return new Response(
        JSON.stringify({
          metadata: { success: 0, message: 'The requested user is not found' },
          payload: null,
        }),
        { status: 404 },
      );
    };
    await renderPage(fetch);
    const user = userEvent.setup();
    await user.click(rowOf('Kevin Jones').getByRole('button', { name: 'Delete Kevin Jones' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete' }, SLOW);
    // Another admin deletes Kevin while the dialog is open.
    list = users.filter((entry) => entry.id !== 41);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    undoable.mock.calls[0]?.[1].onEnd();
    await waitFor(() =>
      expect(failure).toHaveBeenCalledWith('“Kevin Jones” was not deleted', [
        'The requested user is not found',
      ]),
    );
    await waitFor(() => expect(names()).toEqual(['Olivia Martinez', 'amanda Anderson']));
  });

  it('sends a delete the policy holds at once, without Undo, and keeps the user awaiting approval', async () => {
    const undoable = vi.spyOn(toast, 'withAction').mockReturnValue({ dismiss: () => {} });
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
    const api = fakeApi(heldReply);
    await renderWithPolicy(api.fetch);
    const user = userEvent.setup();
    await user.click(rowOf('Kevin Jones').getByRole('button', { name: 'Delete Kevin Jones' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete' }, SLOW);
    expect(
      await within(dialog).findByText(
        'Are you sure you want to Delete? A second admin must approve it first: it is made once they do.',
      ),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.deletes).toEqual(['/api/admin/user/41']));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(success).toHaveBeenCalledWith(
      AWAITING,
      expect.objectContaining({ label: 'Open Approvals' }),
    );
    expect(undoable).not.toHaveBeenCalled();
    expect(names()).toEqual(['Olivia Martinez', 'Kevin Jones', 'amanda Anderson']);
  });

  it('puts the user back, awaiting approval, when the server holds a delete the policy did not', async () => {
    const undoable = vi.spyOn(toast, 'withAction').mockReturnValue({ dismiss: () => {} });
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
    const failure = vi.spyOn(toast, 'failure').mockImplementation(() => {});
    const api = fakeApi(heldReply);
    await renderWithPolicy(api.fetch, storedPolicy({ userDelete: false }));
    const user = userEvent.setup();
    await user.click(rowOf('Kevin Jones').getByRole('button', { name: 'Delete Kevin Jones' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete' }, SLOW);
    expect(within(dialog).getByText('Are you sure you want to Delete?')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Kevin Jones')).toBeNull());
    // The policy changed since the page read it: the server holds the delete all the same.
    undoable.mock.calls[0]?.[1].onEnd();
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith(
        AWAITING,
        expect.objectContaining({ label: 'Open Approvals' }),
      ),
    );
    expect(failure).not.toHaveBeenCalled();
    expect(api.deletes).toEqual(['/api/admin/user/41']);
    expect(names()).toEqual(['Olivia Martinez', 'Kevin Jones', 'amanda Anderson']);
  });

  it('says when the list cannot be loaded, and loads it again on request', async () => {
    let fail = true;
    const fetch: FetchHandler = () =>
      fail ? new Response('<html>Bad gateway</html>', { status: 502 }) : envelope(users);
    await renderApp(
      <Suspense fallback={null}>
        <AllUsersPage />
      </Suspense>,
      { fetch, session: sessionFor() },
    );
    expect(await screen.findByText('The users could not be loaded.')).toBeVisible();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Olivia Martinez')).toBeVisible();
  });
});
