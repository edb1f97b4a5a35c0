import { Suspense } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminSummary, AdminsPayload } from '@contracts/admins/admins';
import { toast } from '@/lib/toast';
import { envelope, sessionFor, type FetchHandler } from '@/testing/fakes';
import { renderApp } from '@/testing/render';
import { AdminsPage } from './admins-page';

const admin = (summary: Partial<AdminSummary> & Pick<AdminSummary, 'uid'>): AdminSummary => ({
  email: `${summary.uid}@fuel-community.test`,
  name: '',
  owner: false,
  roles: [],
  priceGroups: [],
  lastSignIn: null,
  liveSessions: 0,
  ...summary,
});

const payload: AdminsPayload = {
  admins: [
    // The signed-in admin (sessionFor() is user 1), an owner.
    admin({
      uid: '1',
      name: 'Ada Admin',
      email: 'admin@fuel-community.test',
      owner: true,
      // 18:00 UTC is 10:00 in Los Angeles (PST) that day.
      lastSignIn: Date.UTC(2025, 0, 15, 18, 0),
      liveSessions: 2,
    }),
    admin({ uid: '2', name: 'Oscar Owner', owner: true, liveSessions: 1 }),
    admin({
      uid: '7',
      name: 'Sam Support',
      roles: ['support', 'auditor'],
      lastSignIn: Date.UTC(2025, 0, 14, 15, 30),
      liveSessions: 1,
    }),
    admin({ uid: '8', name: 'Pia Prices', roles: ['prices'], priceGroups: ['5'] }),
    admin({ uid: '9', email: 'rita@fuel-community.test' }),
    // Given a role before ever signing in here: no name, no e-mail.
    admin({ uid: '10', email: '', roles: ['broadcast'] }),
  ],
  defaultRoles: ['auditor'],
};

const groups = [
  { id: 6, name: 'South' },
  { id: 5, name: 'North' },
];

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** The list and the groups as GETs; every other call recorded and answered with `answer`. */
function fakeApi(
  list: () => Response = () => envelope(payload),
  answer: (call: Call) => Response = () => envelope(null),
) {
  const calls: Call[] = [];
  const fetch: FetchHandler = (url, init) => {
    const method = init.method ?? 'GET';
    if (method === 'GET' && url === '/api/admins') return list();
    if (method === 'GET' && url === '/api/admin/groups') return envelope(groups);
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
    const call = { method, url, body: body ?? null };
    calls.push(call);
    return answer(call);
  };
  return { fetch, calls };
}

const failure = (status: number, message: string) =>
  new Response(JSON.stringify({ metadata: { success: 0, message }, payload: null }), { status });

async function renderPage(fetch: FetchHandler) {
  const rendered = await renderApp(
    <Suspense fallback={null}>
      <AdminsPage />
    </Suspense>,
    { fetch, session: sessionFor() },
  );
  return rendered;
}

async function renderList(fetch: FetchHandler) {
  const rendered = await renderPage(fetch);
  await screen.findByText('Sam Support');
  return rendered;
}

const rowOf = (text: string) => {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`no row holds ${text}`);
  return within(row);
};

const listReads = (fetch: ReturnType<typeof vi.fn>) =>
  fetch.mock.calls.filter(
    ([url, init]) => url === '/api/admins' && (init?.method ?? 'GET') === 'GET',
  ).length;

afterEach(() => vi.restoreAllMocks());

describe('the Admins page', () => {
  it('lists every admin seen: roles, price groups, last sign-in and live sessions', async () => {
    await renderList(fakeApi().fetch);
    expect(screen.getByRole('table', { name: 'Admins' })).toBeVisible();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Admin',
      'Roles',
      'Price groups',
      'Last sign-in (Los Angeles time)',
      'Live sessions',
      'Actions',
    ]);
    const own = rowOf('Ada Admin');
    expect(own.getByText('You')).toBeVisible();
    expect(own.getByText('admin@fuel-community.test')).toBeVisible();
    expect(own.getByText('Owner')).toBeVisible();
    expect(own.getByText('All groups')).toBeVisible();
    expect(own.getByText('Jan 15, 2025, 10:00 AM')).toBeVisible();
    expect(own.getByText('2')).toBeVisible();

    const support = rowOf('Sam Support');
    expect(support.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Support',
      'Auditor',
    ]);
    expect(support.getByText('Does not save prices')).toBeInTheDocument();
    expect(support.getByText('Jan 14, 2025, 7:30 AM')).toBeVisible();
    expect(support.queryByText('You')).toBeNull();

    const prices = rowOf('Pia Prices');
    expect(prices.getByText('Prices')).toBeVisible();
    // The group's name once the groups are read.
    expect(await prices.findByText('North')).toBeVisible();
    expect(prices.getByText('Never')).toBeVisible();

    // No name on record: the e-mail names the admin.
    expect(rowOf('rita@fuel-community.test').getByText('No role (read-only)')).toBeVisible();
    // Neither: the id does.
    expect(
      rowOf('Admin 10').getByRole('button', { name: 'Change roles of Admin 10' }),
    ).toBeVisible();
  });

  it('says roles are off, and how to turn them on, when the function answers 404', async () => {
    await renderPage(
      fakeApi(() => failure(404, 'Roles are not in use here: no owner is named (OWNER_IDS).'))
        .fetch,
    );
    const off = await screen.findByTestId('roles-off');
    expect(within(off).getByRole('heading', { name: 'Roles are off' })).toBeVisible();
    expect(off).toHaveTextContent('OWNER_IDS parameter of the functions');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByTestId('default-roles')).toBeNull();
  });

  it('reports any other failure with the reason and a way to try again', async () => {
    let answer = () => failure(500, 'The server could not be reached.');
    const { services } = await renderPage(fakeApi(() => answer()).fetch);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The admins could not be loaded');
    expect(alert).toHaveTextContent('The server could not be reached.');
    expect(screen.queryByTestId('roles-off')).toBeNull();

    answer = () => envelope(payload);
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Sam Support')).toBeVisible();
    expect(listReads(services.fetch)).toBe(2);
  });

  it('changes roles: the price groups are sent with Prices, then it toasts and reads the list again', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
    const api = fakeApi();
    const { services } = await renderList(api.fetch);
    const user = userEvent.setup();
    await user.click(
      rowOf('Sam Support').getByRole('button', { name: 'Change roles of Sam Support' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Change roles' });
    expect(within(dialog).getByRole('checkbox', { name: 'Support' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Auditor' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Broadcast' })).toHaveAccessibleDescription(
      'Sends pushes to every user.',
    );
    expect(within(dialog).queryByRole('group', { name: /Groups whose prices/ })).toBeNull();

    await user.click(within(dialog).getByRole('checkbox', { name: 'Auditor' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Prices' }));
    const groupList = within(dialog).getByRole('group', { name: 'Groups whose prices they save' });
    await user.click(await within(groupList).findByRole('checkbox', { name: 'North' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls).toEqual([
      {
        method: 'PUT',
        url: '/api/admins/7/roles',
        body: { roles: ['prices', 'support'], priceGroups: ['5'] },
      },
    ]);
    expect(success).toHaveBeenCalledWith('The roles of Sam Support were saved');
    await waitFor(() => expect(listReads(services.fetch)).toBe(2));
  });

  it('sends no price groups once Prices is unchecked', async () => {
    vi.spyOn(toast, 'success').mockImplementation(() => {});
    const api = fakeApi();
    await renderList(api.fetch);
    const user = userEvent.setup();
    await user.click(rowOf('Pia Prices').getByRole('button', { name: /^Change roles/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Change roles' });
    expect(await within(dialog).findByRole('checkbox', { name: 'North' })).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Prices' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Communications' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.calls).toEqual([
        {
          method: 'PUT',
          url: '/api/admins/8/roles',
          body: { roles: ['communications'], priceGroups: [] },
        },
      ]),
    );
  });

  it('keeps the dialog and what was checked when the server refuses the change', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => {});
    const api = fakeApi(undefined, () => failure(400, 'A change of roles is {"roles": […]}.'));
    await renderList(api.fetch);
    const user = userEvent.setup();
    await user.click(rowOf('Sam Support').getByRole('button', { name: /^Change roles/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Change roles' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Broadcast' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(['A change of roles is {"roles": […]}.']),
    );
    expect(within(dialog).getByRole('checkbox', { name: 'Broadcast' })).toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('ends an admin’s sessions only once asked, then toasts', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
    const api = fakeApi();
    await renderList(api.fetch);
    const user = userEvent.setup();
    const end = rowOf('Sam Support').getByRole('button', { name: 'End sessions of Sam Support' });
    await user.click(end);
    let dialog = await screen.findByRole('alertdialog', {
      name: 'End every session of Sam Support?',
    });
    expect(dialog).toHaveTextContent('signed out on every browser');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.calls).toEqual([]);

    await user.click(end);
    dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'End sessions' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.calls).toEqual([{ method: 'DELETE', url: '/api/admins/7/sessions', body: null }]);
    expect(success).toHaveBeenCalledWith('Every session of Sam Support was ended');
  });

  it("does not change an owner's roles, nor end one's own sessions, and says why", async () => {
    const api = fakeApi();
    await renderList(api.fetch);
    const user = userEvent.setup();
    const ownerRoles = rowOf('Oscar Owner').getByRole('button', { name: /^Change roles/ });
    expect(ownerRoles).toHaveAttribute('aria-disabled', 'true');
    expect(ownerRoles).toHaveAccessibleDescription(/OWNER_IDS parameter of the functions/);
    await user.click(ownerRoles);
    expect(screen.queryByRole('dialog')).toBeNull();

    const ownEnd = rowOf('Ada Admin').getByRole('button', { name: /^End sessions/ });
    expect(ownEnd).toHaveAttribute('aria-disabled', 'true');
    expect(ownEnd).toHaveAccessibleDescription(/Sign out of every browser/);
    await user.click(ownEnd);
    expect(screen.queryByRole('alertdialog')).toBeNull();

    // Another owner's sessions may be ended.
    const otherEnd = rowOf('Oscar Owner').getByRole('button', { name: /^End sessions/ });
    expect(otherEnd).not.toHaveAttribute('aria-disabled');
    expect(api.calls).toEqual([]);
  });

  it('saves the default roles', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
    const api = fakeApi();
    await renderList(api.fetch);
    const card = within(screen.getByTestId('default-roles'));
    expect(card.getByRole('heading', { name: 'Default roles' })).toBeVisible();
    expect(card.getByText(/none checked, a new admin is read-only/)).toBeVisible();
    expect(card.getByRole('checkbox', { name: 'Auditor' })).toBeChecked();
    const save = card.getByRole('button', { name: 'Save default roles' });
    expect(save).toBeDisabled();
    const user = userEvent.setup();
    await user.click(card.getByRole('checkbox', { name: 'Support' }));
    await user.click(save);
    await waitFor(() =>
      expect(api.calls).toEqual([
        { method: 'PUT', url: '/api/roles/default', body: { roles: ['support', 'auditor'] } },
      ]),
    );
    expect(success).toHaveBeenCalledWith('The default roles were saved');
  });

  it('opens and closes the dialog by keyboard, the focus back on its button', async () => {
    await renderList(fakeApi().fetch);
    const user = userEvent.setup();
    const open = rowOf('Sam Support').getByRole('button', { name: /^Change roles/ });
    open.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Change roles' });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(open).toHaveFocus());
  });
});
