import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import { DEFAULT_CAPABILITIES } from '@contracts/upstream/capabilities';
import { toast } from '@/lib/toast';
import { envelope } from '@/testing/fakes';
import { renderApp } from '@/testing/render';
import { ForgotPasswordPage } from './forgot-password-page';
import { ResetPasswordPage } from './reset-password-page';

describe('the forgotten-password page', () => {
  it('says who resets passwords when the upstream cannot send a link, and asks nothing', async () => {
    const { services } = await renderApp(<ForgotPasswordPage />, {
      fetch: () => envelope({ ...DEFAULT_CAPABILITIES, passwordRequest: false }),
    });
    expect(await screen.findByText(/Ask an administrator to reset your password/)).toBeVisible();
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute(
      'href',
      '/auth/login',
    );
    expect(services.fetch.mock.calls.map(([url]) => url)).toEqual(['/api/capabilities']);
  });

  it('asks the API to e-mail a reset link and says so', async () => {
    const { services } = await renderApp(<ForgotPasswordPage />, {
      fetch: () => envelope(null, 1, ''),
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(/a reset link is on its way/)).toBeVisible();
    const [url, init] =
      services.fetch.mock.calls.find(([url]) => url !== '/api/capabilities') ?? [];
    expect(url).toBe('/api/password/email');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'ann@example.com' });
  });

  it("shows the server's message when the request is refused", async () => {
    await renderApp(<ForgotPasswordPage />, {
      fetch: () => envelope(null, 0, 'We can not find a user with that email address.'),
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(
      await screen.findByText('We can not find a user with that email address.'),
    ).toBeVisible();
  });
});

function renderReset(fetch: () => Response | Promise<Response>) {
  return renderApp(
    <Route path="/auth/forgot-password/:token/:email" component={ResetPasswordPage} />,
    { path: '/auth/forgot-password/reset-token/ann%40example.com', fetch },
  );
}

describe('the reset-password page', () => {
  it('names each missing field', async () => {
    await renderReset(() => envelope(null));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('New Password is required')).toBeVisible();
    expect(screen.getByText('Password confirmation is required')).toBeVisible();
  });

  it("says the passwords didn't match", async () => {
    await renderReset(() => envelope(null));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New password'), 'secret');
    await user.type(screen.getByLabelText('Confirm password'), 'secreT');
    await user.tab();
    expect(await screen.findByText("Password and Confirm Password didn't match")).toBeVisible();
  });

  it('keeps the new password to 3 to 50 characters, as sign-in requires, and sends nothing', async () => {
    const fetch = vi.fn(() => envelope(null));
    await renderReset(fetch);
    const user = userEvent.setup();
    const password = screen.getByLabelText('New password');
    await user.type(password, 'ab');
    await user.type(screen.getByLabelText('Confirm password'), 'ab');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription('Minimum 3 symbols'));
    await user.clear(password);
    await user.type(password, 'p'.repeat(51));
    await user.tab();
    await waitFor(() => expect(password).toHaveAccessibleDescription('Maximum 50 symbols'));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends token, e-mail and both passwords; success toasts the message and goes to sign-in', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
    const rendered = await renderReset(() => envelope(null, 1, 'Your password has been reset.'));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New password'), 'secret');
    await user.type(screen.getByLabelText('Confirm password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(rendered.location()).toBe('/auth/login'));
    expect(success).toHaveBeenCalledWith('Your password has been reset.');
    const [url, init] =
      rendered.services.fetch.mock.calls.find(([url]) => url !== '/api/capabilities') ?? [];
    expect(url).toBe('/api/password/reset');
    expect(JSON.parse(String(init?.body))).toEqual({
      token: 'reset-token',
      email: 'ann@example.com',
      password: 'secret',
      password_confirmation: 'secret',
    });
  });

  it("shows the server's message as the form status on failure", async () => {
    await renderReset(() => envelope(null, 0, 'This password reset token is invalid.'));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New password'), 'secret');
    await user.type(screen.getByLabelText('Confirm password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('This password reset token is invalid.')).toBeVisible();
  });
});
