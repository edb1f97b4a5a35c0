import { Suspense } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@contracts/upstream/upstream';
import { toast } from '@/lib/toast';
import { envelope, fakeServices, sessionFor } from '@/testing/fakes';
import { renderApp } from '@/testing/render';
import { AlertStoreProvider } from '../api/alert-store';
import { ScheduledStoreProvider, type ScheduledStore } from '../api/scheduled-store';
import { SendNotificationPage } from '../send-notification-page';
import { memoryAlertStore } from '@/testing/notifications/memory-alert-store';

const users: User[] = [{ id: 42, name: 'Olivia Martinez', image: null, device_ids: ['d1'] }];

afterEach(() => vi.restoreAllMocks());

async function openComposer() {
  const memory = memoryAlertStore();
  const scheduled: ScheduledStore = {
    schedule: vi.fn(async () => '-S1'),
    edit: vi.fn(async () => {}),
    cancel: vi.fn(async () => {}),
    watchPending: () => () => {},
  };
  await renderApp(
    <AlertStoreProvider store={memory.store}>
      <ScheduledStoreProvider store={scheduled}>
        <Suspense fallback={null}>
          <SendNotificationPage />
        </Suspense>
      </ScheduledStoreProvider>
    </AlertStoreProvider>,
    {
      services: fakeServices({
        fetch: (url) => (url === '/api/admin/user' ? envelope(users) : envelope(null, 0, 'no')),
        session: sessionFor(),
      }),
    },
  );
  const user = userEvent.setup();
  await user.click(
    await screen.findByRole('button', { name: 'Send a notification to Olivia Martinez' }),
  );
  const dialog = await screen.findByRole(
    'dialog',
    { name: 'Send a notification to Olivia Martinez' },
    { timeout: 5000 },
  );
  await user.type(within(dialog).getByLabelText('Title'), 'Prices drop tomorrow');
  await user.type(within(dialog).getByLabelText('Description'), 'Regular is 10¢ cheaper.');
  return { user, dialog, memory, scheduled };
}

describe('Send later in the composer', () => {
  it('schedules the notification at the Los Angeles time chosen, and sends nothing now', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
    const { user, dialog, memory, scheduled } = await openComposer();
    await user.click(within(dialog).getByRole('switch', { name: 'Send later' }));
    // The fake clock is Jan 15, 2025, noon in Los Angeles.
    await user.type(within(dialog).getByLabelText('Date (Los Angeles)'), '2025-01-15');
    await user.type(within(dialog).getByLabelText('Time (Los Angeles)'), '18:45');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(scheduled.schedule).toHaveBeenCalledWith(
      {
        title: 'Prices drop tomorrow',
        description: 'Regular is 10¢ cheaper.',
        image: '',
        userName: 'Olivia Martinez',
        target: 'user',
        userId: '42',
      },
      Date.UTC(2025, 0, 16, 2, 45),
    );
    expect(memory.sent).toEqual([]);
    expect(success).toHaveBeenCalledWith(
      'Notification scheduled for Jan 15, 2025, 6:45 PM (Los Angeles time)',
    );
  });

  it('says why a time cannot be used, and schedules nothing', async () => {
    const { user, dialog, scheduled } = await openComposer();
    await user.click(within(dialog).getByRole('switch', { name: 'Send later' }));
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(
      await within(dialog).findByText('Choose a date and a time to send it later.'),
    ).toBeVisible();
    await user.type(within(dialog).getByLabelText('Date (Los Angeles)'), '2025-01-15');
    await user.type(within(dialog).getByLabelText('Time (Los Angeles)'), '11:59');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(
      await within(dialog).findByText('That time has passed: choose a time in the future.'),
    ).toBeVisible();
    expect(within(dialog).getByLabelText('Time (Los Angeles)')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(scheduled.schedule).not.toHaveBeenCalled();
  });
});
