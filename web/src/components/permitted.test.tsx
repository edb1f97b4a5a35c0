import type { ReactElement } from 'react';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { RoleRecords } from '@/lib/roles/grants';
import { fakeServices, sessionFor } from '@/testing/fakes';
import { renderApp } from '@/testing/render';
import {
  memoryRoleSource,
  ROLES_NOT_IN_USE,
  rolesInUse,
  tooltipsLoaded,
  WithRoles,
} from '@/testing/roles';
import { Permitted } from './permitted';
import { Button } from './ui/button';

const REASON = 'Needs the Users or Owner role';

async function renderWith(records: RoleRecords, ui: ReactElement) {
  const source = memoryRoleSource(records);
  const services = fakeServices({ session: sessionFor() });
  services.realtimeSession.set({ status: 'connected' });
  await renderApp(<WithRoles source={source}>{ui}</WithRoles>, { services });
  await tooltipsLoaded();
  return source;
}

function deleteButton(onClick: () => void, disabled = false) {
  return (
    <Permitted permission="users.delete">
      <Button onClick={onClick} disabled={disabled}>
        Delete
      </Button>
    </Permitted>
  );
}

describe('a control the roles may refuse', () => {
  it('is left as it is while roles are not in use', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    await renderWith(ROLES_NOT_IN_USE, deleteButton(onClick));
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute('aria-disabled');
    expect(button).not.toHaveAccessibleDescription();
    await user.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('refused, stays focusable, ignores clicks and gives the reason on focus', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    await renderWith(rolesInUse(['auditor']), deleteButton(onClick));
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAccessibleDescription(REASON);

    await user.tab();
    expect(button).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(REASON);
    await user.keyboard('{Enter}');
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('refused, stays focusable when it is also disabled for another reason', async () => {
    const user = userEvent.setup();
    await renderWith(rolesInUse(['auditor']), deleteButton(vi.fn(), true));
    await user.tab();
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(REASON);
  });

  it('refused, does not submit its form on Enter', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    await renderWith(
      rolesInUse(['auditor']),
      <form onSubmit={onSubmit}>
        <input aria-label="Title" />
        <Permitted permission="announcements.write">
          <Button type="submit">Add</Button>
        </Permitted>
      </form>,
    );
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'News{Enter}');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('follows the roles live: allowed again without a reload', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    const source = await renderWith(rolesInUse(['auditor']), deleteButton(onClick));
    act(() => source.set(rolesInUse(['users'])));
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button).not.toHaveAttribute('aria-disabled');
    await user.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });
});
