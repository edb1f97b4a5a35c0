import { Suspense } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Complaint } from '@contracts/upstream/upstream';
import { toast } from '@/lib/toast';
import type { RoleRecords } from '@/lib/roles/grants';
import { envelope, fakeServices, sessionFor, type FetchHandler } from '@/testing/fakes';
import { renderApp } from '@/testing/render';
import { memoryRoleSource, rolesInUse, tooltipsLoaded, WithRoles } from '@/testing/roles';
import { ComplaintsPage } from './complaints-page';

const complaints: Complaint[] = [
  {
    id: 31,
    title: 'Pump 4 overcharged me',
    description: 'The pump showed $42.10 but my card was charged $52.10.',
    user: { id: 7, name: 'Olivia Martinez', device_ids: [] },
    // 15:30 UTC is 07:30 in Los Angeles (PST) that day.
    created_at: '2025-01-14T15:30:00.000Z',
    status: 1,
    admin_response: null,
  },
  {
    id: 30,
    title: 'Car wash was closed',
    description: 'The app said the car wash was open until 10 pm.',
    user: { id: 8, name: 'Kevin Jones', device_ids: [] },
    created_at: '2025-01-13T04:00:00.000Z',
    status: 2,
    admin_response: 'We are sorry. The manager will follow up.',
  },
  {
    id: 29,
    title: 'Offer code rejected',
    description: 'The weekend code was rejected at checkout.',
    user: { id: 9, name: 'Amanda Anderson', device_ids: [] },
    created_at: '2025-01-12T20:00:00.000Z',
    status: 3,
    admin_response: null,
  },
];

/** The upstream answers in no particular order here: the page shows newest first all the same. */
const shuffled = [complaints[2], complaints[0], complaints[1]];

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** A scripted API: the list, plus whatever `answer` says to the writes (recorded in `calls`). */
function fakeApi(answer: (call: Call) => Response | Promise<Response> = () => envelope(null)) {
  const calls: Call[] = [];
  const fetch: FetchHandler = (url, init) => {
    const method = init.method ?? 'GET';
    if (method === 'GET' && url === '/api/admin/user-complaint') return envelope(shuffled);
    const call = {
      method,
      url,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body,
    };
    calls.push(call);
    return answer(call);
  };
  return { fetch, calls };
}

async function renderPage(fetch: FetchHandler) {
  const rendered = await renderApp(
    <Suspense fallback={null}>
      <ComplaintsPage />
    </Suspense>,
    { fetch, session: sessionFor() },
  );
  await screen.findByRole('table', { name: 'Complaints' });
  await screen.findByText('Pump 4 overcharged me');
  return rendered;
}

const rowOf = (text: string) => {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`no row holds ${text}`);
  return within(row);
};

afterEach(() => vi.restoreAllMocks());

describe('the complaints page', () => {
  it('shows the complaints it can read and says how many it left out', async () => {
    const unreadable = [{ ...complaints[0], id: 40, status: 9 }, { id: 41 }];
    await renderPage((url) =>
      url === '/api/admin/user-complaint' ? envelope([...unreadable, ...shuffled]) : envelope(null),
    );
    expect(screen.getAllByRole('row').slice(1)).toHaveLength(3);
    expect(screen.getByTestId('skipped-notice')).toHaveTextContent(
      "2 records in the server's reply could not be read and are not shown.",
    );
  });

  it('says nothing of left-out records when every complaint reads', async () => {
    await renderPage(fakeApi().fetch);
    expect(screen.queryByTestId('skipped-notice')).toBeNull();
  });

  it('lists Sr.no, title, description, complainer, Los Angeles time, status and message', async () => {
    await renderPage(fakeApi().fetch);
    const titles = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[1]?.textContent);
    expect(titles).toEqual(['Pump 4 overcharged me', 'Car wash was closed', 'Offer code rejected']);
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual([
      'Sr.no',
      'Title',
      'Description',
      'Complainer Name',
      'Date Time (Los Angeles time)',
      'Action',
      'Status',
      'Delete',
      'Message',
    ]);
    const first = rowOf('Pump 4 overcharged me');
    expect(first.getByText('1')).toBeVisible();
    expect(first.getByText('Olivia Martinez')).toBeVisible();
    expect(first.getByText('Jan 14, 2025')).toBeVisible();
    expect(first.getByText('7:30 AM')).toBeVisible();
    expect(first.getByText('Pending')).toBeVisible();
    expect(first.getByText('No response yet')).toBeInTheDocument();
    const second = rowOf('Car wash was closed');
    expect(second.getByText('2')).toBeVisible();
    expect(second.getByText('Approved')).toBeVisible();
    expect(second.getByText('We are sorry. The manager will follow up.')).toBeVisible();
    expect(rowOf('Offer code rejected').getByText('Rejected')).toBeVisible();
  });

  it('lists complaints as a Laravel server sends them, a deleted complainer said plainly', async () => {
    const laravel = [
      {
        id: '31',
        title: 'Pump 4 overcharged me',
        description: 'The pump showed $42.10.',
        user: null,
        // MySQL DATETIME, zone-less, in UTC: 07:30 in Los Angeles.
        created_at: '2025-01-14 15:30:00',
        status: '1',
        admin_response: null,
        deleted_at: null,
      },
    ];
    await renderPage((url) => envelope(url === '/api/admin/user-complaint' ? laravel : null));
    const row = rowOf('Pump 4 overcharged me');
    expect(row.getByText('Deleted user')).toBeVisible();
    expect(row.getByText('Jan 14, 2025')).toBeVisible();
    expect(row.getByText('7:30 AM')).toBeVisible();
    expect(row.getByText('Pending')).toBeVisible();
  });

  it('filters by status and searches by text', async () => {
    await renderPage(fakeApi().fetch);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^Rejected/ }));
    expect(screen.queryByText('Pump 4 overcharged me')).toBeNull();
    expect(screen.getByText('Offer code rejected')).toBeVisible();
    await user.click(screen.getByRole('button', { name: /^All/ }));
    await user.type(screen.getByRole('searchbox'), 'kevin');
    await waitFor(() => expect(screen.queryByText('Pump 4 overcharged me')).toBeNull());
    expect(screen.getByText('Car wash was closed')).toBeVisible();
  });

  it('keeps the status filter in the address, and opens a link at it', async () => {
    const { location, navigate } = await renderPage(fakeApi().fetch);
    await userEvent.setup().click(screen.getByRole('button', { name: /^Rejected/ }));
    expect(location()).toBe('/?status=rejected');
    navigate('/?status=nonsense');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^All/ })).toHaveAttribute('aria-pressed', 'true'),
    );
    navigate('/?status=rejected');
    await waitFor(() => expect(screen.queryByText('Pump 4 overcharged me')).toBeNull());
    expect(screen.getByText('Offer code rejected')).toBeVisible();
  });

  it('approves after confirming, then toasts and refreshes the list', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
    const api = fakeApi(() => envelope(complaints[0], 1, 'Status changed successfully'));
    const { services } = await renderPage(api.fetch);
    const user = userEvent.setup();
    await user.click(rowOf('Pump 4 overcharged me').getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Approve this complaint?' });
    expect(within(dialog).getByText(/Olivia Martinez will be marked Approved/)).toBeVisible();
    expect(api.calls).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.calls).toEqual([
      {
        method: 'POST',
        url: '/api/admin/user-complaint-change-status',
        body: { complaint_id: 31, status: 2 },
      },
    ]);
    expect(success).toHaveBeenCalledWith('Updated Successfully');
    // The list is read again after the change.
    await waitFor(() =>
      expect(
        services.fetch.mock.calls.filter(([url]) => url === '/api/admin/user-complaint').length,
      ).toBe(2),
    );
  });

  it('rejects with the status 3, and cannot reject what is already rejected', async () => {
    vi.spyOn(toast, 'success').mockImplementation(() => {});
    const api = fakeApi();
    await renderPage(api.fetch);
    const rejected = rowOf('Offer code rejected').getByRole('button', { name: 'Reject' });
    expect(rejected).toHaveAttribute('aria-disabled', 'true');
    const user = userEvent.setup();
    await user.click(rejected);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await user.click(rowOf('Car wash was closed').getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reject this complaint?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(api.calls[0]?.body).toEqual({ complaint_id: 30, status: 3 }));
  });

  it("shows the server's message when a status change is refused, and stays in the dialog", async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => {});
    const api = fakeApi(
      () =>
        new Response(
          JSON.stringify({
            metadata: { success: 0, message: 'The requested complaint is not found' },
            payload: null,
          }),
          { status: 404 },
        ),
    );
    await renderPage(api.fetch);
    const user = userEvent.setup();
    await user.click(rowOf('Pump 4 overcharged me').getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText('The requested complaint is not found')).toBeVisible();
    expect(error).toHaveBeenCalledWith(['The requested complaint is not found']);
  });

  it('saves a response from the modal, with the current one filled in', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
    const api = fakeApi();
    await renderPage(api.fetch);
    const user = userEvent.setup();
    await user.click(rowOf('Car wash was closed').getByRole('button', { name: 'Response' }));
    const dialog = await screen.findByRole('dialog', { name: 'Response' });
    const field = within(dialog).getByLabelText('Response');
    expect(field).toHaveValue('We are sorry. The manager will follow up.');
    await user.clear(field);
    await user.type(field, 'Refunded today.');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls).toEqual([
      {
        method: 'POST',
        url: '/api/admin/complaint/30/response',
        body: { response: 'Refunded today.' },
      },
    ]);
    expect(success).toHaveBeenCalledWith('Updated Successfully');
  });

  it('shows a spinner on a disabled Submit while a response is in flight, then toasts', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
    let release: (response: Response) => void = () => {};
    const api = fakeApi(() => new Promise<Response>((resolve) => (release = resolve)));
    await renderPage(api.fetch);
    const user = userEvent.setup();
    await user.click(rowOf('Pump 4 overcharged me').getByRole('button', { name: 'Response' }));
    const dialog = await screen.findByRole('dialog', { name: 'Response' });
    await user.type(within(dialog).getByLabelText('Response'), 'Refund on its way.');
    const submit = within(dialog).getByRole('button', { name: 'Submit' });
    await user.click(submit);
    await waitFor(() => expect(submit).toBeDisabled());
    expect(submit).toHaveAttribute('aria-busy', 'true');
    expect(submit.querySelector('[data-slot="spinner"]')).not.toBeNull();
    expect(within(dialog).getByLabelText('Response')).toHaveAttribute('readonly');
    expect(success).not.toHaveBeenCalled();
    release(envelope(null));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Updated Successfully'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks for a response before sending one', async () => {
    const api = fakeApi();
    await renderPage(api.fetch);
    const user = userEvent.setup();
    await user.click(rowOf('Pump 4 overcharged me').getByRole('button', { name: 'Response' }));
    const dialog = await screen.findByRole('dialog', { name: 'Response' });
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('Response is required')).toBeVisible();
    expect(api.calls).toEqual([]);
  });

  it('keeps the typed response and toasts the reason when the server refuses it', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => {});
    let answer: (response: Response) => void = () => {};
    const api = fakeApi(() => new Promise<Response>((resolve) => (answer = resolve)));
    await renderPage(api.fetch);
    const user = userEvent.setup();
    await user.click(rowOf('Pump 4 overcharged me').getByRole('button', { name: 'Response' }));
    const dialog = await screen.findByRole('dialog', { name: 'Response' });
    await user.type(within(dialog).getByLabelText('Response'), 'We will call you.');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeDisabled(),
    );
    answer(envelope(null, 0, { response: ['The response field must be a string.'] }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(['The response field must be a string.']),
    );
    expect(within(dialog).getByLabelText('Response')).toHaveValue('We will call you.');
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('deletes through the shared dialog once the Undo toast ends', async () => {
    const undoable = vi.spyOn(toast, 'withAction').mockReturnValue({ dismiss: () => {} });
    const api = fakeApi();
    await renderPage(api.fetch);
    const user = userEvent.setup();
    await user.click(
      rowOf('Offer code rejected').getByRole('button', { name: 'Delete complaint' }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Offer code rejected')).toBeNull());
    expect(undoable).toHaveBeenCalledWith(
      'Complaint deleted',
      expect.objectContaining({ label: 'Undo' }),
    );
    expect(api.calls).toEqual([]);
    undoable.mock.calls[0]?.[1].onEnd();
    await waitFor(() =>
      expect(api.calls).toEqual([
        { method: 'DELETE', url: '/api/admin/user-complaint/29', body: null },
      ]),
    );
  });
});

describe('the Complaints page with roles', () => {
  async function renderWithRoles(records: RoleRecords) {
    const api = fakeApi();
    const source = memoryRoleSource(records);
    const services = fakeServices({ fetch: api.fetch, session: sessionFor() });
    services.realtimeSession.set({ status: 'connected' });
    await renderApp(
      <WithRoles source={source}>
        <Suspense fallback={null}>
          <ComplaintsPage />
        </Suspense>
      </WithRoles>,
      { services },
    );
    await screen.findByText('Pump 4 overcharged me');
    await tooltipsLoaded();
    return { api, source };
  }

  it('to an auditor, keeps each action its name and adds why it is refused', async () => {
    const user = userEvent.setup();
    const { api, source } = await renderWithRoles(rolesInUse(['auditor']));
    const approve = rowOf('Pump 4 overcharged me').getByRole('button', { name: 'Approve' });
    expect(approve).toHaveAttribute('aria-disabled', 'true');
    expect(approve).toHaveAccessibleDescription('Needs the Support or Owner role');
    expect(
      rowOf('Offer code rejected').getByRole('button', { name: 'Delete complaint' }),
    ).toHaveAttribute('aria-disabled', 'true');

    await user.click(approve);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    // Back to it by keyboard: the tooltip shows on focus.
    await user.tab();
    await user.tab({ shift: true });
    expect(approve).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'ApproveNeeds the Support or Owner role',
    );
    expect(api.calls).toEqual([]);

    // Given the support role, the same button works without a reload.
    act(() => source.set(rolesInUse(['support'])));
    expect(approve).not.toHaveAttribute('aria-disabled');
    await user.click(approve);
    expect(
      await screen.findByRole('alertdialog', { name: 'Approve this complaint?' }),
    ).toBeVisible();
  });
});
