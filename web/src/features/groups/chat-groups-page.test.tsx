import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Group } from '@contracts/upstream/upstream';
import type { RoleRecords } from '@/lib/roles/grants';
import { toast } from '@/lib/toast';
import { envelope, fakeServices, sessionFor, type FetchHandler } from '@/testing/fakes';
import { renderApp } from '@/testing/render';
import {
  memoryRoleSource,
  ROLES_NOT_IN_USE,
  rolesInUse,
  tooltipsLoaded,
  WithRoles,
} from '@/testing/roles';
import {
  readMemberMirror,
  requireConnection,
  scheduleGroupAlert,
  writeGroupAlert,
} from './api/group-alert';
import { ChatGroupsPage } from './chat-groups-page';

vi.mock('./api/group-alert', () => ({
  readMemberMirror: vi.fn(),
  requireConnection: vi.fn(),
  scheduleGroupAlert: vi.fn(),
  writeGroupAlert: vi.fn(),
}));

// The fake services' clock: 2025-01-15 20:00 UTC.
const NOW = Date.UTC(2025, 0, 15, 20, 0);
const HOUR = 3_600_000;

const person = (id: number, name: string) => ({
  id,
  name,
  email: `${name.split(' ')[0]?.toLowerCase()}@example.com`,
  image: null,
  device_ids: [],
});
const olivia = person(11, 'Olivia Martinez');
const people = [
  olivia,
  person(12, 'Ethan Brooks'),
  person(13, 'Sofia Chen'),
  person(14, 'Liam Walker'),
  person(15, 'Ava Johnson'),
  person(16, 'Noah Davis'),
];

function group(id: number, name: string, ageMs: number, users = people.slice(0, 2)): Group {
  return {
    id,
    name,
    image: { original_url: `/api/files/storage/${id}/g.png` },
    users,
    timestamp: NOW - ageMs,
  };
}

interface Call {
  url: string;
  method: string;
  body: RequestInit['body'];
}

/** A scripted API: each handler answers one "METHOD path" (query string ignored). */
function api(routes: Record<string, (call: Call) => Response | Promise<Response>>) {
  const calls: Call[] = [];
  const fetch: FetchHandler = (url, init) => {
    const call = { url, method: init.method ?? 'GET', body: init.body };
    calls.push(call);
    const route = routes[`${call.method} ${url.split('?')[0]}`];
    return route ? route(call) : envelope(null, 0, `unexpected ${call.method} ${url}`);
  };
  return { fetch, calls };
}

const render = (fetch: FetchHandler) =>
  renderApp(<ChatGroupsPage />, { fetch, session: sessionFor() });

/**
 * The group Valley (two members) with its Send Notification dialog open and, when given, its
 * title and text typed.
 */
async function openNotifyDialog(texts?: { title: string; description: string }) {
  const { fetch } = api({
    'GET /api/admin/groups': () => envelope([group(7, 'Valley', HOUR)]),
    'GET /api/admin/groups/7/assigned-users': () => envelope(people.slice(0, 2)),
  });
  await render(fetch);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Send Notification' }));
  const dialog = await screen.findByTestId('send-notification-dialog');
  if (texts) {
    await user.type(within(dialog).getByLabelText('Title'), texts.title);
    await user.type(within(dialog).getByLabelText('Description'), texts.description);
  }
  return { user, dialog };
}

beforeEach(() => {
  vi.mocked(writeGroupAlert).mockReset();
  vi.mocked(scheduleGroupAlert).mockReset();
  vi.mocked(readMemberMirror).mockReset();
  vi.mocked(requireConnection).mockReset().mockResolvedValue(undefined);
  // jsdom lays nothing out; the virtualized member list needs a viewport to fill.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(500);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(52);
});

describe('the Chat Groups page', () => {
  it('keeps its search in the address, so a link opens it searched', async () => {
    const { fetch } = api({
      'GET /api/admin/groups': () =>
        envelope([group(1, 'Downtown LA Drivers', HOUR), group(2, 'Bay Area Commuters', HOUR)]),
    });
    const { location, navigate } = await render(fetch);
    await screen.findByText('Bay Area Commuters');
    await userEvent.setup().type(screen.getByRole('searchbox', { name: 'Search groups' }), 'bay');
    expect(location()).toBe('/?q=bay');
    navigate('/?q=downtown');
    await waitFor(() => expect(screen.queryByText('Bay Area Commuters')).toBeNull());
    expect(screen.getByText('Downtown LA Drivers')).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'Search groups' })).toHaveValue('downtown');
  });

  it('shows the groups newest first with time-ago, name and at most four avatars, then +N', async () => {
    const { fetch } = api({
      'GET /api/admin/groups': () =>
        envelope([
          group(1, 'Downtown LA Drivers', 3 * 24 * HOUR, people),
          group(2, 'Bay Area Commuters', 5 * HOUR),
          group(3, 'Fresh Group', 10_000, []),
        ]),
    });
    await render(fetch);
    const cards = await screen.findAllByTestId('group-card');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Fresh Group',
      'Bay Area Commuters',
      'Downtown LA Drivers',
    ]);
    const [fresh, bay, downtown] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(fresh).getByTestId('group-time-ago')).toHaveTextContent('Today');
    expect(within(bay).getByTestId('group-time-ago')).toHaveTextContent('5h ago');
    expect(within(downtown).getByTestId('group-time-ago')).toHaveTextContent('3d ago');
    expect(
      within(within(downtown).getByTestId('avatar-stack')).getAllByRole('listitem'),
    ).toHaveLength(5);
    expect(within(downtown).getByTestId('avatar-more')).toHaveTextContent('+2');
    expect(within(fresh).getByText('No members yet')).toBeVisible();
    expect(
      within(bay).getByRole('link', { name: /View the chat of Bay Area Commuters/ }),
    ).toHaveAttribute('href', '/chats/2');
  });

  it('says so when there is no group yet', async () => {
    const { fetch } = api({ 'GET /api/admin/groups': () => envelope([]) });
    await render(fetch);
    expect(await screen.findByText('No groups yet')).toBeVisible();
  });

  it('a deleted group leaves at once, Undo puts it back in place, and no request is sent', async () => {
    const undoable = vi.spyOn(toast, 'withAction').mockReturnValue({ dismiss: () => {} });
    const { fetch, calls } = api({
      'GET /api/admin/groups': () =>
        envelope([
          group(1, 'Newest', HOUR),
          group(2, 'Middle', 2 * HOUR),
          group(3, 'Oldest', 3 * HOUR),
        ]),
    });
    await render(fetch);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Middle' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Middle')).toBeNull());
    expect(undoable).toHaveBeenCalledWith(
      'Group deleted',
      expect.objectContaining({ label: 'Undo' }),
    );
    act(() => undoable.mock.calls[0]?.[1].onAction());
    const names = () =>
      screen
        .getAllByTestId('group-card')
        .map((card) => within(card).getByRole('heading').textContent);
    await waitFor(() => expect(names()).toEqual(['Newest', 'Middle', 'Oldest']));
    undoable.mock.calls[0]?.[1].onEnd();
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);
  });

  it("New Group refuses an empty form with 'Group name is required' and 'Please Select Image'", async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => {});
    const { fetch, calls } = api({ 'GET /api/admin/groups': () => envelope([]) });
    await render(fetch);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('new-group'));
    const dialog = await screen.findByTestId('group-form-dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Group name is required')).toBeVisible();
    expect(within(dialog).getByText('Please Select Image')).toBeVisible();
    expect(error).toHaveBeenCalledWith('Group name is required');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('creates a group with its image (multipart), toasts and refreshes the list', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
    let groups: Group[] = [];
    const { fetch, calls } = api({
      'GET /api/admin/groups': () => envelope(groups),
      'POST /api/admin/groups': () => {
        groups = [group(9, 'Valley Riders', 0, [])];
        return envelope(groups[0], 1, 'Group created successfully');
      },
    });
    await render(fetch);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('new-group'));
    const dialog = await screen.findByTestId('group-form-dialog');
    await user.type(within(dialog).getByLabelText('Group name'), 'Valley Riders');
    const image = new File(['png'], 'valley.png', { type: 'image/png' });
    await user.upload(within(dialog).getByLabelText('Image'), image);
    expect(within(dialog).getByTestId('image-file-name')).toHaveTextContent('valley.png');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Group Created Successfully'));
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toBeInstanceOf(FormData);
    const form = post?.body as FormData;
    expect(form.get('name')).toBe('Valley Riders');
    expect((form.get('image') as File).name).toBe('valley.png');
    expect(await screen.findByRole('heading', { name: 'Valley Riders' })).toBeVisible();
    await waitFor(() => expect(screen.queryByTestId('group-form-dialog')).toBeNull());
  });

  it("a failed edit says 'Something went wrong', shows the reason and keeps what was typed", async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => {});
    const { fetch, calls } = api({
      'GET /api/admin/groups': () => envelope([group(4, 'Old Name', HOUR)]),
      'POST /api/admin/groups/4': () =>
        new Response(
          JSON.stringify({
            metadata: { success: 0, message: { name: ['The name has already been taken.'] } },
          }),
          { status: 422, headers: { 'Content-Type': 'application/json' } },
        ),
    });
    await render(fetch);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Old Name' }));
    const dialog = await screen.findByTestId('group-form-dialog');
    const name = within(dialog).getByLabelText('Group name');
    expect(name).toHaveValue('Old Name');
    await user.clear(name);
    await user.type(name, 'New Name');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The name has already been taken.')).toBeVisible();
    expect(error).toHaveBeenCalledWith('Something went wrong');
    expect(within(dialog).getByLabelText('Group name')).toHaveValue('New Name');
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.url).toBe('/api/admin/groups/4?_method=PUT');
    expect((post?.body as FormData).get('image')).toBeNull();
  });

  it('assigns members with a searchable picker: the selection is sent as user_ids[i]', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
    const { fetch, calls } = api({
      'GET /api/admin/groups': () => envelope([group(5, 'Valley', HOUR, [olivia])]),
      'GET /api/admin/user': () => envelope(people),
      'GET /api/admin/groups/5/assigned-users': () => envelope([olivia]),
      'POST /api/admin/groups/5/assign-users': () =>
        envelope(people.filter((p) => p.id === 11 || p.id === 13)),
    });
    await render(fetch);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Members' }));
    const dialog = await screen.findByTestId('members-dialog');
    const list = within(dialog).getByRole('listbox');
    await waitFor(() =>
      expect(within(dialog).getByTestId('selected-count')).toHaveTextContent('Selected: 1'),
    );
    // The user list arrives on its own, after the members.
    expect(await within(list).findByRole('option', { name: /Olivia Martinez/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.type(within(dialog).getByRole('searchbox'), 'sofia');
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(1));
    await user.click(within(list).getByRole('option', { name: /Sofia Chen/ }));
    expect(within(dialog).getByTestId('selected-count')).toHaveTextContent('Selected: 2');
    await user.click(within(dialog).getByRole('button', { name: 'Save members' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Updated Successfully'));
    const post = calls.find((call) => call.method === 'POST');
    const form = post?.body as FormData;
    expect([...form.entries()]).toEqual([
      ['user_ids[0]', '11'],
      ['user_ids[1]', '13'],
    ]);
  });

  it('the member picker works from the keyboard', async () => {
    const { fetch } = api({
      'GET /api/admin/groups': () => envelope([group(5, 'Valley', HOUR, [])]),
      'GET /api/admin/user': () => envelope(people),
      'GET /api/admin/groups/5/assigned-users': () => envelope([]),
    });
    await render(fetch);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Members' }));
    const dialog = await screen.findByTestId('members-dialog');
    await waitFor(() => expect(within(dialog).getAllByRole('option').length).toBeGreaterThan(0));
    within(dialog).getByRole('listbox').focus();
    await user.keyboard('{ArrowDown} ');
    // By name: Ava, Ethan, … — the second one is now chosen.
    expect(within(dialog).getByRole('option', { name: /Ethan Brooks/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(within(dialog).getByTestId('selected-count')).toHaveTextContent('Selected: 1');
  });

  it("Send Invoice asks for a title and a description ('Please Enter All Fields')", async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => {});
    const { fetch } = api({ 'GET /api/admin/groups': () => envelope([group(6, 'Valley', HOUR)]) });
    await render(fetch);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send Invoice' }));
    const dialog = await screen.findByTestId('send-invoice-dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Please Enter All Fields'));
    // The link is optional, as for a single user's invoice.
    expect(within(dialog).getAllByText('Required field')).toHaveLength(2);
  });

  it('Send Invoice creates a report for every member, notifies the group, then says so', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
    vi.mocked(readMemberMirror).mockResolvedValue(['11', '12']);
    vi.mocked(writeGroupAlert).mockResolvedValue('alert-1');
    const { fetch, calls } = api({
      'GET /api/admin/groups': () => envelope([group(6, 'Valley', HOUR)]),
      'GET /api/admin/groups/6/assigned-users': () => envelope(people.slice(0, 2)),
      'POST /api/admin/user-report': (call) =>
        envelope({ id: 1, ...JSON.parse(String(call.body)) }),
    });
    await render(fetch);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send Invoice' }));
    const dialog = await screen.findByTestId('send-invoice-dialog');
    await user.type(within(dialog).getByLabelText('Title'), 'May fuel');
    await user.type(within(dialog).getByLabelText('Description'), 'Your May statement');
    await user.type(
      within(dialog).getByLabelText('Invoice link (optional)'),
      'https://billing.example.com/may',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Invoice sent successfully'));
    const reports = calls
      .filter((call) => call.url === '/api/admin/user-report')
      .map((call) => JSON.parse(String(call.body)) as { user_id: number });
    expect(reports.map((report) => report.user_id).sort()).toEqual([11, 12]);
    expect(reports[0]).toMatchObject({
      title: 'May fuel',
      description: 'Your May statement',
      url: 'https://billing.example.com/may',
    });
    expect(writeGroupAlert).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ title: 'May fuel', description: 'Your May statement' }),
    );
  });

  it('Send Invoice without a link sends none (null), as a single invoice does', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
    vi.mocked(readMemberMirror).mockResolvedValue(['11']);
    vi.mocked(writeGroupAlert).mockResolvedValue('alert-1');
    const { fetch, calls } = api({
      'GET /api/admin/groups': () => envelope([group(6, 'Valley', HOUR)]),
      'GET /api/admin/groups/6/assigned-users': () => envelope(people.slice(0, 1)),
      'POST /api/admin/user-report': (call) =>
        envelope({ id: 1, ...JSON.parse(String(call.body)) }),
    });
    await render(fetch);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send Invoice' }));
    const dialog = await screen.findByTestId('send-invoice-dialog');
    await user.type(within(dialog).getByLabelText('Title'), 'June fuel');
    await user.type(within(dialog).getByLabelText('Description'), 'Your June statement');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Invoice sent successfully'));
    const [report] = calls.filter((call) => call.url === '/api/admin/user-report');
    expect(JSON.parse(String(report?.body))).toMatchObject({ title: 'June fuel', url: null });
  });

  it('Send Invoice sums up members whose report failed and can retry just those', async () => {
    vi.mocked(readMemberMirror).mockResolvedValue(['11', '12']);
    vi.mocked(writeGroupAlert).mockResolvedValue('alert-1');
    let refuse = true;
    const { fetch, calls } = api({
      'GET /api/admin/groups': () => envelope([group(6, 'Valley', HOUR)]),
      'GET /api/admin/groups/6/assigned-users': () => envelope(people.slice(0, 2)),
      'POST /api/admin/user-report': (call) => {
        const body = JSON.parse(String(call.body)) as { user_id: number };
        if (body.user_id === 12 && refuse)
          return envelope(null, 0, 'The requested user is not found');
        return envelope({ id: 1, ...body });
      },
    });
    await render(fetch);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send Invoice' }));
    const dialog = await screen.findByTestId('send-invoice-dialog');
    await user.type(within(dialog).getByLabelText('Title'), 'May');
    await user.type(within(dialog).getByLabelText('Description'), 'Statement');
    await user.type(
      within(dialog).getByLabelText('Invoice link (optional)'),
      'https://example.com/i',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    const summary = await within(dialog).findByTestId('invoice-summary');
    expect(summary).toHaveTextContent('1 of 2 invoices could not be created');
    expect(summary).toHaveTextContent('Ethan Brooks');
    expect(summary).toHaveTextContent('The requested user is not found');
    expect(writeGroupAlert).not.toHaveBeenCalled();
    refuse = false;
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
    await user.click(within(dialog).getByRole('button', { name: 'Retry the failed (1)' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Invoice sent successfully'));
    const twelve = calls.filter((call) => String(call.body).includes('"user_id":12'));
    expect(twelve).toHaveLength(2);
  });

  it('Send Notification writes a group alert and toasts', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
    vi.mocked(readMemberMirror).mockResolvedValue(['11', '12']);
    vi.mocked(writeGroupAlert).mockResolvedValue('alert-1');
    const { user, dialog } = await openNotifyDialog({
      title: 'Diesel down',
      description: '10 cents off today',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Notifications sent successfully'));
    expect(writeGroupAlert).toHaveBeenCalledWith(expect.anything(), {
      group: expect.objectContaining({ id: 7 }),
      title: 'Diesel down',
      description: '10 cents off today',
    });
  });

  it('Send Notification can schedule the push for a Los Angeles time instead', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
    vi.mocked(readMemberMirror).mockResolvedValue(['11', '12']);
    vi.mocked(scheduleGroupAlert).mockResolvedValue('scheduled-1');
    const { user, dialog } = await openNotifyDialog({
      title: 'Meeting tonight',
      description: 'At the station, 7 pm',
    });
    await user.click(within(dialog).getByRole('switch', { name: 'Send later' }));
    // A time that has passed is refused before anything is written.
    await user.type(within(dialog).getByLabelText('Date (Los Angeles)'), '2025-01-15');
    await user.type(within(dialog).getByLabelText('Time (Los Angeles)'), '11:00');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await within(dialog).findByText(/That time has passed/)).toBeVisible();
    expect(scheduleGroupAlert).not.toHaveBeenCalled();

    // The fake clock is noon in Los Angeles: 18:45 there is 02:45 UTC the next day.
    await user.clear(within(dialog).getByLabelText('Time (Los Angeles)'));
    await user.type(within(dialog).getByLabelText('Time (Los Angeles)'), '18:45');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith(
        'Notification scheduled for Jan 15, 2025, 6:45 PM (Los Angeles time)',
      ),
    );
    expect(scheduleGroupAlert).toHaveBeenCalledWith(
      expect.anything(),
      {
        group: expect.objectContaining({ id: 7 }),
        title: 'Meeting tonight',
        description: 'At the station, 7 pm',
      },
      Date.UTC(2025, 0, 16, 2, 45),
    );
    expect(writeGroupAlert).not.toHaveBeenCalled();
  });

  it('a notification the database refuses keeps the dialog, the text and says why', async () => {
    vi.mocked(readMemberMirror).mockResolvedValue(['11', '12']);
    vi.mocked(writeGroupAlert).mockRejectedValue(new Error('PERMISSION_DENIED'));
    const { user, dialog } = await openNotifyDialog({
      title: 'Diesel down',
      description: 'Cheaper',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText(/live database is unavailable/)).toBeVisible();
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Diesel down');
  });

  it('a notification while the database cannot be reached is refused, says why, and is not held', async () => {
    vi.mocked(requireConnection).mockRejectedValue(
      new Error('no connection to the Realtime Database'),
    );
    vi.mocked(readMemberMirror).mockResolvedValue(['11', '12']);
    vi.mocked(writeGroupAlert).mockResolvedValue('alert-1');
    const { user, dialog } = await openNotifyDialog({
      title: 'Diesel down',
      description: 'Cheaper',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText(/live database is unavailable/)).toBeVisible();
    expect(writeGroupAlert).not.toHaveBeenCalled();
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Diesel down');
  });

  it('Send Notification previews the push and says how many members and devices it reaches', async () => {
    const { fetch } = api({
      'GET /api/admin/groups': () => envelope([group(7, 'Valley', HOUR)]),
      'GET /api/audience': () =>
        envelope({ users: 2, devices: 1, syncedAt: NOW - 3 * HOUR, refreshed: false }),
    });
    await render(fetch);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send Notification' }));
    const dialog = await screen.findByTestId('send-notification-dialog');
    expect(await within(dialog).findByText('Reaches 2 users on 1 device')).toBeVisible();
    expect(within(dialog).getByText('(user list synced 3h ago)')).toBeVisible();
    await user.type(within(dialog).getByLabelText('Title'), 'Diesel down');
    const preview = within(within(dialog).getByRole('region', { name: 'Preview' }));
    expect(preview.getByText('Diesel down')).toBeVisible();
  });

  it('Send Notification and Send Invoice are refused, with the reason, without a database session', async () => {
    const { fetch, calls } = api({
      'GET /api/admin/groups': () => envelope([group(7, 'Valley', HOUR)]),
    });
    const { services } = await render(fetch);
    act(() => services.realtimeSession.set({ status: 'unavailable', reason: 'unknown' }));
    const user = userEvent.setup();
    for (const [button, testId] of [
      ['Send Notification', 'send-notification-dialog'],
      ['Send Invoice', 'send-invoice-dialog'],
    ] as const) {
      await user.click(await screen.findByRole('button', { name: button }));
      const dialog = await screen.findByTestId(testId);
      const notice = within(dialog).getByTestId('realtime-unavailable');
      expect(within(notice).getByText('The live session could not be opened.')).toBeVisible();
      expect(within(dialog).getByRole('button', { name: 'Send' })).toBeDisabled();
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByTestId(testId)).toBeNull());
    }
    // Only reads: the groups, and how many the push would have reached.
    expect(calls.map((call) => call.url)).toEqual([
      '/api/admin/groups',
      '/api/audience?target=group&id=7',
    ]);
    expect(writeGroupAlert).not.toHaveBeenCalled();
  });
});

describe('the Chat Groups page with roles', () => {
  async function renderWithRoles(records: RoleRecords) {
    const { fetch, calls } = api({
      'GET /api/admin/groups': () => envelope([group(7, 'Valley', HOUR)]),
    });
    const source = memoryRoleSource(records);
    const services = fakeServices({ fetch, session: sessionFor() });
    services.realtimeSession.set({ status: 'connected' });
    const { navigate } = await renderApp(
      <WithRoles source={source}>
        <ChatGroupsPage />
      </WithRoles>,
      { services },
    );
    await screen.findByTestId('group-card');
    await tooltipsLoaded();
    return { source, calls, navigate };
  }

  const CHANGES = [
    'New Group',
    'Edit Valley',
    'Delete Valley',
    'Members',
    'Send Notification',
    'Send Invoice',
  ];

  it('offers every change while roles are not in use', async () => {
    await renderWithRoles(ROLES_NOT_IN_USE);
    for (const name of CHANGES) {
      const control = screen.getByRole('button', { name });
      expect(control, name).toBeEnabled();
      expect(control, name).not.toHaveAttribute('aria-disabled');
    }
    expect(screen.getByRole('link', { name: /View the chat of Valley/ })).not.toHaveAttribute(
      'aria-disabled',
    );
  });

  it('to an auditor, refuses the changes with the role that would allow each', async () => {
    const user = userEvent.setup();
    const { calls } = await renderWithRoles(rolesInUse(['auditor']));
    for (const name of CHANGES) {
      expect(screen.getByRole('button', { name }), name).toHaveAttribute('aria-disabled', 'true');
    }
    // An auditor reads the chats.
    expect(screen.getByRole('link', { name: /View the chat of Valley/ })).not.toHaveAttribute(
      'aria-disabled',
    );

    const create = screen.getByRole('button', { name: 'New Group' });
    act(() => create.focus());
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Needs the Users or Owner role');
    expect(screen.getByRole('button', { name: 'Send Notification' })).toHaveAccessibleDescription(
      'Needs the Communications or Owner role',
    );
    await user.click(create);
    await user.click(screen.getByRole('button', { name: 'Send Invoice' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.map((call) => call.url)).toEqual(['/api/admin/groups']);
  });

  it('offers a change once the roles allow it, without a reload', async () => {
    const { source } = await renderWithRoles(rolesInUse(['auditor']));
    act(() => source.set(rolesInUse(['auditor', 'users'])));
    expect(screen.getByRole('button', { name: 'New Group' })).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('button', { name: 'Send Invoice' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it("says why, instead of opening New Group, for the command palette's link", async () => {
    const warning = vi.spyOn(toast, 'warning').mockImplementation(() => {});
    const { navigate } = await renderWithRoles(rolesInUse(['auditor']));
    act(() => navigate('/?new=group'));
    await waitFor(() => expect(warning).toHaveBeenCalledWith('Needs the Users or Owner role'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
