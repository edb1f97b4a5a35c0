import { Suspense } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { demoUserRecordSchema as demoUserSchema } from '@/lib/demo-user';
import { renderApp } from '@/testing/render';
import { DEMO_USER } from './demo-user';
import { UserProfilePage } from './user-profile-page';

async function renderProfile(path = '/user-profile') {
  const rendered = await renderApp(
    <Suspense fallback={null}>
      <UserProfilePage />
    </Suspense>,
    { path },
  );
  await screen.findByTestId('profile-summary', undefined, { timeout: 10_000 });
  return rendered;
}

const field = (section: string, label: string) => {
  const term = within(screen.getByTestId(section)).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
};

describe('the user profile', () => {
  it('keeps the demo user to its known fields', () => {
    expect(Object.keys(demoUserSchema.shape)).toEqual([
      'id',
      'username',
      'password',
      'email',
      'authToken',
      'refreshToken',
      'roles',
      'pic',
      'fullname',
      'firstname',
      'lastname',
      'occupation',
      'companyName',
      'phone',
      'language',
      'timeZone',
      'website',
      'emailSettings',
      'communication',
      'address',
      'socialNetworks',
    ]);
  });

  it("shows My Profile by default with the demo user's fields, never its password or tokens", async () => {
    const rendered = await renderProfile();
    expect(screen.getByRole('tab', { name: 'My Profile' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByTestId('profile-fullname')).toHaveTextContent('Sean Stark');
    expect(field('profile-personal', 'First name')).toBe('Sean');
    expect(field('profile-personal', 'Company')).toBe('Keenthemes');
    expect(field('profile-account', 'Username')).toBe('admin');
    expect(field('profile-account', 'Roles')).toBe('Administrator');
    expect(field('profile-account', 'Language')).toBe('English');
    expect(field('profile-account', 'Time zone')).toBe('International Date Line West');
    expect(field('profile-address', 'City')).toBe('San Francisco');
    expect(field('profile-address', 'Post code')).toBe('45000');
    expect(field('profile-social', 'LinkedIn')).toBe('https://linkedin.com/admin');
    const channels = screen.getByTestId('profile-communication');
    expect(within(channels).getByText('SMS').nextElementSibling).toHaveTextContent('On');
    expect(within(channels).getByText('Phone').nextElementSibling).toHaveTextContent('Off');
    const page = rendered.container.textContent ?? '';
    // The password ('demo') is also part of the e-mail address: look for its label instead.
    expect(screen.queryByText(/password/i)).toBeNull();
    expect(page).not.toContain(DEMO_USER.authToken);
    expect(page).not.toContain(DEMO_USER.refreshToken);
  });

  it('opens My Messages, in the address too; reading a message marks it read', async () => {
    const rendered = await renderProfile();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'My Messages' }));
    expect(rendered.location()).toBe('/user-profile?tab=messages');
    const inbox = await screen.findByTestId('profile-messages');
    expect(within(inbox).getByRole('heading', { level: 2 })).toHaveTextContent('2 unread');
    const message = within(inbox).getByTestId('message-m2');
    expect(message).toHaveTextContent("Kevin JonesNew1h agoTomorrow's fuel prices");
    expect(message).toHaveAttribute('aria-expanded', 'false');
    await user.click(message);
    expect(message).toHaveAttribute('aria-expanded', 'true');
    expect(within(inbox).getByTestId('message-m2-body')).toHaveTextContent(
      'The new prices for the north region are in.',
    );
    expect(message).not.toHaveTextContent('New');
    expect(within(inbox).getByRole('heading', { level: 2 })).toHaveTextContent('1 unread');
  });

  it('starts on My Messages with ?tab=messages', async () => {
    await renderProfile('/user-profile?tab=messages');
    expect(screen.getByRole('tab', { name: 'My Messages' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await screen.findByTestId('profile-messages')).toBeVisible();
  });
});
