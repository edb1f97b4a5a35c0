import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_CAPABILITIES } from '@contracts/upstream/capabilities';
import { envelope } from '@/testing/fakes';
import { renderApp } from '@/testing/render';
import { Dialog, DialogContent, DialogTitle } from '@/components/ui/dialog';
import { MembersFooter } from './members-footer';

async function footer(emptyGroup: boolean, picked: number) {
  await renderApp(
    <Dialog open>
      <DialogContent closeLabel="Close" aria-describedby={undefined}>
        <DialogTitle>Members</DialogTitle>
        <MembersFooter picked={picked} saving={false} unready={false} onSave={vi.fn()} />
      </DialogContent>
    </Dialog>,
    { fetch: () => envelope({ ...DEFAULT_CAPABILITIES, emptyGroup }) },
  );
  return screen.findByRole('button', { name: 'Save members' });
}

describe("the Members dialog's Save", () => {
  it('waits for a member, saying why, where the upstream cannot empty a group', async () => {
    const save = await footer(false, 0);
    await waitFor(() => expect(save).toBeDisabled());
    expect(save).toHaveAccessibleDescription('This service keeps at least one member in a group.');
  });

  it('saves an empty group where the upstream can empty one, and any members anywhere', async () => {
    const empty = await footer(true, 0);
    await waitFor(() => expect(empty).toBeEnabled());
    expect(screen.queryByText(/keeps at least one member/)).toBeNull();
  });
});
