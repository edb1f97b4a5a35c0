import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { toast } from '@/lib/toast';
import { envelope } from '@/testing/fakes';
import { DEFAULT_CAPABILITIES } from '@contracts/upstream/capabilities';
import { renderApp } from '@/testing/render';
import { LoginPage } from './login-page';

const admin = { id: 1, name: 'Ada Admin', email: 'admin@x.test', role: ['admin'], device_ids: [] };

async function fillIn(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  return user;
}

describe('the sign-in page', () => {
  it('shows the welcome text of the sign-in area', async () => {
    await renderApp(<LoginPage />);
    expect(
      screen.getByText(/AI, IoT, big data, robotics, machine learning and analytics/),
    ).toBeVisible();
  });

  it('says "Required field" for each empty field once touched', async () => {
    await renderApp(<LoginPage />);
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Email'));
    await user.click(screen.getByLabelText('Password'));
    await user.click(document.body);
    expect(await screen.findAllByText('Required field')).toHaveLength(2);
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('explains a malformed e-mail and a short password', async () => {
    await renderApp(<LoginPage />);
    const user = await fillIn('ab', 'ab');
    await user.tab();
    expect(await screen.findByText('Wrong email format')).toBeVisible();
    expect(await screen.findByText('Minimum 3 symbols')).toBeVisible();
  });

  it('marks a field valid once it is touched and correct', async () => {
    await renderApp(<LoginPage />);
    const user = await fillIn('admin@x.test', '');
    await user.tab();
    await waitFor(() =>
      expect(screen.getByLabelText('Email')).toHaveAttribute('data-valid', 'true'),
    );
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
  });

  it('says "Maximum 50 symbols" past 50 characters', async () => {
    await renderApp(<LoginPage />);
    const user = await fillIn('admin@x.test', 'p'.repeat(51));
    await user.tab();
    expect(await screen.findByText('Maximum 50 symbols')).toBeVisible();
  });

  it('signs an admin in: stores token and user, sends an empty device id without push', async () => {
    const { services } = await renderApp(<LoginPage />, {
      fetch: () => envelope({ user: admin, token: 'api-token', firebaseToken: 'custom' }),
    });
    const user = await fillIn('admin@x.test', 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(services.session.get()?.token).toBe('api-token'));
    expect(services.storage.getItem(STORAGE_KEYS.token)).toBe('api-token');
    expect(JSON.parse(services.storage.getItem(STORAGE_KEYS.user) ?? '{}')).toMatchObject({
      id: 1,
      role: ['admin'],
      deviceToken: '',
    });
    const [url, init] = services.fetch.mock.calls.find(([url]) => url === '/api/login') ?? [];
    expect(url).toBe('/api/login');
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'admin@x.test',
      password: 'secret',
      device_id: '',
    });
  });

  it('signs an admin in without a Firebase session when the API could mint none, and says so', async () => {
    const warning = vi.spyOn(toast, 'warning').mockImplementation(() => {});
    const { services } = await renderApp(<LoginPage />, {
      fetch: () =>
        envelope({
          user: admin,
          token: 'api-token',
          firebaseUnavailable: { reason: 'signing-refused' },
        }),
    });
    const user = await fillIn('admin@x.test', 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(services.session.get()?.token).toBe('api-token'));
    expect(services.realtimeSession.get()).toEqual({
      status: 'unavailable',
      reason: 'signing-refused',
    });
    await waitFor(() =>
      expect(warning).toHaveBeenCalledWith(
        'Signed in, but chat and live notifications are unavailable right now.',
      ),
    );
    expect(screen.queryByText('The login detail is incorrect')).toBeNull();
    warning.mockRestore();
  });

  it("shows the translated invalid-login message, not the server's, when the API refuses", async () => {
    const { services } = await renderApp(<LoginPage />, {
      fetch: () => envelope(null, 0, 'Invalid credentials (upstream wording)'),
    });
    const user = await fillIn('admin@x.test', 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('The login detail is incorrect')).toBeVisible();
    expect(screen.queryByText(/upstream wording/)).toBeNull();
    expect(services.session.get()).toBeNull();
  });

  it('refuses an account that is not an admin even if the API let it through', async () => {
    const { services } = await renderApp(<LoginPage />, {
      fetch: () => envelope({ user: { ...admin, role: ['user'] }, token: 't' }),
    });
    const user = await fillIn('user@x.test', 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('The login detail is incorrect')).toBeVisible();
    expect(services.session.get()).toBeNull();
  });

  it('shows "Something went wrong !" when the network fails', async () => {
    await renderApp(<LoginPage />, {
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const user = await fillIn('admin@x.test', 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Something went wrong !')).toBeVisible();
  });

  it('shows a spinner and disables the button while submitting', async () => {
    let answer: (response: Response) => void = () => {};
    await renderApp(<LoginPage />, {
      fetch: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const user = await fillIn('admin@x.test', 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    const button = screen.getByTestId('login-submit');
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button.querySelector('[data-slot="spinner"]')).not.toBeNull();
    answer(envelope(null, 0, 'no'));
    await waitFor(() => expect(button).toBeEnabled());
    expect(button.querySelector('[data-slot="spinner"]')).toBeNull();
  });

  it('links to the forgotten-password and sign-up screens', async () => {
    await renderApp(<LoginPage />);
    expect(await screen.findByRole('link', { name: 'Forgot Password?' })).toHaveAttribute(
      'href',
      '/auth/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute(
      'href',
      '/auth/registration',
    );
  });

  it('does not call the API for an invalid form', async () => {
    const { services } = await renderApp(<LoginPage />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findAllByText('Required field')).toHaveLength(2);
    // The capabilities, asked once the page is idle, are the only call it may have made.
    const calls = services.fetch.mock.calls.map(([url]) => url);
    expect(calls.filter((url) => url !== '/api/capabilities')).toEqual([]);
  });

  it.each([
    ['sign-up', { registration: false }, 'Forgot Password?', 'Sign Up'],
    ['reset', { passwordRequest: false }, 'Sign Up', 'Forgot Password?'],
  ])('offers no %s link when the upstream has no such call', async (_n, off, shown, absent) => {
    await renderApp(<LoginPage />, {
      fetch: (url) =>
        url === '/api/capabilities'
          ? envelope({ ...DEFAULT_CAPABILITIES, ...off })
          : envelope(null),
    });
    // The other link shows once the capabilities are read.
    expect(await screen.findByRole('link', { name: shown })).toBeVisible();
    expect(screen.queryByRole('link', { name: absent })).toBeNull();
  });
});
