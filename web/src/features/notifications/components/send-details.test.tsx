import { Suspense } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Alert } from '@contracts/push/alerts';
import { renderApp } from '@/testing/render';
import { NOW } from '@/testing/notifications/memory-alert-store';
import { SendDetails } from './send-details';

const base = {
  notificationId: '-A1',
  title: 'Prices drop tomorrow',
  description: 'Regular is 10¢ cheaper.',
  image: '',
  timeStamp: NOW,
};

const toGroup: Alert = {
  ...base,
  userName: 'Drivers (old name)',
  target: 'group',
  groupId: '5',
  delivery: {
    sent: 1200,
    failed: 7,
    at: NOW,
    devices: 1207,
    transient: 4,
    permanent: 3,
    pruned: 2,
    group: { id: '5', name: 'Downtown LA Drivers' },
  },
};

async function render(alert: Alert) {
  return renderApp(
    <Suspense fallback={null}>
      <SendDetails alert={alert} />
    </Suspense>,
  );
}

/** Each term of the open details with the value beside it. */
async function figures() {
  const list = await screen.findByTestId('send-details');
  const terms = within(list)
    .getAllByRole('term')
    .map((term) => term.textContent);
  const values = within(list)
    .getAllByRole('definition')
    .map((value) => value.textContent);
  return Object.fromEntries(terms.map((term, at) => [term, values[at]]));
}

describe('the details of a send', () => {
  it('opens from the keyboard with every figure of the delivery record', async () => {
    const user = userEvent.setup();
    await render(toGroup);
    await screen.findByRole('button', { name: 'Details of the send “Prices drop tomorrow”' });
    await user.tab();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Send details' })).toBeVisible();
    expect(await figures()).toEqual({
      Audience: 'Group: Downtown LA Drivers',
      'Devices targeted': '1,207',
      Sent: '1,200',
      Failed: '7',
      'Failed for now (may succeed later)': '4',
      'Failed for good (token no longer valid)': '3',
      'Dead tokens removed': '2',
      When: 'Jan 15, 2025, 12:00 PM',
    });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('reads a record written before the failures were split: what it lacks is not recorded', async () => {
    const user = userEvent.setup();
    await render({
      ...base,
      userName: 'Olivia Martinez',
      target: 'user',
      userId: '42',
      delivery: { sent: 3, failed: 1, at: NOW, error: 'messaging/invalid-argument' },
    });
    await user.click(await screen.findByRole('button', { name: /Details/ }));
    expect(await figures()).toMatchObject({
      Audience: 'One user: Olivia Martinez',
      'Devices targeted': '4',
      'Failed for now (may succeed later)': 'Not recorded',
      'Failed for good (token no longer valid)': 'Not recorded',
      'Dead tokens removed': 'Not recorded',
    });
    expect(screen.getByText('Refused by FCM: messaging/invalid-argument')).toBeVisible();
  });

  it('names everyone as the audience of a send to all', async () => {
    const user = userEvent.setup();
    await render({
      ...base,
      userName: 'All Users',
      target: 'all',
      delivery: { sent: 0, failed: 0, at: NOW },
    });
    await user.click(await screen.findByRole('button', { name: /Details/ }));
    expect((await figures()).Audience).toBe('Everyone');
  });

  it('offers no details before the push has reported', async () => {
    await renderApp(
      <Suspense fallback={null}>
        <SendDetails alert={{ ...base, title: 'Pending', userName: 'All Users', target: 'all' }} />
        <SendDetails alert={toGroup} />
      </Suspense>,
    );
    await screen.findByRole('button', { name: /Prices drop tomorrow/ });
    expect(screen.getAllByRole('button')).toHaveLength(1);
  });
});
