import { Suspense } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ChangeStoreProvider, type ChangeStore } from '@/lib/changes/change-store';
import { memoryChangeStore, storedPolicy } from '@/testing/changes';
import { fakeServices, sessionFor } from '@/testing/fakes';
import { renderApp } from '@/testing/render';
import {
  ScheduledStoreProvider,
  type PendingScheduled,
  type ScheduledList,
  type ScheduledStore,
} from '../api/scheduled-store';
import { ScheduledSection } from './scheduled-section';

// The fake services' clock: 2025-01-15 20:00 UTC, noon in Los Angeles (winter time, UTC-8).
const NOW = Date.UTC(2025, 0, 15, 20, 0);

function entry(key: string, fields: Partial<PendingScheduled> = {}): PendingScheduled {
  return {
    key,
    notificationId: key,
    title: `Notice ${key}`,
    description: 'Diesel is down',
    image: '',
    userName: 'All Users',
    timeStamp: NOW - 60_000,
    target: 'all',
    sendAt: Date.UTC(2025, 0, 16, 17, 0),
    createdBy: '1',
    status: 'pending',
    ...fields,
  } as PendingScheduled;
}

/** A store over a list in memory, telling its listener of every change. */
function memoryStore(initial: PendingScheduled[]) {
  let pending = initial;
  let listener: (list: ScheduledList) => void = () => {};
  const tell = () => listener({ status: 'ready', pending: [...pending] });
  const store: ScheduledStore = {
    schedule: vi.fn(async () => 'new'),
    edit: vi.fn(async (key: string, change) => {
      pending = pending.map((e) => (e.key === key ? { ...e, ...change } : e));
      tell();
    }),
    cancel: vi.fn(async (key: string) => {
      pending = pending.filter((e) => e.key !== key);
      tell();
    }),
    watchPending: (next) => {
      listener = next;
      tell();
      return () => {};
    },
  };
  return store;
}

/** The policy of a deployment that lets an admin push to everyone alone. */
const policyOff = () => memoryChangeStore({ policy: storedPolicy({ pushAll: false }) }).store;

async function renderSection(store: ScheduledStore, changes: ChangeStore = policyOff()) {
  const services = fakeServices({ session: sessionFor() });
  // The admin's database session is there (the policy is read from the database).
  services.realtimeSession.set({ status: 'connected' });
  return renderApp(
    <ChangeStoreProvider store={changes}>
      <ScheduledStoreProvider store={store}>
        <Suspense fallback={null}>
          <ScheduledSection />
          <p>rendered</p>
        </Suspense>
      </ScheduledStoreProvider>
    </ChangeStoreProvider>,
    { services },
  );
}

describe('the Scheduled section of the history', () => {
  it('is not shown while nothing is scheduled', async () => {
    await renderSection(memoryStore([]));
    await screen.findByText('rendered');
    expect(screen.queryByRole('region', { name: 'Scheduled' })).toBeNull();
  });

  it('lists each pending send with its audience and its Los Angeles time', async () => {
    await renderSection(
      memoryStore([
        entry('k1'),
        entry('k2', {
          target: 'user',
          userId: '7',
          userName: 'Olivia',
        } as Partial<PendingScheduled>),
      ]),
    );
    const section = await screen.findByRole('region', { name: 'Scheduled' });
    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0] as HTMLElement).getByText('To All users')).toBeVisible();
    expect(within(items[0] as HTMLElement).getByText('Jan 16, 2025, 9:00 AM')).toBeVisible();
    expect(within(items[1] as HTMLElement).getByText('To Olivia')).toBeVisible();
  });

  it('edits one in the composer: its values and time come back, the new ones are saved', async () => {
    const user = userEvent.setup();
    const store = memoryStore([entry('k1')]);
    await renderSection(store);
    const edit = () =>
      screen.getByRole('button', { name: 'Edit the scheduled notification Notice k1' });
    // Held until the policy is read: this deployment lets an admin push to everyone alone.
    await waitFor(() => expect(edit()).not.toHaveAttribute('aria-disabled'));
    await user.click(edit());
    const dialog = await screen.findByRole('dialog', { name: 'Edit the scheduled notification' });
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Notice k1');
    expect(within(dialog).getByLabelText('Date (Los Angeles)')).toHaveValue('2025-01-16');
    expect(within(dialog).getByLabelText('Time (Los Angeles)')).toHaveValue('09:00');

    await user.clear(within(dialog).getByLabelText('Time (Los Angeles)'));
    await user.type(within(dialog).getByLabelText('Time (Los Angeles)'), '11:00');
    await user.clear(within(dialog).getByLabelText('Date (Los Angeles)'));
    await user.type(within(dialog).getByLabelText('Date (Los Angeles)'), '2025-01-15');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByText('That time has passed: choose a time in the future.');
    expect(store.edit).not.toHaveBeenCalled();

    await user.clear(within(dialog).getByLabelText('Date (Los Angeles)'));
    await user.type(within(dialog).getByLabelText('Date (Los Angeles)'), '2025-07-04');
    await user.clear(within(dialog).getByLabelText('Title'));
    await user.type(within(dialog).getByLabelText('Title'), 'Holiday prices');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(store.edit).toHaveBeenCalledWith('k1', {
        title: 'Holiday prices',
        description: 'Diesel is down',
        // Summer time: 11:00 in Los Angeles is 18:00 UTC.
        sendAt: Date.UTC(2025, 6, 4, 18, 0),
      }),
    );
    expect(await screen.findByText('Holiday prices')).toBeVisible();
  });

  it('refuses to edit a send to everyone while the policy holds such sends, and says why', async () => {
    const user = userEvent.setup();
    const store = memoryStore([entry('k1'), entry('k2', { target: 'user', userName: 'Ann' })]);
    // The default policy: pushes to everyone wait for approval.
    await renderSection(store, memoryChangeStore({ policy: storedPolicy() }).store);

    const toAll = await screen.findByRole('button', {
      name: 'Edit the scheduled notification Notice k1',
    });
    expect(toAll).toHaveAttribute('aria-disabled', 'true');
    expect(toAll).toHaveAccessibleDescription(
      'Sends to everyone wait for approval, so this one cannot be changed here: cancel it and ask for a new send.',
    );
    await user.click(toAll);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(
      screen.getByRole('button', { name: 'Cancel the scheduled notification Notice k1' }),
    ).not.toHaveAttribute('aria-disabled');

    const toOne = screen.getByRole('button', { name: 'Edit the scheduled notification Notice k2' });
    expect(toOne).not.toHaveAttribute('aria-disabled');
    await user.click(toOne);
    expect(
      await screen.findByRole('dialog', { name: 'Edit the scheduled notification' }),
    ).toBeVisible();
  });

  it('cancels one after a confirmation, and hides once none is left', async () => {
    const user = userEvent.setup();
    const store = memoryStore([entry('k1')]);
    await renderSection(store);
    await user.click(
      await screen.findByRole('button', { name: 'Cancel the scheduled notification Notice k1' }),
    );
    const confirm = await screen.findByTestId('cancel-scheduled-dialog');
    expect(within(confirm).getByText('"Notice k1" will not be sent.')).toBeVisible();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel the send' }));
    await waitFor(() => expect(store.cancel).toHaveBeenCalledWith('k1'));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Scheduled' })).toBeNull());
  });
});
