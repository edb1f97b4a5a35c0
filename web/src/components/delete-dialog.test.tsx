import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast';
import { envelope } from '@/testing/fakes';
import { renderApp } from '@/testing/render';
import { DeleteDialog } from './delete-dialog';

function renderDialog(fetch: () => Response | Promise<Response>) {
  const onOpenChange = vi.fn();
  const onDeleted = vi.fn();
  const rendered = renderApp(
    <DeleteDialog
      open
      onOpenChange={onOpenChange}
      url="/admin/user/42"
      queryKey={['users']}
      onDeleted={onDeleted}
    />,
    { fetch },
  );
  return { rendered, onOpenChange, onDeleted };
}

describe('the Delete dialog', () => {
  it('loads nothing until it first opens', async () => {
    await renderApp(<DeleteDialog open={false} onOpenChange={() => {}} url="/admin/user/1" />);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("asks 'Are you sure you want to Delete?' with Close and Delete", async () => {
    await renderDialog(() => envelope(null)).rendered;
    expect(await screen.findByRole('alertdialog', { name: 'Delete' })).toBeVisible();
    expect(screen.getByText('Are you sure you want to Delete?')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Close' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeVisible();
  });

  it('sends the request itself, then closes, toasts and refreshes the list', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
    const { rendered, onOpenChange, onDeleted } = renderDialog(() => envelope(null, 1, 'Deleted'));
    const { services, queryClient } = await rendered;
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const [url, init] = services.fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/admin/user/42');
    expect(init?.method).toBe('DELETE');
    expect(new Headers(init?.headers).get('Authorization')).toBeNull();
    expect(success).toHaveBeenCalledWith('Deleted Successfully');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['users'] });
    expect(onDeleted).toHaveBeenCalledTimes(1);
  });

  it('shows a spinner while the request is in flight', async () => {
    let answer: (response: Response) => void = () => {};
    await renderDialog(() => new Promise<Response>((resolve) => (answer = resolve))).rendered;
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Delete' }));
    const button = screen.getByRole('button', { name: 'Delete' });
    await waitFor(() => expect(button).toBeDisabled());
    expect(button.querySelector('[data-slot="spinner"]')).not.toBeNull();
    answer(envelope(null));
    await waitFor(() => expect(button.querySelector('[data-slot="spinner"]')).toBeNull());
  });

  it('shows metadata.message when the server says no', async () => {
    const { onOpenChange } = renderDialog(() => envelope(null, 0, 'User has open complaints'));
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('User has open complaints')).toBeVisible();
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });

  it("shows 'Unknown error :(' for an unreadable outcome", async () => {
    renderDialog(() => new Response('<html>oops</html>', { status: 500 }));
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Unknown error :(')).toBeVisible();
  });

  it('stops the spinner and explains a network failure', async () => {
    renderDialog(() => Promise.reject(new TypeError('Failed to fetch')));
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(/server could not be reached/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled();
  });
});
