import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Role } from '@contracts/admins/roles';
import type { AuditEntry } from '@contracts/admins/audit';
import { fakeServices, sessionFor } from '@/testing/fakes';
import { useRolesInUse } from '@/lib/roles/roles';
import { renderApp } from '@/testing/render';
import { memoryRoleSource, rolesInUse, tooltipsLoaded, WithRoles } from '@/testing/roles';
import { auditRow } from '../entries';
import { RevertAction } from './revert-action';

const made = { at: 1, uid: '7', email: 'sam@fuel-community.test', status: 200 };
const rename: AuditEntry = {
  ...made,
  action: 'group.update',
  targets: { group: '3' },
  summary: 'Renamed group 3',
  before: { name: 'Downtown' },
  after: { name: 'Downtown LA' },
};
const priceSave: AuditEntry = {
  ...made,
  action: 'prices.save',
  targets: { group: '5', type: '1', date: '2025-01-16' },
  summary: 'Prices of 2025-01-16 for group 5, type 1',
  before: { regular: 4, premium: 4.7, diesel: 4.45, renew_99: 4.4, b_20: 4.3 },
};

/** Says when the admin's roles have been read: every control is allowed until then. */
function RolesRead() {
  return useRolesInUse() ? <p>roles read</p> : null;
}

async function renderAction(entry: AuditEntry, roles: Role[], priceGroups?: string[]) {
  const services = fakeServices({ session: sessionFor() });
  services.realtimeSession.set({ status: 'connected' });
  const onRevert = vi.fn();
  const source = memoryRoleSource(rolesInUse(roles, priceGroups));
  await renderApp(
    <WithRoles source={source}>
      <RevertAction row={auditRow('a', entry)} onRevert={onRevert} />
      <RolesRead />
    </WithRoles>,
    { services },
  );
  await screen.findByText('roles read');
  await tooltipsLoaded();
  return onRevert;
}

const revertButton = () => screen.getByRole('button', { name: /^Revert/ });

const expectRefused = () => expect(revertButton()).toHaveAttribute('aria-disabled', 'true');

describe('a row’s Revert, by the admin’s roles', () => {
  it('opens the revert for an admin whose roles allow the change it sends', async () => {
    const onRevert = await renderAction(rename, ['users']);
    expect(revertButton()).not.toHaveAttribute('aria-disabled');
    await userEvent.setup().click(revertButton());
    expect(onRevert).toHaveBeenCalledTimes(1);
  });

  it('is refused, with the role that would allow it, to an admin whose roles do not', async () => {
    const onRevert = await renderAction(rename, ['support']);
    expectRefused();
    expect(revertButton()).toHaveAccessibleDescription(/Users/);
    await userEvent.setup().click(revertButton());
    expect(onRevert).not.toHaveBeenCalled();
  });

  it('weighs a price save against the entry’s own group', async () => {
    await renderAction(priceSave, ['prices'], ['5']);
    expect(revertButton()).not.toHaveAttribute('aria-disabled');
  });

  it('refuses a price save of a group the admin’s prices role does not list', async () => {
    await renderAction(priceSave, ['prices'], ['6']);
    expectRefused();
  });
});
