import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RoleRecords } from '@/lib/roles/grants';
import { ChangeStoreProvider } from '@/lib/changes/change-store';
import { RoleSourceProvider } from '@/lib/roles/roles';
import { STORAGE_KEYS } from '@/lib/storage';
import { textMessage } from '@/features/chat/message';
import { changeRequest, memoryChangeStore, NOW, priceDay } from '@/testing/changes';
import { envelope, fakeServices, memoryStorage, sessionFor } from '@/testing/fakes';
import { fakeMatchMedia } from '@/testing/match-media';
import { renderApp } from '@/testing/render';
import { memoryRoleSource, ROLES_NOT_IN_USE, rolesInUse } from '@/testing/roles';
import { AppRoutes } from '../routes';
import { DESKTOP_QUERY } from './use-media-query';

function shell(
  path = '/dashboard',
  fetch = (url: string) =>
    url === '/api/session/user' ? envelope(sessionFor().user) : envelope(null),
) {
  return renderApp(<AppRoutes />, { path, session: sessionFor(), fetch });
}

/** Renders the desktop shell (aside and header) instead of the phone's. */
function onDesktop() {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    fakeMatchMedia((query) => query === DESKTOP_QUERY),
  );
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the signed-in shell', () => {
  it('shows the title, breadcrumbs, today in Los Angeles and the year', async () => {
    await shell();
    expect(await screen.findByTestId('page-title')).toHaveTextContent('Dashboard');
    const trail = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(within(trail).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/all-users');
    expect(within(trail).getByText('Dashboard')).toHaveAttribute('aria-current', 'page');
    // The fake clock says 2025-01-15 20:00 UTC: noon in Los Angeles.
    expect(screen.getByTestId('today')).toHaveTextContent('Wednesday, January 15, 2025');
    expect(screen.getByTestId('footer-year')).toHaveTextContent('2025');
  });

  it("shows a page's own breadcrumbs, the earlier ones as links", async () => {
    await shell('/user-profile');
    const trail = await screen.findByRole('navigation', { name: 'Breadcrumbs' });
    await waitFor(() =>
      expect(within(trail).getByRole('link', { name: 'User Profile' })).toHaveAttribute(
        'href',
        '/user-profile',
      ),
    );
    expect(within(trail).getByText('My Profile')).toHaveAttribute('aria-current', 'page');
  });

  it('has a top menu on desktop linking Dashboard and All Users', async () => {
    onDesktop();
    await shell();
    const top = await screen.findByRole('navigation', { name: 'Top menu' });
    const links = within(top).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Dashboard', '/dashboard'],
      ['All Users', '/all-users'],
    ]);
    expect(within(top).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('can be used by keyboard: Tab reaches the side menu and the user menu, Enter opens and Escape closes it', async () => {
    onDesktop();
    await shell();
    await screen.findByTestId('page-title');
    const user = userEvent.setup();
    const sideMenu = screen.getByRole('navigation', { name: 'Main menu' });
    const userMenu = screen.getByTestId('user-menu');
    const visited: HTMLElement[] = [];
    for (let step = 0; step < 80 && document.activeElement !== userMenu; step += 1) {
      await user.tab();
      if (document.activeElement instanceof HTMLElement) visited.push(document.activeElement);
    }
    expect(visited.some((element) => sideMenu.contains(element))).toBe(true);
    expect(
      visited.find((element) => within(sideMenu).queryAllByRole('link').includes(element)),
    ).toHaveAttribute('href', '/dashboard');
    expect(userMenu).toHaveFocus();
    await user.keyboard('{Enter}');
    const panel = await screen.findByTestId('user-panel');
    expect(within(panel).getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('user-panel')).toBeNull());
    await waitFor(() => expect(userMenu).toHaveFocus());
  });

  it('slides the side menu accordion open in 200 ms', async () => {
    onDesktop();
    await shell();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Template/ }));
    const builder = await screen.findByRole('link', { name: 'Layout Builder' });
    const content = builder.closest('[data-slot="collapsible-content"]');
    expect(content).toHaveStyle({ animationDuration: '200ms' });
  });

  it('lists every entry of the side menu; All Users links to /all-users', async () => {
    await shell();
    await userEvent.setup().click(await screen.findByTestId('mobile-menu-toggle'));
    const menu = await screen.findByTestId('mobile-menu');
    for (const name of [
      'Dashboard',
      'All Users',
      'Send Notification',
      'Groups',
      'Complaints',
      'Announcement',
      'Notifications History',
      'Today Prices',
      'Offers',
    ]) {
      expect(within(menu).getByRole('link', { name })).toBeVisible();
    }
    expect(within(menu).getByRole('link', { name: 'All Users' })).toHaveAttribute(
      'href',
      '/all-users',
    );
  });

  it('navigates to /all-users when All Users is clicked, and closes the phone menu', async () => {
    const rendered = await shell();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('mobile-menu-toggle'));
    await user.click(
      within(await screen.findByTestId('mobile-menu')).getByRole('link', { name: 'All Users' }),
    );
    await waitFor(() => expect(rendered.location()).toBe('/all-users'));
    await waitFor(() => expect(screen.queryByTestId('mobile-menu')).toBeNull());
  });

  it('signs out from the user panel, which offers My Profile and My Messages', async () => {
    const rendered = await shell();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('user-menu'));
    const panel = await screen.findByTestId('user-panel');
    expect(within(panel).getByRole('link', { name: /My Profile/ })).toHaveAttribute(
      'href',
      '/user-profile',
    );
    expect(within(panel).getByRole('link', { name: /My Messages/ })).toHaveAttribute(
      'href',
      '/user-profile?tab=messages',
    );
    await user.click(within(panel).getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(rendered.location()).toBe('/auth/login'));
    expect(rendered.services.signOut).toHaveBeenCalledTimes(1);
  });

  it('signs out only once a screen holding unsaved work lets it', async () => {
    const rendered = await shell();
    const confirmLeaving = vi.fn(() => false);
    rendered.services.leaveGuard.hold({ allows: () => ({ go: false }), confirmLeaving });
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('user-menu'));
    const panel = await screen.findByTestId('user-panel');
    await user.click(within(panel).getByRole('button', { name: 'Sign Out' }));
    expect(confirmLeaving).toHaveBeenCalledTimes(1);
    expect(rendered.services.signOut).not.toHaveBeenCalled();

    confirmLeaving.mockReturnValue(true);
    await user.click(within(panel).getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(rendered.location()).toBe('/auth/login'));
    expect(rendered.services.signOut).toHaveBeenCalledTimes(1);
  });

  it('asks before a sign-out would discard chat messages still waiting to be sent', async () => {
    const waiting = textMessage(
      { sender: { uid: '1', name: 'Ada Admin', userType: 'admin' }, groupId: '7', messageId: '-a' },
      'Sent while offline',
    );
    const storage = memoryStorage({ 'chatOutbox:1': JSON.stringify({ '7': [waiting] }) });
    const rendered = await renderApp(<AppRoutes />, {
      path: '/dashboard',
      session: sessionFor(),
      storage,
      fetch: (url) => (url === '/api/session/user' ? envelope(sessionFor().user) : envelope(null)),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('user-menu'));
    await user.click(
      within(await screen.findByTestId('user-panel')).getByRole('button', { name: 'Sign Out' }),
    );
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Chat messages are waiting to be sent',
    });
    expect(dialog).toHaveTextContent('1 chat messages have not reached the server yet.');
    await user.click(within(dialog).getByRole('button', { name: 'Stay signed in' }));
    expect(rendered.services.signOut).not.toHaveBeenCalled();
    expect(storage.getItem('chatOutbox:1')).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    await user.click(
      within(
        await screen.findByRole('alertdialog', { name: 'Chat messages are waiting to be sent' }),
      ).getByRole('button', { name: 'Sign out and discard them' }),
    );
    await waitFor(() => expect(rendered.location()).toBe('/auth/login'));
    expect(rendered.services.signOut).toHaveBeenCalledTimes(1);
  });

  it('has a quick panel with Audit Logs, Notifications and Settings toggles', async () => {
    await shell();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Show tools' }));
    await user.click(screen.getByRole('button', { name: 'Open the quick panel' }));
    const panel = await screen.findByTestId('quick-panel');
    for (const tab of ['Audit Logs', 'Notifications', 'Settings']) {
      expect(within(panel).getByRole('tab', { name: tab })).toBeVisible();
    }
    await user.click(within(panel).getByRole('tab', { name: 'Settings' }));
    const toggle = within(panel).getByRole('switch', { name: 'Enable case tracking' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
  });

  it('stores the language and reloads the page', async () => {
    const rendered = await shell();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Show tools' }));
    await user.click(screen.getByTestId('language-menu'));
    await user.click(screen.getByTestId('language-ja'));
    expect(rendered.services.storage.getItem(STORAGE_KEYS.language)).toBe('{"selectedLang":"ja"}');
    expect(rendered.services.reload).toHaveBeenCalledTimes(1);
  });

  it('switches and stores the theme', async () => {
    const rendered = await shell();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Show tools' }));
    await user.click(screen.getByTestId('theme-toggle'));
    expect(document.documentElement).toHaveClass('dark');
    expect(rendered.services.storage.getItem(STORAGE_KEYS.theme)).toBe('dark');
  });

  it('signs out when the current user can no longer be fetched', async () => {
    const rendered = await shell('/dashboard', (url) =>
      url === '/api/session/user' ? envelope(null, 0, 'Unauthenticated.') : envelope(null),
    );
    await waitFor(() => expect(rendered.services.signOut).toHaveBeenCalled());
  });

  it('keeps the session when the current user cannot be fetched for lack of a network', async () => {
    const rendered = await shell('/dashboard', (url) => {
      if (url === '/api/session/user') throw new TypeError('Failed to fetch');
      return envelope(null);
    });
    await screen.findByTestId('page-title');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(rendered.services.signOut).not.toHaveBeenCalled();
  });

  it('keeps the session when the proxy says the upstream did not answer (502)', async () => {
    let asked = false;
    const rendered = await shell('/dashboard', (url) => {
      if (url !== '/api/session/user') return envelope(null);
      asked = true;
      return new Response(
        JSON.stringify({ metadata: { success: 0, message: 'The server could not be reached.' } }),
        { status: 502, headers: { 'Content-Type': 'application/json' } },
      );
    });
    await screen.findByTestId('page-title');
    await waitFor(() => expect(asked).toBe(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(rendered.services.signOut).not.toHaveBeenCalled();
  });
});

describe('the Admins entry', () => {
  /** The desktop shell of an admin whose roles (in use or not) `records` give. */
  async function shellWithRoles(records: RoleRecords) {
    onDesktop();
    // Signed in on this page: the shell does not check the Firebase session again.
    const session = { ...sessionFor(), origin: 'signed-in' as const };
    const services = fakeServices({
      session,
      fetch: (url) => (url === '/api/session/user' ? envelope(session.user) : envelope(null)),
    });
    services.realtimeSession.set({ status: 'connected' });
    const source = memoryRoleSource(records);
    const rendered = await renderApp(
      <RoleSourceProvider source={source}>
        <AppRoutes />
      </RoleSourceProvider>,
      { path: '/dashboard', services },
    );
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    await within(menu).findByRole('link', { name: 'Dashboard' });
    return { ...rendered, menu, source };
  }

  it('is in the side menu of an owner while roles are in use, beside the Audit Log', async () => {
    const { menu } = await shellWithRoles(rolesInUse(['owner']));
    const admins = within(menu).getByRole('link', { name: 'Admins' });
    expect(admins).toHaveAttribute('href', '/admins');
    const links = within(menu)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links.slice(0, 5)).toEqual([
      'Dashboard',
      'Audit Log',
      'Admins',
      'Approvals',
      'All Users',
    ]);
  });

  it('is in no other admin’s menu, and comes with the owner role without a reload', async () => {
    const { menu, source } = await shellWithRoles(rolesInUse(['support', 'users']));
    expect(within(menu).queryByRole('link', { name: 'Admins' })).toBeNull();
    act(() => source.set(rolesInUse(['owner'])));
    expect(within(menu).getByRole('link', { name: 'Admins' })).toBeVisible();
  });

  it('is not offered while roles are not in use, though every admin may do everything', async () => {
    const { menu } = await shellWithRoles(ROLES_NOT_IN_USE);
    expect(within(menu).getByRole('link', { name: 'Audit Log' })).toBeVisible();
    expect(within(menu).queryByRole('link', { name: 'Admins' })).toBeNull();
  });

  it('is among the command palette’s screens for an owner only', async () => {
    const user = userEvent.setup();
    const owner = await shellWithRoles(rolesInUse(['owner']));
    await user.keyboard('{Control>}k{/Control}');
    await screen.findByRole('combobox', { name: /Search screens/ });
    expect(screen.getByRole('option', { name: 'Admins' })).toBeVisible();
    owner.unmount();

    await shellWithRoles(rolesInUse(['auditor']));
    await user.keyboard('{Control>}k{/Control}');
    await screen.findByRole('combobox', { name: /Search screens/ });
    expect(screen.getByRole('option', { name: 'Audit Log' })).toBeVisible();
    expect(screen.queryByRole('option', { name: 'Admins' })).toBeNull();
  });
});

/** The shell (the desktop's unless `phone`), the changes and price days read from `changes`. */
async function shellWithChanges(
  changes: ReturnType<typeof memoryChangeStore>,
  { now, phone = false }: { now?: () => number; phone?: boolean } = {},
) {
  if (!phone) onDesktop();
  const session = { ...sessionFor(), origin: 'signed-in' as const };
  const services = fakeServices({
    session,
    fetch: (url) => (url === '/api/session/user' ? envelope(session.user) : envelope(null)),
  });
  services.realtimeSession.set({ status: 'connected' });
  if (now) services.now = now;
  const rendered = await renderApp(
    <RoleSourceProvider source={memoryRoleSource(ROLES_NOT_IN_USE)}>
      <ChangeStoreProvider store={changes.store}>
        <AppRoutes />
      </ChangeStoreProvider>
    </RoleSourceProvider>,
    { path: '/dashboard', services },
  );
  if (phone) {
    await userEvent.setup().click(await screen.findByTestId('mobile-menu-toggle'));
    const drawer = await screen.findByTestId('mobile-menu');
    return {
      ...rendered,
      menu: await within(drawer).findByRole('navigation', { name: 'Main menu' }),
    };
  }
  const menu = await screen.findByRole('navigation', { name: 'Main menu' });
  return { ...rendered, menu };
}

describe('the Approvals entry', () => {
  const HOUR = 3_600_000;

  it('is in every admin’s side menu and command palette, with the open requests counted live', async () => {
    const changes = memoryChangeStore({
      requests: {
        a: changeRequest(),
        b: changeRequest({ requestedBy: '1' }),
        // Decided, or past its time though not yet marked: not waiting.
        c: changeRequest({ status: 'rejected' }),
        d: changeRequest({ expiresAt: NOW - HOUR }),
      },
    });
    const { menu } = await shellWithChanges(changes);
    const approvals = await within(menu).findByRole('link', { name: 'Approvals (2 waiting)' });
    expect(approvals).toHaveAttribute('href', '/approvals');
    expect(within(approvals).getByTestId('menu-count')).toHaveTextContent('2');

    act(() => changes.setRequest('a', changeRequest({ status: 'approving' })));
    expect(within(menu).getByRole('link', { name: 'Approvals (1 waiting)' })).toBeVisible();
    act(() => changes.setRequest('b', changeRequest({ status: 'withdrawn' })));
    const none = within(menu).getByRole('link', { name: 'Approvals' });
    expect(within(none).queryByTestId('menu-count')).toBeNull();

    await userEvent.setup().keyboard('{Control>}k{/Control}');
    await screen.findByRole('combobox', { name: /Search screens/ });
    expect(screen.getByRole('option', { name: 'Approvals' })).toBeVisible();
  });

  it('stops counting a request when it expires, without a change in the database', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: NOW });
    const changes = memoryChangeStore({
      requests: { a: changeRequest({ expiresAt: NOW + 60_000 }) },
    });
    const { menu } = await shellWithChanges(changes, { now: () => Date.now() });
    await within(menu).findByRole('link', { name: 'Approvals (1 waiting)' });
    await act(() => vi.advanceTimersByTimeAsync(60_001));
    expect(within(menu).getByRole('link', { name: 'Approvals' })).toBeVisible();
  });
});

describe('the Today Prices entry', () => {
  const missing = () =>
    memoryChangeStore({
      priceDays: {
        '2025-01-15': priceDay('5:1', '5:2', '2:1'),
        '2025-01-16': priceDay('5:1'),
      },
    });

  it('counts the price rows missing for tomorrow live, with no badge once none is', async () => {
    const changes = missing();
    const { menu } = await shellWithChanges(changes);
    const prices = await within(menu).findByRole('link', {
      name: 'Today Prices (2 price rows missing for tomorrow)',
    });
    expect(prices).toHaveAttribute('href', '/today-prices');
    expect(within(prices).getByTestId('menu-count')).toHaveTextContent('2');

    act(() => changes.setPriceDay('2025-01-16', priceDay('5:1', '2:1')));
    expect(
      within(menu).getByRole('link', { name: 'Today Prices (1 price row missing for tomorrow)' }),
    ).toBeVisible();
    act(() => changes.setPriceDay('2025-01-16', priceDay('5:1', '2:1', '5:2')));
    const none = within(menu).getByRole('link', { name: 'Today Prices' });
    expect(within(none).queryByTestId('menu-count')).toBeNull();
  });

  it('carries the count in the phone’s drawer and on the folded icon rail', async () => {
    const { menu, unmount } = await shellWithChanges(missing(), { phone: true });
    const prices = await within(menu).findByRole('link', {
      name: 'Today Prices (2 price rows missing for tomorrow)',
    });
    expect(within(prices).getByTestId('menu-count')).toHaveTextContent('2');
    unmount();

    await shellWithChanges(missing());
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Collapse the menu' }));
    const rail = within(screen.getByTestId('aside'));
    expect(
      await rail.findByRole('link', { name: 'Today Prices (2 price rows missing for tomorrow)' }),
    ).toBeVisible();
  });
});

describe('quick search', () => {
  it('needs more than 2 characters and shows the sample results after 500 ms', async () => {
    await shell();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Show tools' }));
    vi.useFakeTimers();
    const box = screen.getByTestId('quick-search');
    fireEvent.change(box, { target: { value: 'fu' } });
    act(() => vi.advanceTimersByTime(600));
    expect(screen.queryByTestId('quick-search-results')).toBeNull();
    fireEvent.change(box, { target: { value: 'fue' } });
    act(() => vi.advanceTimersByTime(499));
    expect(screen.queryByTestId('quick-search-results')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    // The results' code loads on its own (started with the third character).
    vi.useRealTimers();
    const results = await screen.findByTestId('quick-search-results');
    for (const heading of ['Documents', 'Members', 'Files']) {
      expect(within(results).getByRole('heading', { name: heading })).toBeInTheDocument();
    }
  });
});

describe('scroll to top', () => {
  it('appears after 300 px of scrolling', async () => {
    await shell();
    const button = await screen.findByTestId('scroll-top');
    expect(button).toHaveAttribute('aria-hidden', 'true');
    Object.defineProperty(window, 'scrollY', { value: 301, configurable: true });
    fireEvent.scroll(window);
    await waitFor(() => expect(button).toHaveAttribute('aria-hidden', 'false'), { timeout: 1000 });
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });
});
