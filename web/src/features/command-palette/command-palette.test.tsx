import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LayoutDashboardIcon, UsersIcon } from 'lucide-react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Group, User } from '@contracts/upstream/upstream';
import { envelope, sessionFor, type FetchHandler } from '@/testing/fakes';
import { renderApp } from '@/testing/render';
import { CommandPalette } from './command-palette';
import type { PaletteTargets } from './items';

const users: User[] = [
  { id: 42, name: 'Olivia Martinez', email: 'olivia@example.com', image: null, device_ids: ['d'] },
  { id: 41, name: 'Kevin Jones', email: 'kevin.jones@example.com', image: null, device_ids: [] },
];
const groups: Group[] = [
  { id: 5, name: 'Night drivers', image: null, users: [], timestamp: 2 },
  { id: 6, name: 'Kevin fans', image: null, users: [], timestamp: 1 },
];

const groupList = { items: groups, skipped: 0 };

const targets: PaletteTargets = {
  screens: [
    { href: '/dashboard', labelKey: 'MENU.DASHBOARD', icon: LayoutDashboardIcon },
    { href: '/all-users', labelKey: 'MENU.ALL_USERS', icon: UsersIcon },
  ],
  useGroups: () => ({ data: groupList }),
  userInvoices: (user) => ({ path: `/invoices-of/${user.id}`, state: { user } }),
  notifyUser: (user) => ({ path: `/notify/${user.id}` }),
  groupChat: (group) => ({ path: `/chats/${group.id}` }),
  newGroup: { path: '/groups/new' },
  todayPrices: { path: '/prices' },
};

const fetch: FetchHandler = (url) =>
  url === '/api/admin/user' ? envelope(users) : envelope(null, 0, `unexpected ${url}`);

async function openPalette() {
  const onOpenChange = vi.fn();
  const rendered = await renderApp(
    <CommandPalette open onOpenChange={onOpenChange} {...targets} />,
    { fetch, session: sessionFor(), path: '/dashboard' },
  );
  const input = await screen.findByRole('combobox', { name: /Search screens/ });
  return { ...rendered, onOpenChange, input, user: userEvent.setup() };
}

const options = () => screen.getAllByRole('option').map((option) => option.textContent);
const activeOption = (input: HTMLElement) =>
  document.getElementById(input.getAttribute('aria-activedescendant') ?? '');

afterEach(() => vi.restoreAllMocks());

describe('CommandPalette', () => {
  it('lists the screens and actions before anything is typed', async () => {
    const { input } = await openPalette();
    expect(input).toHaveFocus();
    expect(options()).toEqual([
      'Dashboard',
      'All Users',
      'Send a notification to a user…',
      'Create a new group',
      "Set today's prices",
    ]);
    expect(activeOption(input)).toHaveTextContent('Dashboard');
  });

  it("opens a user's invoices from their e-mail with Enter", async () => {
    const { input, user, location, onOpenChange } = await openPalette();
    await user.type(input, 'KEVIN.jones@');
    const listed = await screen.findByRole('group', { name: 'Users' });
    expect(
      within(listed)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Kevin Joneskevin.jones@example.com · ID 41']);
    await user.keyboard('{Enter}');
    expect(location()).toBe('/invoices-of/41');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('moves the active option with the arrow keys, wrapping at both ends', async () => {
    const { input, user, location } = await openPalette();
    await user.type(input, 'kevin');
    await screen.findByRole('group', { name: 'Users' });
    expect(activeOption(input)).toHaveTextContent('Kevin fans');
    await user.keyboard('{ArrowDown}');
    expect(activeOption(input)).toHaveTextContent('Kevin Jones');
    expect(activeOption(input)).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(activeOption(input)).toHaveTextContent('Kevin fans');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(location()).toBe('/invoices-of/41');
  });

  it('opens a group chat and runs an action by name', async () => {
    const first = await openPalette();
    await first.user.type(first.input, 'night');
    await first.user.click(await screen.findByRole('option', { name: /Night drivers/ }));
    expect(first.location()).toBe('/chats/5');
    first.unmount();

    const second = await openPalette();
    await second.user.type(second.input, 'new gr');
    await second.user.keyboard('{Enter}');
    expect(second.location()).toBe('/groups/new');
  });

  it('picks the user to notify in a second step, and Backspace leaves it', async () => {
    const { input, user, location } = await openPalette();
    await user.type(input, 'send a not');
    await user.keyboard('{Enter}');
    const step = await screen.findByRole('combobox', { name: /The user to notify/ });
    expect(step).toHaveValue('');
    await user.keyboard('{Backspace}');
    expect(await screen.findByRole('combobox', { name: /Search screens/ })).toHaveFocus();
    await user.type(input, 'send a not{Enter}');
    await user.type(await screen.findByRole('combobox', { name: /The user to notify/ }), '42');
    await waitFor(() => expect(options()).toEqual(['Olivia Martinezolivia@example.com · ID 42']));
    await user.keyboard('{Enter}');
    expect(location()).toBe('/notify/42');
  });

  it('says when nothing matches', async () => {
    const { input, user } = await openPalette();
    await user.type(input, 'zzz');
    expect(await screen.findByRole('status')).toHaveTextContent('Nothing matches “zzz”.');
    expect(screen.queryAllByRole('option')).toEqual([]);
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });
});
