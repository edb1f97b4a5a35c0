import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CAPABILITIES } from '@contracts/upstream/capabilities';
import { envelope } from '@/testing/fakes';
import { renderApp } from '@/testing/render';
import { RegistrationPage } from './registration-page';

const created = {
  user: { id: 9, name: 'Ann Lee', email: 'ann@example.com', role: ['user'], device_ids: [] },
  token: 'app-token',
};

async function fillForm(overrides: Partial<Record<string, string>> = {}) {
  const user = userEvent.setup();
  const values = {
    'Full name': 'Ann Lee',
    Email: 'ann@example.com',
    Username: 'annlee',
    Password: 'secret',
    'Confirm password': 'secret',
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) {
    if (value) await user.type(screen.getByLabelText(label), value);
  }
  return user;
}

describe('the registration page', () => {
  it('says how to get an account when the upstream offers no sign-up, and asks nothing', async () => {
    await renderApp(<RegistrationPage />, {
      fetch: () => envelope({ ...DEFAULT_CAPABILITIES, registration: false }),
    });
    expect(await screen.findByText(/Ask an administrator for an account/)).toBeVisible();
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toBeVisible();
  });

  it('keeps Submit disabled until the form is valid and the terms are accepted', async () => {
    await renderApp(<RegistrationPage />);
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    const user = await fillForm();
    expect(submit).toBeDisabled();
    await user.click(screen.getByRole('checkbox'));
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(screen.getByRole('checkbox'));
    await waitFor(() => expect(submit).toBeDisabled());
  });

  it('says "Required field" for each empty field once touched', async () => {
    await renderApp(<RegistrationPage />);
    const user = userEvent.setup();
    const labels = ['Full name', 'Email', 'Username', 'Password', 'Confirm password'];
    for (const label of labels) await user.click(screen.getByLabelText(label));
    await user.click(document.body);
    expect(await screen.findAllByText('Required field')).toHaveLength(labels.length);
    for (const label of labels) {
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    }
  });

  it('says "Minimum 3 symbols" and "Maximum 50 symbols" outside 3 to 50 characters', async () => {
    await renderApp(<RegistrationPage />);
    const user = await fillForm({
      'Full name': 'An',
      Email: `${'a'.repeat(45)}@x.com`,
      Username: 'u'.repeat(51),
      Password: 'ab',
      'Confirm password': 'ab',
    });
    await user.tab();
    const described = (label: string) => screen.getByLabelText(label);
    await waitFor(() =>
      expect(described('Full name')).toHaveAccessibleDescription('Minimum 3 symbols'),
    );
    expect(described('Email')).toHaveAccessibleDescription('Maximum 50 symbols');
    expect(described('Username')).toHaveAccessibleDescription('Maximum 50 symbols');
    expect(described('Password')).toHaveAccessibleDescription('Minimum 3 symbols');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
  });

  it('says "Wrong email format" for a malformed e-mail', async () => {
    await renderApp(<RegistrationPage />);
    const user = await fillForm({ Email: 'ann.example.com' });
    await user.tab();
    await waitFor(() =>
      expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Wrong email format'),
    );
  });

  it("says the passwords didn't match", async () => {
    await renderApp(<RegistrationPage />);
    const user = await fillForm({ 'Confirm password': 'other' });
    await user.tab();
    expect(await screen.findByText("Password and Confirm Password didn't match")).toBeVisible();
  });

  it('asks for the terms once the checkbox was touched', async () => {
    await renderApp(<RegistrationPage />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('checkbox'));
    await user.tab();
    expect(await screen.findByText('You must accept the terms and conditions')).toBeVisible();
  });

  it('opens the terms in a new tab and cancels back to sign-in', async () => {
    await renderApp(<RegistrationPage />);
    const links = screen.getAllByRole('link', { name: 'Terms and Conditions' });
    const inLabel = links.find((link) => link.closest('label'));
    expect(inLabel).toHaveAttribute('href', '/terms');
    expect(inLabel).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/auth/login');
  });

  it('registers, sends the fields the API takes, and says only admins may enter', async () => {
    const { services } = await renderApp(<RegistrationPage />, { fetch: () => envelope(created) });
    const user = await fillForm();
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(/Only administrators can sign in/)).toBeVisible();
    const [url, init] =
      services.fetch.mock.calls.find(([url]) => url !== '/api/capabilities') ?? [];
    expect(url).toBe('/api/register');
    expect(JSON.parse(String(init?.body))).toEqual({
      fullname: 'Ann Lee',
      email: 'ann@example.com',
      username: 'annlee',
      password: 'secret',
    });
    expect(services.session.get()).toBeNull();
  });

  it('shows a spinner and keeps Submit disabled while the request is in flight', async () => {
    let answer: (response: Response) => void = () => {};
    await renderApp(<RegistrationPage />, {
      fetch: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const user = await fillForm();
    await user.click(screen.getByRole('checkbox'));
    const submit = screen.getByTestId('registration-submit');
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    await waitFor(() => expect(submit).toBeDisabled());
    expect(submit).toHaveAttribute('aria-busy', 'true');
    expect(submit.querySelector('[data-slot="spinner"]')).not.toBeNull();
    answer(envelope(null, 0, { email: ['The email has already been taken.'] }));
    expect(await screen.findByText('The email has already been taken.')).toBeVisible();
    await waitFor(() => expect(submit).toBeEnabled());
    expect(submit.querySelector('[data-slot="spinner"]')).toBeNull();
  });

  it("shows the server's reason when registration is refused", async () => {
    await renderApp(<RegistrationPage />, {
      fetch: () => envelope(null, 0, { email: ['The email has already been taken.'] }),
    });
    const user = await fillForm();
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('The email has already been taken.')).toBeVisible();
  });

  it('falls back to the invalid-login message when the refusal has no reason', async () => {
    await renderApp(<RegistrationPage />, { fetch: () => envelope(null, 0, '') });
    const user = await fillForm();
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('The login detail is incorrect')).toBeVisible();
  });
});
