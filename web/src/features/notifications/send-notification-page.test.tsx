import { act, Suspense } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@contracts/upstream/upstream';
import { ChangeStoreProvider, type ChangeStore } from '@/lib/changes/change-store';
import { toast } from '@/lib/toast';
import { memoryChangeStore, storedPolicy } from '@/testing/changes';
import { envelope, fakeServices, sessionFor } from '@/testing/fakes';
import { renderApp } from '@/testing/render';
import { memoryRoleSource, rolesInUse, WithRoles } from '@/testing/roles';
import { AlertStoreProvider, RealtimeUnavailable, type AlertStore } from './api/alert-store';
import { SendNotificationPage } from './send-notification-page';
import { memoryAlertStore } from '@/testing/notifications/memory-alert-store';

const users: User[] = [
  { id: 42, name: 'Olivia Martinez', image: null, device_ids: ['d1', 'd2'] },
  { id: 41, name: 'Kevin Jones', image: null, device_ids: [] },
  { id: 40, name: 'Amanda Anderson', image: null, device_ids: ['d3'] },
];

// A dialog's code loads on first open: the first test to open one waits for the import.
const SLOW = { timeout: 5000 };

/** The policy of a deployment that lets an admin push to everyone alone. */
const policyOff = () => memoryChangeStore({ policy: storedPolicy({ pushAll: false }) }).store;

async function renderPage(
  store: AlertStore,
  services = fakeServices({
    fetch: (url) => (url === '/api/admin/user' ? envelope(users) : envelope(null, 0, 'no')),
    session: sessionFor(),
  }),
  changes: ChangeStore = policyOff(),
) {
  // The admin's database session is there (the policy is read from the database).
  if (services.realtimeSession.get().status === 'connecting') {
    services.realtimeSession.set({ status: 'connected' });
  }
  const rendered = await renderApp(
    <ChangeStoreProvider store={changes}>
      <AlertStoreProvider store={store}>
        <Suspense fallback={null}>
          <SendNotificationPage />
        </Suspense>
      </AlertStoreProvider>
    </ChangeStoreProvider>,
    { services },
  );
  await screen.findByText('Olivia Martinez');
  return rendered;
}

const rowOf = (text: string) => {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`no row holds ${text}`);
  return within(row);
};

afterEach(() => vi.restoreAllMocks());

describe('Send Notification', () => {
  it('lists the users with their devices and a send for each', async () => {
    await renderPage(memoryAlertStore().store);
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['ID', 'Image', 'Name', 'Devices', 'Send']);
    expect(rowOf('Olivia Martinez').getByText('2')).toBeVisible();
    expect(rowOf('Kevin Jones').getByText('None')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Send To All' })).toBeEnabled();
  });

  it('sends to one user: title and description required, then the alert is written', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
    const memory = memoryAlertStore();
    await renderPage(memory.store);
    const user = userEvent.setup();
    await user.click(
      rowOf('Olivia Martinez').getByRole('button', {
        name: 'Send a notification to Olivia Martinez',
      }),
    );
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Send a notification to Olivia Martinez' },
      SLOW,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Title is required')).toBeVisible();
    expect(within(dialog).getByText('Description is required')).toBeVisible();
    expect(memory.sent).toEqual([]);

    await user.type(within(dialog).getByLabelText('Title'), ' Prices drop tomorrow ');
    await user.type(within(dialog).getByLabelText('Description'), 'Regular is 10¢ cheaper.');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(memory.sent).toEqual([
      {
        title: 'Prices drop tomorrow',
        description: 'Regular is 10¢ cheaper.',
        image: '',
        userName: 'Olivia Martinez',
        target: 'user',
        userId: '42',
      },
    ]);
    expect(success).toHaveBeenCalledWith('Notifications sent successfully');
  });

  it('gives the focus back to the row it was opened from, after a send and after Escape', async () => {
    vi.spyOn(toast, 'success').mockImplementation(() => {});
    await renderPage(memoryAlertStore().store);
    const user = userEvent.setup();
    const sendTo = rowOf('Olivia Martinez').getByRole('button', {
      name: 'Send a notification to Olivia Martinez',
    });
    await user.click(sendTo);
    let dialog = await screen.findByRole('dialog', {}, SLOW);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(sendTo).toHaveFocus());

    await user.keyboard('{Enter}');
    dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Title'), 'Hello');
    await user.type(within(dialog).getByLabelText('Description'), 'World');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(sendTo).toHaveFocus());
  });

  it('shows a spinner on a disabled Send while the alert is being written, then toasts', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
    const memory = memoryAlertStore();
    let release: (id: string) => void = () => {};
    vi.mocked(memory.store.send).mockImplementationOnce(
      () => new Promise<string>((resolve) => (release = resolve)),
    );
    await renderPage(memory.store);
    const user = userEvent.setup();
    await user.click(rowOf('Amanda Anderson').getByRole('button', { name: /Send a notification/ }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    await user.type(within(dialog).getByLabelText('Title'), 'Hello');
    await user.type(within(dialog).getByLabelText('Description'), 'World');
    const send = within(dialog).getByRole('button', { name: 'Send' });
    await user.click(send);
    await waitFor(() => expect(send).toBeDisabled());
    expect(send).toHaveAttribute('aria-busy', 'true');
    expect(send.querySelector('[data-slot="spinner"]')).not.toBeNull();
    expect(within(dialog).getByLabelText('Title')).toHaveAttribute('readonly');
    expect(success).not.toHaveBeenCalled();
    release('-N1');
    await waitFor(() => expect(success).toHaveBeenCalledWith('Notifications sent successfully'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('tells the admin a user without devices cannot receive it, and writes nothing', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => {});
    const memory = memoryAlertStore();
    await renderPage(memory.store);
    await userEvent
      .setup()
      .click(rowOf('Kevin Jones').getByRole('button', { name: /Send a notification/ }));
    expect(error).toHaveBeenCalledWith('User unable to receive notification');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(memory.store.send).not.toHaveBeenCalled();
  });

  it('confirms before sending to every user, and Back keeps what was typed', async () => {
    vi.spyOn(toast, 'success').mockImplementation(() => {});
    const memory = memoryAlertStore();
    await renderPage(memory.store);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send To All' }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Send a notification to all users' },
      SLOW,
    );
    expect(within(dialog).getByText('This reaches every device of all 3 users.')).toBeVisible();
    await user.type(within(dialog).getByLabelText('Title'), 'Station closed');
    await user.type(within(dialog).getByLabelText('Description'), 'Main St. is closed today.');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Send to all users?')).toBeVisible();
    expect(within(dialog).getByText(/every device of all 3 users at once/)).toBeVisible();
    expect(memory.sent).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Station closed');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Send to all' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(memory.sent).toEqual([
      {
        title: 'Station closed',
        description: 'Main St. is closed today.',
        image: '',
        userName: 'All Users',
        target: 'all',
      },
    ]);
  });

  it('previews the notification live, cut where each platform cuts it', async () => {
    await renderPage(memoryAlertStore().store);
    const user = userEvent.setup();
    await user.click(
      rowOf('Olivia Martinez').getByRole('button', {
        name: 'Send a notification to Olivia Martinez',
      }),
    );
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Send a notification to Olivia Martinez' },
      SLOW,
    );
    const preview = within(within(dialog).getByRole('region', { name: 'Preview' }));
    expect(preview.getAllByText('Nothing typed yet')).toHaveLength(2);
    const title = 'Diesel drops 20 cents at every station of the Main Street group';
    await user.type(within(dialog).getByLabelText('Title'), title);
    await user.type(within(dialog).getByLabelText('Description'), 'Until Sunday.');
    expect(preview.getByText(title)).toBeVisible();
    expect(preview.getByText('Until Sunday.')).toBeVisible();
    expect(preview.getByText('Fits on Android as typed.')).toBeVisible();

    await user.click(preview.getByRole('tab', { name: 'iPhone' }));
    expect(preview.getByText('Diesel drops 20 cents at every station of the…')).toBeVisible();
    expect(preview.getByText(/iPhone cuts the title after about 50 characters/)).toBeVisible();
  });

  it('counts everyone through the functions and sends only once a stale list is synced', async () => {
    vi.spyOn(toast, 'success').mockImplementation(() => {});
    let counted: (reply: Response) => void = () => {};
    const services = fakeServices({
      fetch: (url) => {
        if (url === '/api/admin/user') return envelope(users);
        if (url === '/api/audience?target=all') {
          return new Promise<Response>((resolve) => (counted = resolve));
        }
        return envelope(null, 0, 'no');
      },
      session: sessionFor(),
    });
    const memory = memoryAlertStore();
    await renderPage(memory.store, services);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send To All' }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Send a notification to all users' },
      SLOW,
    );
    expect(
      within(dialog).getByText('Syncing the user list, then counting who will receive it…'),
    ).toBeVisible();
    await user.type(within(dialog).getByLabelText('Title'), 'Station closed');
    await user.type(within(dialog).getByLabelText('Description'), 'Main St. is closed today.');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const sendAll = await within(dialog).findByRole('button', { name: 'Send to all' });
    expect(sendAll).toBeDisabled();

    act(() =>
      counted(envelope({ users: 1204, devices: 2210, syncedAt: Date.now(), refreshed: true })),
    );
    expect(await within(dialog).findByText('Reaches 1,204 users on 2,210 devices')).toBeVisible();
    expect(within(dialog).getByText('(user list synced just now)')).toBeVisible();
    await waitFor(() => expect(sendAll).toBeEnabled());
    await user.click(sendAll);
    await waitFor(() => expect(memory.sent).toHaveLength(1));
  });

  it('keeps the typed notification and says why when the database cannot be reached', async () => {
    const memory = memoryAlertStore();
    vi.mocked(memory.store.send).mockRejectedValueOnce(new RealtimeUnavailable('offline'));
    await renderPage(memory.store);
    const user = userEvent.setup();
    await user.click(rowOf('Amanda Anderson').getByRole('button', { name: /Send a notification/ }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    await user.type(within(dialog).getByLabelText('Title'), 'Hello');
    await user.type(within(dialog).getByLabelText('Description'), 'World');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(
      await within(dialog).findByText(/live database cannot be reached right now/),
    ).toBeVisible();
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Hello');
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeEnabled();
  });

  it('refuses to send while the admin has no database session, says why, and sends once it is back', async () => {
    const memory = memoryAlertStore();
    const { services } = await renderPage(memory.store);
    act(() => services.realtimeSession.set({ status: 'unavailable', reason: 'unreachable' }));
    const user = userEvent.setup();
    await user.click(
      rowOf('Olivia Martinez').getByRole('button', {
        name: 'Send a notification to Olivia Martinez',
      }),
    );
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Send a notification to Olivia Martinez' },
      SLOW,
    );
    const notice = within(dialog).getByTestId('realtime-unavailable');
    expect(
      within(notice).getByText('The service that opens live sessions could not be reached.'),
    ).toBeVisible();
    await user.type(within(dialog).getByLabelText('Title'), 'Prices drop tomorrow');
    await user.type(within(dialog).getByLabelText('Description'), 'Regular is 10¢ cheaper.');
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeDisabled();

    act(() => services.realtimeSession.set({ status: 'connected' }));
    expect(within(dialog).queryByTestId('realtime-unavailable')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(memory.sent).toHaveLength(1));
  });
});

describe('Send Notification with roles', () => {
  it('lets communications send to one user, not to every user, and says who may', async () => {
    const services = fakeServices({
      fetch: (url) => (url === '/api/admin/user' ? envelope(users) : envelope(null, 0, 'no')),
      session: sessionFor(),
    });
    services.realtimeSession.set({ status: 'connected' });
    const source = memoryRoleSource(rolesInUse(['communications']));
    await renderApp(
      <WithRoles source={source}>
        <AlertStoreProvider store={memoryAlertStore().store}>
          <Suspense fallback={null}>
            <SendNotificationPage />
          </Suspense>
        </AlertStoreProvider>
      </WithRoles>,
      { services },
    );
    await screen.findByText('Olivia Martinez');
    const all = screen.getByRole('button', { name: 'Send To All' });
    expect(all).toHaveAttribute('aria-disabled', 'true');
    expect(all).toHaveAccessibleDescription('Needs the Broadcast or Owner role');
    const one = rowOf('Olivia Martinez').getByRole('button', {
      name: 'Send a notification to Olivia Martinez',
    });
    expect(one).not.toHaveAttribute('aria-disabled');

    await userEvent.setup().click(all);
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => source.set(rolesInUse(['broadcast'])));
    expect(screen.getByRole('button', { name: 'Send To All' })).not.toHaveAttribute(
      'aria-disabled',
    );
    expect(
      rowOf('Olivia Martinez').getByRole('button', {
        name: 'Send a notification to Olivia Martinez',
      }),
    ).toHaveAttribute('aria-disabled', 'true');
  });
});

describe('Send To All while the policy holds pushes to everyone', () => {
  interface Call {
    method: string;
    url: string;
    body: unknown;
  }

  /** The users, and every other call recorded and answered with `answer`. */
  function servicesAnswering(answer: (call: Call) => Response = () => envelope({ id: '-R1' })) {
    const calls: Call[] = [];
    const services = fakeServices({
      session: sessionFor(),
      fetch: (url, init) => {
        if (url === '/api/admin/user') return envelope(users);
        if (url.startsWith('/api/audience')) {
          return envelope({ users: 3, devices: 3, syncedAt: Date.now(), refreshed: false });
        }
        const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
        const call = { method: init.method ?? 'GET', url, body };
        calls.push(call);
        return answer(call);
      },
    });
    return { services, calls };
  }

  async function composeToAll(changes = memoryChangeStore({ policy: storedPolicy() })) {
    const { services, calls } = servicesAnswering();
    const memory = memoryAlertStore();
    const rendered = await renderPage(memory.store, services, changes.store);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send To All' }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Send a notification to all users' },
      SLOW,
    );
    await user.type(within(dialog).getByLabelText('Title'), 'Storm warning');
    await user.type(within(dialog).getByLabelText('Description'), 'Stations close at 6 PM.');
    return { ...rendered, user, dialog, memory, calls, changes };
  }

  it('asks a second admin to approve it instead of writing the alert, and leads to Approvals', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
    const { user, dialog, memory, calls, location } = await composeToAll();
    expect(
      within(dialog).getByText(
        'Write the notification; a second admin approves it before it goes out.',
      ),
    ).toBeVisible();
    const request = within(dialog).getByRole('button', { name: 'Request approval' });
    expect(request).toHaveAccessibleDescription(
      'A second admin must approve pushes to everyone before they go out.',
    );
    expect(within(dialog).queryByRole('button', { name: 'Continue' })).toBeNull();

    await user.click(request);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/changes',
        body: {
          kind: 'push',
          title: 'Storm warning',
          description: 'Stations close at 6 PM.',
          image: '',
        },
      },
    ]);
    expect(memory.sent).toEqual([]);
    expect(success).toHaveBeenCalledWith(
      'Sent for approval: it goes out once a second admin approves it',
      expect.objectContaining({ label: 'Open Approvals' }),
    );
    const action = success.mock.calls[0]?.[1];
    act(() => action?.onClick());
    expect(location()).toBe('/approvals');
  });

  it('sends the time of a send later with the request, and schedules nothing itself', async () => {
    vi.spyOn(toast, 'success').mockImplementation(() => {});
    const { user, dialog, memory, calls } = await composeToAll();
    await user.click(within(dialog).getByRole('switch', { name: 'Send later' }));
    // The fake clock is Jan 15, 2025, noon in Los Angeles.
    await user.type(within(dialog).getByLabelText('Date (Los Angeles)'), '2025-01-15');
    await user.type(within(dialog).getByLabelText('Time (Los Angeles)'), '18:45');
    await user.click(within(dialog).getByRole('button', { name: 'Request approval' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({
      kind: 'push',
      title: 'Storm warning',
      description: 'Stations close at 6 PM.',
      image: '',
      sendAt: Date.UTC(2025, 0, 16, 2, 45),
    });
    expect(memory.sent).toEqual([]);
  });

  it('holds a push to everyone while no policy is stored (the defaults hold it)', async () => {
    const { dialog } = await composeToAll(memoryChangeStore({ policy: null }));
    expect(within(dialog).getByRole('button', { name: 'Request approval' })).toBeVisible();
  });

  it('follows the policy live: turned off, the push is confirmed and written as before', async () => {
    vi.spyOn(toast, 'success').mockImplementation(() => {});
    const { user, dialog, memory, calls, changes } = await composeToAll();
    expect(within(dialog).getByRole('button', { name: 'Request approval' })).toBeVisible();
    act(() => changes.setPolicy(storedPolicy({ pushAll: false })));
    expect(within(dialog).queryByRole('button', { name: 'Request approval' })).toBeNull();
    expect(
      within(dialog).queryByText(
        'A second admin must approve pushes to everyone before they go out.',
      ),
    ).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Send to all' }));
    await waitFor(() => expect(memory.sent).toHaveLength(1));
    expect(memory.sent[0]).toMatchObject({ title: 'Storm warning', target: 'all' });
    expect(calls).toEqual([]);
  });

  it('keeps what was typed and shows the server’s reason when the request is refused', async () => {
    const { services } = servicesAnswering(
      () =>
        new Response(
          JSON.stringify({
            metadata: { success: 0, message: 'Pushing to everyone needs the Broadcast role.' },
            payload: null,
          }),
          { status: 403 },
        ),
    );
    const memory = memoryAlertStore();
    await renderPage(memory.store, services, memoryChangeStore({ policy: storedPolicy() }).store);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send To All' }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    await user.type(within(dialog).getByLabelText('Title'), 'Storm warning');
    await user.type(within(dialog).getByLabelText('Description'), 'Stations close at 6 PM.');
    await user.click(within(dialog).getByRole('button', { name: 'Request approval' }));
    expect(
      await within(dialog).findByText('Pushing to everyone needs the Broadcast role.'),
    ).toBeVisible();
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Storm warning');
    expect(memory.sent).toEqual([]);
  });
});
