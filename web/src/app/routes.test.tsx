import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Role } from '@contracts/admins/roles';
import { RoleSourceProvider } from '@/lib/roles/roles';
import { envelope, fakeServices, sessionFor, adminUser } from '@/testing/fakes';
import { renderApp } from '@/testing/render';
import { memoryRoleSource, rolesInUse } from '@/testing/roles';
import { NOT_FOUND_PATH, RoleGuard } from './guards';
import { ADMIN_ONLY, shellRoutes } from './route-table';
import { AppRoutes } from './routes';

const signedIn = sessionFor();
const appUser = sessionFor({ ...adminUser, id: 2, role: ['user'] }, 'token-2');

function at(path: string, session = signedIn as typeof signedIn | null) {
  return renderApp(<AppRoutes />, {
    path,
    session,
    fetch: (url) =>
      url === '/api/session/user' ? envelope(session?.user ?? null) : envelope(null),
  });
}

async function expectLandsOn(path: string, session: typeof signedIn | null, expected: string) {
  const rendered = await at(path, session);
  await waitFor(() => expect(rendered.location()).toBe(expected), { timeout: 4000 });
  return rendered;
}

describe('routing without a session', () => {
  it('sends every signed-in route to /auth/login', async () => {
    await expectLandsOn('/all-users', null, '/auth/login');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeVisible();
  });

  it('sends / to /auth/login', async () => {
    await expectLandsOn('/', null, '/auth/login');
  });

  it('sends /auth and unknown auth paths to /auth/login', async () => {
    await expectLandsOn('/auth', null, '/auth/login');
    await expectLandsOn('/auth/nowhere', null, '/auth/login');
  });

  it('opens the auth screens', async () => {
    await expectLandsOn('/auth/registration', null, '/auth/registration');
    expect(await screen.findByRole('heading', { name: 'Sign Up' })).toBeVisible();
  });

  it('shows /terms without signing in', async () => {
    await expectLandsOn('/terms', null, '/terms');
    expect(await screen.findByRole('heading', { name: 'Terms and Conditions' })).toBeVisible();
  });

  it('goes from /logout to /auth/login', async () => {
    await expectLandsOn('/logout', null, '/auth/login');
  });
});

describe('routing with a session', () => {
  it('sends /auth and its screens to /all-users', async () => {
    await expectLandsOn('/auth', signedIn, '/all-users');
    await expectLandsOn('/auth/login', signedIn, '/all-users');
  });

  it('sends / to /all-users', async () => {
    await expectLandsOn('/', signedIn, '/all-users');
    expect(await screen.findByTestId('page-title')).toHaveTextContent('All Users');
  });

  it('sends unknown paths to /error/error-v1', async () => {
    await expectLandsOn('/no/such/page', signedIn, '/error/error-v1');
    expect(await screen.findByText('OOPS! Something went wrong here')).toBeVisible();
  });

  it('lets a nesting page route the paths below its own (/e-commerce/products)', async () => {
    await expectLandsOn('/e-commerce/products', signedIn, '/e-commerce/products');
    expect(
      await screen.findByRole('heading', { name: 'Products list' }, { timeout: 15_000 }),
    ).toBeVisible();
    await waitFor(() => expect(screen.getByTestId('page-title')).toHaveTextContent('eCommerce'));
  });

  it('shows the six error pages, and error-v1 for any other', async () => {
    await expectLandsOn('/error/error-v4', signedIn, '/error/error-v4');
    expect(await screen.findByText('Nothing left to do here')).toBeVisible();
    await expectLandsOn('/error/error-v9', null, '/error/error-v1');
  });

  it('signs out on /logout', async () => {
    const rendered = await at('/logout');
    await waitFor(() => expect(rendered.services.signOut).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(rendered.location()).toBe('/auth/login'));
  });

  it.each(shellRoutes.map((route) => [route.path, route]))(
    'opens %s with its title in the sub-header',
    async (_path, route) => {
      const path = route.path.replace(':userData', '7').replace(':groupid', '3');
      const rendered = await expectLandsOn(path, signedIn, path);
      const title = rendered.i18n.t(route.titleKey);
      await waitFor(() => expect(screen.getByTestId('page-title')).toBeInTheDocument(), {
        timeout: 4000,
      });
      const expected = path === '/my-page' ? 'My Custom title' : title;
      await waitFor(() => expect(screen.getByTestId('page-title')).toHaveTextContent(expected));
    },
  );
});

/** The template pages: the only routes of the table a signed-in user without the admin role opens. */
const OPEN_TO_ANY_USER = ['/google-material', '/react-bootstrap', '/e-commerce', '/user-profile'];

describe('the role guard', () => {
  it('guards every route of the table but the template pages with the admin role', () => {
    const unguarded = shellRoutes.filter((route) => route.roles !== ADMIN_ONLY);
    expect(unguarded.map((route) => route.path)).toEqual(OPEN_TO_ANY_USER);
  });

  it.each(
    shellRoutes
      .filter((route) => !OPEN_TO_ANY_USER.includes(route.path))
      .map((route) => [route.path]),
  )('sends a user whose first role is not admin from %s to /error/error-v1', async (pattern) => {
    await expectLandsOn(
      pattern.replace(':userData', '7').replace(':groupid', '3'),
      appUser,
      NOT_FOUND_PATH,
    );
  });

  it('lets any signed-in user open the template routes', async () => {
    await expectLandsOn('/user-profile', appUser, '/user-profile');
    expect(
      await screen.findByTestId('profile-summary', undefined, { timeout: 10_000 }),
    ).toBeVisible();
  });

  it('accepts one role or a list', async () => {
    const editor = sessionFor({ ...adminUser, role: ['editor', 'admin'] });
    const rendered = await renderApp(
      <>
        <RoleGuard roles={['admin', 'editor']}>
          <p>listed</p>
        </RoleGuard>
        <RoleGuard roles="editor">
          <p>single</p>
        </RoleGuard>
      </>,
      { session: editor, path: '/x' },
    );
    expect(screen.getByText('listed')).toBeVisible();
    expect(screen.getByText('single')).toBeVisible();
    expect(rendered.location()).toBe('/x');
  });

  it('sends a user whose first role is not in the list to /error/error-v1', async () => {
    const rendered = await renderApp(
      <RoleGuard roles={['admin', 'editor']}>
        <p>listed only</p>
      </RoleGuard>,
      { session: sessionFor({ ...adminUser, role: ['user', 'admin'] }), path: '/x' },
    );
    expect(screen.queryByText('listed only')).toBeNull();
    expect(rendered.location()).toBe('/error/error-v1');
  });

  it('checks only the first role', async () => {
    const rendered = await renderApp(
      <RoleGuard roles="admin">
        <p>admin only</p>
      </RoleGuard>,
      { session: sessionFor({ ...adminUser, role: ['user', 'admin'] }), path: '/x' },
    );
    expect(screen.queryByText('admin only')).toBeNull();
    expect(rendered.location()).toBe('/error/error-v1');
  });
});

describe('a route change', () => {
  it('shows a progress bar climbing in steps of 10 to 100', async () => {
    const rendered = await at('/dashboard');
    await screen.findByTestId('page-title');
    act(() => rendered.navigate('/complaints'));
    const bar = await screen.findByTestId('route-progress');
    const seen = new Set<string>();
    await waitFor(
      () => {
        seen.add(bar.getAttribute('aria-valuenow') ?? '');
        expect(bar).toHaveAttribute('aria-valuenow', '100');
      },
      { interval: 5 },
    );
    expect([...seen].every((value) => Number(value) % 10 === 0)).toBe(true);
    await waitFor(() => expect(screen.queryByTestId('route-progress')).toBeNull());
  });
});

describe('a route that needs a permission', () => {
  async function withRoles(path: string, roles: readonly Role[]) {
    // Signed in on this page: the shell does not check the Firebase session again.
    const session = { ...signedIn, origin: 'signed-in' as const };
    const services = fakeServices({
      session,
      fetch: (url) => (url === '/api/session/user' ? envelope(session.user) : envelope(null)),
    });
    services.realtimeSession.set({ status: 'connected' });
    return renderApp(
      <RoleSourceProvider source={memoryRoleSource(rolesInUse(roles))}>
        <AppRoutes />
      </RoleSourceProvider>,
      { path, services },
    );
  }

  it('is the chat, which names chat.read', () => {
    expect(shellRoutes.find((route) => route.path === '/chats/:groupid')?.permission).toBe(
      'chat.read',
    );
  });

  it('shows, in the shell, which roles open it to an admin whose roles do not, and leads home', async () => {
    const user = userEvent.setup();
    const rendered = await withRoles('/chats/5', ['prices']);
    const page = await screen.findByTestId('needs-role');
    expect(
      within(page).getByRole('heading', { name: 'Your roles do not open this page' }),
    ).toBeVisible();
    expect(page).toHaveTextContent('Needs the Support, Auditor, or Owner role');
    expect(screen.getByTestId('page-title')).toHaveTextContent('Chat');
    expect(rendered.location()).toBe('/chats/5');

    await user.click(within(page).getByRole('link', { name: 'Back to home' }));
    await waitFor(() => expect(rendered.location()).toBe('/all-users'));
    await waitFor(() => expect(screen.queryByTestId('needs-role')).toBeNull());
    expect(screen.getByTestId('page-title')).toHaveTextContent('All Users');
    // The route change's progress bar runs out before the test ends.
    await waitFor(() => expect(screen.queryByTestId('route-progress')).toBeNull());
  });

  it('is the Admins screen, which names roles.manage: only an owner opens it', async () => {
    expect(shellRoutes.find((route) => route.path === '/admins')?.permission).toBe('roles.manage');
    await withRoles('/admins', ['support', 'users', 'prices']);
    const page = await screen.findByTestId('needs-role');
    expect(page).toHaveTextContent('Needs the Owner role');
    expect(screen.getByTestId('page-title')).toHaveTextContent('Admins');
  });

  it('opens the Admins screen to an owner', async () => {
    await withRoles('/admins', ['owner']);
    expect(await screen.findByRole('table', { name: 'Admins' })).toBeVisible();
    expect(screen.queryByTestId('needs-role')).toBeNull();
  });

  it('leaves the pages that name no permission open to every role', async () => {
    await withRoles('/complaints', ['prices']);
    expect(await screen.findByTestId('page-title')).toHaveTextContent('Complaints');
    expect(screen.queryByTestId('needs-role')).toBeNull();
  });
});
