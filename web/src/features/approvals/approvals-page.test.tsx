import { act, Suspense } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@contracts/admins/roles';
import { ChangeStoreProvider } from '@/lib/changes/change-store';
import { toast } from '@/lib/toast';
import { changeRequest, memoryChangeStore, NOW, storedPolicy } from '@/testing/changes';
import { envelope, fakeServices, sessionFor } from '@/testing/fakes';
import { renderApp } from '@/testing/render';
import { memoryRoleSource, rolesInUse, tooltipsLoaded, WithRoles } from '@/testing/roles';
import { ApprovalsPage } from './approvals-page';

const HOUR = 3_600_000;
// A dialog's code loads on first open: the first test to open one waits for the import.
const SLOW = { timeout: 5000 };

interface Call {
  method: string;
  url: string;
  body: unknown;
}

const failure = (status: number, message: string) =>
  new Response(JSON.stringify({ metadata: { success: 0, message }, payload: null }), { status });

/** Requests of another admin (7) and of the signed-in one (sessionFor(): 1), and decided ones. */
const requests = () => ({
  older: changeRequest({
    summary: 'Push "Station closed" to everyone',
    requestedAt: NOW - 3 * HOUR,
  }),
  mine: changeRequest({
    summary: 'Scheduled push "Price drop" to everyone',
    requestedBy: '1',
    requesterEmail: 'admin@fuel-community.test',
    requestedAt: NOW - 2 * HOUR,
    audience: undefined,
  }),
  rejected: changeRequest({
    summary: 'Push "Free coffee" to everyone',
    requestedAt: NOW - HOUR / 2,
    status: 'rejected',
    decidedBy: '9',
    deciderEmail: 'rita@fuel-community.test',
    decidedAt: NOW - HOUR / 4,
    rejection: 'Not before the weekend.',
  }),
});

const held = {
  older: {
    kind: 'push' as const,
    title: 'Station closed',
    description: 'Main St. is closed today.',
    image: '',
  },
  mine: {
    kind: 'push' as const,
    title: 'Price drop',
    description: 'Regular is 10¢ cheaper.',
    image: 'https://cdn.fuel-community.test/drop.png',
    sendAt: NOW + 6 * HOUR,
  },
};

async function renderPage({
  changes = memoryChangeStore({ requests: requests(), held, policy: storedPolicy() }),
  roles,
  answer = () => envelope(null),
}: {
  changes?: ReturnType<typeof memoryChangeStore>;
  /** Roles in use, the admin holding these; none: roles are not in use. */
  roles?: readonly Role[];
  answer?: (call: Call) => Response;
} = {}) {
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
  const page = (
    <ChangeStoreProvider store={changes.store}>
      <Suspense fallback={null}>
        <ApprovalsPage />
      </Suspense>
    </ChangeStoreProvider>
  );
  const source = memoryRoleSource(rolesInUse(roles ?? []));
  const rendered = await renderApp(roles ? <WithRoles source={source}>{page}</WithRoles> : page, {
    services,
  });
  return { ...rendered, calls, changes, source };
}

const cards = () => screen.getAllByTestId('change-request');
const cardOf = (summary: string) => {
  const card = screen.getByRole('article', { name: summary });
  return within(card);
};

afterEach(() => vi.restoreAllMocks());

describe('the Approvals page', () => {
  it('lists the requests live, open ones first and newest first, with who, when and whom', async () => {
    const { changes } = await renderPage();
    await screen.findByRole('list', { name: 'Change requests, open ones first' });
    expect(cards().map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Scheduled push "Price drop" to everyone',
      'Push "Station closed" to everyone',
      'Push "Free coffee" to everyone',
    ]);
    expect(screen.getByTestId('open-requests')).toHaveTextContent('2 waiting for a decision');

    const older = cardOf('Push "Station closed" to everyone');
    expect(older.getByText('Waiting')).toBeVisible();
    expect(older.getByText('sam@fuel-community.test')).toBeVisible();
    // 17:00 UTC is 9:00 AM in Los Angeles.
    expect(older.getByText('Jan 15, 2025, 9:00 AM')).toBeVisible();
    expect(older.getByText('Jan 17, 2025, 11:00 AM')).toBeVisible();
    expect(older.getByText('Reaches 1,204 users on 2,210 devices')).toBeVisible();

    const mine = cardOf('Scheduled push "Price drop" to everyone');
    expect(mine.getByText('admin@fuel-community.test (you)')).toBeVisible();
    expect(mine.getByText('Not counted')).toBeVisible();

    const rejected = cardOf('Push "Free coffee" to everyone');
    expect(rejected.getByText('Rejected')).toBeVisible();
    expect(rejected.getByText('Rejected by')).toBeVisible();
    expect(rejected.getByText('rita@fuel-community.test')).toBeVisible();
    expect(rejected.getByText('Jan 15, 2025, 11:45 AM')).toBeVisible();
    expect(rejected.getByText('Not before the weekend.')).toBeVisible();
    expect(rejected.queryByRole('button')).toBeNull();

    // A new request, and a decision, arrive live.
    act(() => changes.setRequest('newest', changeRequest({ summary: 'Push "Flood" to everyone' })));
    act(() =>
      changes.setRequest('older', {
        ...requests().older,
        status: 'approved',
        decidedBy: '9',
        deciderEmail: 'rita@fuel-community.test',
        decidedAt: NOW,
      }),
    );
    expect(cards().map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Push "Flood" to everyone',
      'Scheduled push "Price drop" to everyone',
      'Push "Free coffee" to everyone',
      'Push "Station closed" to everyone',
    ]);
    const approved = cardOf('Push "Station closed" to everyone');
    expect(approved.getByText('Approved')).toBeVisible();
    expect(approved.getByText('Approved by')).toBeVisible();
    expect(approved.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('shows a request past its time as expired, with nothing to decide', async () => {
    await renderPage({
      changes: memoryChangeStore({
        requests: { late: changeRequest({ expiresAt: NOW - HOUR }) },
      }),
    });
    const card = within(await screen.findByTestId('change-request'));
    expect(card.getByText('Expired')).toBeVisible();
    expect(card.queryByRole('button')).toBeNull();
    expect(screen.getByTestId('open-requests')).toHaveTextContent('0 waiting for a decision');
  });

  it('says so when there is no request', async () => {
    await renderPage({ changes: memoryChangeStore() });
    const empty = await screen.findByTestId('no-requests');
    expect(within(empty).getByRole('heading', { name: 'No requests yet' })).toBeVisible();
  });

  it('offers Approve and Reject on another admin’s request and Withdraw on one’s own only', async () => {
    await renderPage();
    await screen.findAllByTestId('change-request');
    const older = cardOf('Push "Station closed" to everyone');
    expect(older.getByRole('button', { name: 'Approve' })).toBeEnabled();
    expect(older.getByRole('button', { name: 'Reject' })).toBeEnabled();
    expect(older.queryByRole('button', { name: 'Withdraw' })).toBeNull();

    const mine = cardOf('Scheduled push "Price drop" to everyone');
    expect(mine.getByRole('button', { name: 'Withdraw' })).toBeEnabled();
    expect(mine.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(mine.queryByRole('button', { name: 'Reject' })).toBeNull();
  });

  it('shows an approver what approving sends: title, text, image and time', async () => {
    const { changes } = await renderPage({ roles: ['approver'] });
    const mine = await screen.findByRole('article', {
      name: 'Scheduled push "Price drop" to everyone',
    });
    const push = within(await within(mine).findByRole('region', { name: 'The push to everyone' }));
    expect(push.getByText('Price drop')).toBeVisible();
    expect(push.getByText('Regular is 10¢ cheaper.')).toBeVisible();
    expect(
      push.getByRole('link', { name: 'https://cdn.fuel-community.test/drop.png' }),
    ).toBeVisible();
    // 18:00 PST.
    expect(push.getByText('Jan 15, 2025, 6:00 PM')).toBeVisible();

    const older = within(cardOf('Push "Station closed" to everyone').getByRole('region'));
    expect(older.getByText('As soon as it is approved')).toBeVisible();
    expect(older.getByText('None')).toBeVisible();
    // A decided request's push is not read again.
    expect(changes.heldReads.toSorted()).toEqual(['mine', 'older']);
  });

  it('names the group and the fuel price type of a held price save as the desk does', async () => {
    const request = changeRequest({
      kind: 'upstream',
      reason: 'priceWarnings',
      summary: 'Save the prices of group 5, type 1 for 2025-01-15',
      audience: undefined,
    });
    const changes = memoryChangeStore({
      requests: { save: request },
      held: {
        save: {
          kind: 'upstream',
          method: 'POST',
          path: '/admin/group/5/fuel-prices',
          prices: {
            groupId: '5',
            typeId: '1',
            date: '2025-01-15',
            beforeRead: true,
            cells: { regular: { after: 4.5, before: 4 } },
            warnings: [],
          },
        },
      },
    });
    await renderPage({
      changes,
      roles: ['approver'],
      answer: ({ url }) => {
        if (url === '/api/admin/groups') return envelope([{ id: 5, name: 'Harbor Stations' }]);
        if (url === '/api/admin/fuel-price-types') return envelope([{ id: 1, name: 'Cash' }]);
        return envelope(null);
      },
    });
    const card = await screen.findByRole('article', { name: request.summary });
    expect(
      await within(card).findByRole('table', {
        name: 'Prices of 2025-01-15, group Harbor Stations, fuel price type Cash',
      }),
    ).toBeVisible();
  });

  it('shows an approver a held call to the API: a price save cell by cell, and a failed delete', async () => {
    const upstream = {
      prices: changeRequest({
        kind: 'upstream',
        reason: 'priceWarnings',
        summary: 'Save the prices of group 5, type 1 for 2025-01-15',
        audience: undefined,
      }),
      gone: changeRequest({
        kind: 'upstream',
        reason: 'userDelete',
        summary: 'Delete user 12',
        requestedAt: NOW - 2 * HOUR,
        audience: undefined,
        status: 'failed',
        decidedBy: '9',
        deciderEmail: 'rita@fuel-community.test',
        decidedAt: NOW - HOUR / 2,
        failure: 'The requested user is not found',
      }),
    };
    const prices = {
      groupId: '5',
      typeId: '1',
      date: '2025-01-15',
      beforeRead: true,
      cells: {
        regular: { after: 4.5, before: 4 },
        premium: { after: 25, before: 5.299 },
        diesel: { after: 5.049 },
      },
      warnings: [
        { grade: 'regular' as const, kind: 'jump' as const, previous: 4, share: 0.125 },
        { grade: 'premium' as const, kind: 'range' as const },
      ],
    };
    const post = { kind: 'upstream' as const, method: 'POST' as const };
    const changes = memoryChangeStore({
      requests: upstream,
      held: {
        prices: { ...post, path: '/admin/group/5/fuel-prices', prices },
        gone: { kind: 'upstream', method: 'DELETE', path: '/admin/user/12' },
      },
    });
    await renderPage({ changes, roles: ['approver'] });
    const card = await screen.findByRole('article', { name: upstream.prices.summary });
    const call = within(await within(card).findByRole('region', { name: 'The change to the API' }));
    expect(call.getByText('POST /admin/group/5/fuel-prices')).toBeVisible();
    // The price lists did not answer: the group and the type go by their ids.
    const table = await call.findByRole('table', {
      name: 'Prices of 2025-01-15, group 5, fuel price type 1',
    });
    const cellsOf = (row: HTMLElement) =>
      [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);
    expect(within(table).getAllByRole('row').map(cellsOf)).toEqual([
      ['Grade', 'Before', 'After', 'Warning'],
      ['Regular', '4.00', '4.50', '+13% from the previous day (4.00).'],
      ['Premium', '5.299', '25.00', 'Outside 0.50–20.00 $/gal.'],
      ['Diesel', 'None', '5.049', 'None'],
    ]);
    // A push's audience means nothing for a call to the API.
    expect(within(card).queryByText('Audience')).toBeNull();

    // The prices stored before could not be read when the request was made.
    act(() =>
      changes.setHeld('prices', {
        ...post,
        path: '/admin/group/5/fuel-prices',
        prices: { ...prices, beforeRead: false },
      }),
    );
    expect(within(table).getAllByRole('row').map(cellsOf)[1]).toEqual([
      'Regular',
      'Not read',
      '4.50',
      '+13% from the previous day (4.00).',
    ]);

    const failed = cardOf('Delete user 12');
    expect(failed.getByText('Approved, but failed')).toBeVisible();
    expect(failed.getByText('What the server answered')).toBeVisible();
    expect(failed.getByText('The requested user is not found')).toBeVisible();
    expect(await failed.findByText('DELETE /admin/user/12')).toBeVisible();
  });

  it('to an admin who may not approve: Approve and Reject say why, and the push is not read', async () => {
    const { changes } = await renderPage({ roles: ['broadcast'] });
    await tooltipsLoaded();
    await screen.findAllByTestId('change-request');
    const older = cardOf('Push "Station closed" to everyone');
    for (const name of ['Approve', 'Reject']) {
      const button = older.getByRole('button', { name });
      expect(button).toHaveAttribute('aria-disabled', 'true');
      expect(button).toHaveAccessibleDescription('Needs the Approver or Owner role');
    }
    await userEvent.setup().click(older.getByRole('button', { name: 'Approve' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(older.queryByRole('region')).toBeNull();
    expect(changes.heldReads).toEqual([]);
    // Their own request they may still withdraw.
    expect(
      cardOf('Scheduled push "Price drop" to everyone').getByRole('button', { name: 'Withdraw' }),
    ).not.toHaveAttribute('aria-disabled');
  });

  it('leaves the push out quietly when the database refuses to show it', async () => {
    await renderPage({
      changes: memoryChangeStore({ requests: requests(), deniedHeld: true }),
    });
    await screen.findAllByTestId('change-request');
    await waitFor(() => expect(screen.queryByTestId('held-loading')).toBeNull());
    expect(screen.queryByRole('region', { name: 'The push to everyone' })).toBeNull();
    expect(screen.queryByText(/could not/)).toBeNull();
  });

  it('approves after asking, and shows the outcome as the database tells it', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
    const { calls } = await renderPage();
    await screen.findAllByTestId('change-request');
    const user = userEvent.setup();
    await user.click(
      cardOf('Push "Station closed" to everyone').getByRole('button', { name: 'Approve' }),
    );
    const dialog = await screen.findByRole('alertdialog', {}, SLOW);
    expect(within(dialog).getByText('Approve this request?')).toBeVisible();
    expect(
      within(dialog).getByText(/Push "Station closed" to everyone: it is made at once/),
    ).toBeVisible();
    expect(calls).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls).toEqual([{ method: 'POST', url: '/api/changes/older/approve', body: null }]);
    expect(success).toHaveBeenCalledWith('Approved: the change is being made');
  });

  it('says when a request was already decided (409), and closes the question', async () => {
    const info = vi.spyOn(toast, 'info').mockImplementation(() => {});
    await renderPage({
      answer: () => failure(409, 'This request no longer waits for a decision (approving).'),
    });
    await screen.findAllByTestId('change-request');
    const user = userEvent.setup();
    await user.click(
      cardOf('Push "Station closed" to everyone').getByRole('button', { name: 'Approve' }),
    );
    const dialog = await screen.findByRole('alertdialog', {}, SLOW);
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(info).toHaveBeenCalledWith('This request was already decided, or it expired');
  });

  it('keeps the question open with the server’s reason when the approval is refused', async () => {
    await renderPage({
      answer: () => failure(403, 'Deciding on requests needs the Approver or Owner role.'),
    });
    await screen.findAllByTestId('change-request');
    const user = userEvent.setup();
    await user.click(
      cardOf('Push "Station closed" to everyone').getByRole('button', { name: 'Approve' }),
    );
    const dialog = await screen.findByRole('alertdialog', {}, SLOW);
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(
      await within(dialog).findByText('Deciding on requests needs the Approver or Owner role.'),
    ).toBeVisible();
  });

  it('rejects only with a reason, and sends it', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
    const { calls } = await renderPage();
    await screen.findAllByTestId('change-request');
    const user = userEvent.setup();
    await user.click(
      cardOf('Push "Station closed" to everyone').getByRole('button', { name: 'Reject' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reject this request?' }, SLOW);
    const reason = within(dialog).getByLabelText('Reason');
    await waitFor(() => expect(reason).toHaveFocus());
    expect(reason).toHaveAttribute('maxlength', '500');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Say why you reject it')).toBeVisible();
    await user.type(reason, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('Say why you reject it')).toBeVisible();
    expect(calls).toEqual([]);

    await user.type(reason, ' The station reopens at noon. ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/changes/older/reject',
        body: { reason: 'The station reopens at noon.' },
      },
    ]);
    expect(success).toHaveBeenCalledWith('The request was rejected');
  });

  it('lets the admin who asked withdraw their request after asking', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
    const { calls } = await renderPage();
    await screen.findAllByTestId('change-request');
    const user = userEvent.setup();
    const withdraw = cardOf('Scheduled push "Price drop" to everyone').getByRole('button', {
      name: 'Withdraw',
    });
    await user.click(withdraw);
    let dialog = await screen.findByRole('alertdialog', {}, SLOW);
    expect(within(dialog).getByText('Withdraw your request?')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(withdraw).toHaveFocus());
    expect(calls).toEqual([]);

    await user.keyboard('{Enter}');
    dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls).toEqual([{ method: 'POST', url: '/api/changes/mine/withdraw', body: null }]);
    expect(success).toHaveBeenCalledWith('Your request was withdrawn');
  });

  it('says why nothing shows while the admin has no database session', async () => {
    const { services } = await renderPage();
    await screen.findAllByTestId('change-request');
    act(() => services.realtimeSession.set({ status: 'unavailable', reason: 'unreachable' }));
    expect(screen.getByTestId('realtime-unavailable')).toBeVisible();
    expect(screen.queryByTestId('change-request')).toBeNull();
  });

  it('offers to read the requests again after a failure', async () => {
    const { changes } = await renderPage();
    await screen.findAllByTestId('change-request');
    act(() => changes.failRequests(new Error('permission_denied at /changeRequests')));
    expect(
      await screen.findByText(/Your session may not read the requests right now/),
    ).toBeVisible();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('change-request')).toHaveLength(3);
  });
});
