import { act } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REJECTION_REASON_MAX, REQUEST_EXPIRY_HOURS } from '@contracts/changes/changes';
import { DEADLINE_REMINDER_LEAD_MS } from '@contracts/prices/price-deadline';
import { JUMP_SHARE } from '@contracts/prices/price-warnings';
import type { Role } from '@contracts/admins/roles';
import { ChangeStoreProvider } from '@/lib/changes/change-store';
import { toast } from '@/lib/toast';
import { memoryChangeStore, storedPolicy } from '@/testing/changes';
import { envelope, fakeServices, sessionFor } from '@/testing/fakes';
import { renderApp } from '@/testing/render';
import { memoryRoleSource, rolesInUse, tooltipsLoaded, WithRoles } from '@/testing/roles';
import english from '../locales/en.json';
import { PolicyCard } from './policy-card';

interface Call {
  method: string;
  url: string;
  body: unknown;
}

async function renderCard({
  changes = memoryChangeStore({ policy: storedPolicy() }),
  roles,
  answer = () => envelope(null),
}: {
  changes?: ReturnType<typeof memoryChangeStore>;
  roles?: readonly Role[];
  answer?: () => Response;
} = {}) {
  const calls: Call[] = [];
  const services = fakeServices({
    session: sessionFor(),
    fetch: (url, init) => {
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
      calls.push({ method: init.method ?? 'GET', url, body });
      return answer();
    },
  });
  services.realtimeSession.set({ status: 'connected' });
  const card = (
    <ChangeStoreProvider store={changes.store}>
      <PolicyCard />
    </ChangeStoreProvider>
  );
  const source = memoryRoleSource(rolesInUse(roles ?? []));
  await renderApp(roles ? <WithRoles source={source}>{card}</WithRoles> : card, { services });
  const policy = await screen.findByTestId('change-policy');
  await within(policy).findAllByRole('switch');
  return { calls, changes, policy: within(policy) };
}

const pushAll = () =>
  screen.getByRole('switch', { name: 'A push to everyone needs a second admin' });
const priceWarnings = () =>
  screen.getByRole('switch', { name: 'A price save with a warning needs a second admin' });
const userDelete = () =>
  screen.getByRole('switch', { name: 'Deleting a user needs a second admin' });
const groupDelete = () =>
  screen.getByRole('switch', { name: 'Deleting a group needs a second admin' });
const hours = () => screen.getByRole('spinbutton', { name: 'Hours before a request expires' });
const deadline = () => screen.getByLabelText('Price deadline (Los Angeles time)');

afterEach(() => vi.restoreAllMocks());

describe('the Policy card', () => {
  it('shows the stored policy live, and the defaults while none is stored', async () => {
    const { changes, policy } = await renderCard({ changes: memoryChangeStore() });
    expect(pushAll()).toBeChecked();
    expect(priceWarnings()).toBeChecked();
    expect(userDelete()).not.toBeChecked();
    expect(groupDelete()).not.toBeChecked();
    expect(hours()).toHaveValue(48);
    expect(deadline()).toHaveValue('17:00');
    expect(policy.getByText('No policy has been saved yet: these are the defaults.')).toBeVisible();

    act(() =>
      changes.setPolicy(
        storedPolicy({
          pushAll: false,
          userDelete: true,
          expiresAfterHours: 12,
          priceDeadline: '15:30',
        }),
      ),
    );
    expect(pushAll()).not.toBeChecked();
    expect(userDelete()).toBeChecked();
    expect(hours()).toHaveValue(12);
    expect(deadline()).toHaveValue('15:30');
    // Saved the day before, at noon in Los Angeles.
    expect(policy.getByText('Last changed Jan 14, 2025, 12:00 PM.')).toBeVisible();
  });

  it('reads a policy saved before the newer switches as their defaults', async () => {
    // Stored before the switches of prices and deletes existed.
    const older = { pushAll: false, expiresAfterHours: 48, updatedAt: 1, updatedBy: '1' };
    await renderCard({ changes: memoryChangeStore({ policy: older }) });
    expect(pushAll()).not.toBeChecked();
    expect(priceWarnings()).toBeChecked();
    expect(userDelete()).not.toBeChecked();
    expect(groupDelete()).not.toBeChecked();
  });

  it('is saved by an owner: every switch, the hours and the price deadline, once changed', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
    const { calls, changes, policy } = await renderCard({ roles: ['owner'] });
    const save = policy.getByRole('button', { name: 'Save policy' });
    expect(save).toBeDisabled();
    const user = userEvent.setup();
    await user.click(pushAll());
    await user.click(priceWarnings());
    await user.click(groupDelete());
    await user.clear(hours());
    await user.type(hours(), '24');
    await user.clear(deadline());
    await user.type(deadline(), '18:30');
    await user.click(save);
    await waitFor(() => expect(success).toHaveBeenCalledWith('The policy was saved'));
    const saved = {
      pushAll: false,
      priceWarnings: false,
      userDelete: false,
      groupDelete: true,
      expiresAfterHours: 24,
      priceDeadline: '18:30',
    };
    expect(calls).toEqual([{ method: 'PUT', url: '/api/changes/policy', body: saved }]);
    // The saved policy arrives live; the form follows it and has nothing left to save.
    act(() => changes.setPolicy(storedPolicy(saved)));
    expect(pushAll()).not.toBeChecked();
    expect(groupDelete()).toBeChecked();
    expect(deadline()).toHaveValue('18:30');
    expect(save).toBeDisabled();
  });

  it('is changed by any admin while roles are not in use', async () => {
    const { policy } = await renderCard();
    for (const toggle of [pushAll(), priceWarnings(), userDelete(), groupDelete()]) {
      expect(toggle).toBeEnabled();
    }
    expect(hours()).toBeEnabled();
    expect(deadline()).toBeEnabled();
    expect(policy.queryByTestId('policy-read-only')).toBeNull();
  });

  it('keeps the hours within 1 to 720 whole hours', async () => {
    const { calls, policy } = await renderCard();
    const user = userEvent.setup();
    for (const typed of ['0', '721', '']) {
      await user.clear(hours());
      if (typed) await user.type(hours(), typed);
      await user.click(policy.getByRole('button', { name: 'Save policy' }));
      expect(await policy.findByText('Give a whole number of hours from 1 to 720')).toBeVisible();
    }
    expect(hours()).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);
  });

  it('asks for a time of day as the price deadline', async () => {
    const { calls, policy } = await renderCard();
    const user = userEvent.setup();
    await user.clear(deadline());
    await user.click(policy.getByRole('button', { name: 'Save policy' }));
    expect(await policy.findByText('Enter a time such as 17:00')).toBeVisible();
    expect(deadline()).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);
  });

  it('toasts the server’s reason when the save is refused, and keeps the change', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => {});
    const { policy } = await renderCard({
      answer: () =>
        new Response(
          JSON.stringify({
            metadata: { success: 0, message: 'Changing the policy needs the Owner role.' },
            payload: null,
          }),
          { status: 403 },
        ),
    });
    const user = userEvent.setup();
    await user.click(pushAll());
    await user.click(policy.getByRole('button', { name: 'Save policy' }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(['Changing the policy needs the Owner role.']),
    );
    expect(pushAll()).not.toBeChecked();
  });

  it('is read-only to an admin who is not an owner, and says why', async () => {
    const { calls, policy } = await renderCard({ roles: ['approver', 'broadcast'] });
    await tooltipsLoaded();
    for (const toggle of [pushAll(), priceWarnings(), userDelete(), groupDelete()]) {
      expect(toggle).toBeDisabled();
    }
    expect(hours()).toBeDisabled();
    expect(deadline()).toBeDisabled();
    expect(deadline()).toHaveValue('17:00');
    const save = policy.getByRole('button', { name: 'Save policy' });
    expect(save).toHaveAttribute('aria-disabled', 'true');
    expect(save).toHaveAccessibleDescription('Needs the Owner role');
    expect(policy.getByTestId('policy-read-only')).toHaveTextContent('Needs the Owner role');
    await userEvent.setup().click(save);
    expect(calls).toEqual([]);
  });
});

describe('the limits the messages name', () => {
  it('are the contract’s', () => {
    const { min, max } = REQUEST_EXPIRY_HOURS;
    expect(english.VALIDATION.HOURS_RANGE).toContain(`from ${min} to ${max}`);
    expect(english.POLICY.EXPIRY_HINT).toContain(`From ${min} to ${max} hours`);
    expect(english.VALIDATION.REASON_TOO_LONG).toContain(`${REJECTION_REASON_MAX}`);
    expect(english.POLICY.PRICE_WARNINGS_HINT).toContain(`more than ${JUMP_SHARE * 100}%`);
    expect(DEADLINE_REMINDER_LEAD_MS).toBe(3_600_000);
    expect(english.POLICY.DEADLINE_HINT).toContain('an hour before');
  });
});
