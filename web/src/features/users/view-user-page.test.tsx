import { Suspense } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'wouter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Report } from '@contracts/upstream/upstream';
import { toast } from '@/lib/toast';
import { envelope, sessionFor, type FetchHandler } from '@/testing/fakes';
import { renderApp } from '@/testing/render';
import type { ViewUserState } from './schemas';
import { ViewUserPage } from './view-user-page';

const olivia: ViewUserState = {
  user: { id: 42, name: 'Olivia Martinez', email: 'olivia@example.com', image: '' },
};

const invoices: Report[] = Array.from({ length: 12 }, (_, i) => ({
  id: 100 - i,
  user_id: 42,
  title: `Invoice ${12 - i}`,
  description: `Fuel for month ${12 - i}`,
  url: `https://billing.example.com/invoices/${100 - i}.pdf`,
}));

/** The upstream answers oldest first here: the page shows newest first all the same. */
const oldestFirst = [...invoices].reverse();

interface Call {
  method: string;
  url: string;
  body: unknown;
}

function fakeApi(
  answer: (call: Call) => Response | Promise<Response> = () => envelope(null),
  list: readonly Report[] = oldestFirst,
) {
  const calls: Call[] = [];
  const fetch: FetchHandler = (url, init) => {
    const method = init.method ?? 'GET';
    if (method === 'GET' && url === '/api/admin/user-reports/42') return envelope(list);
    const call = {
      method,
      url,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body,
    };
    calls.push(call);
    return answer(call);
  };
  return { fetch, calls };
}

async function renderPage(fetch: FetchHandler, state: unknown = olivia, path = '/view-user/42') {
  window.history.replaceState(state, '');
  const rendered = await renderApp(
    <Suspense fallback={null}>
      <Route path="/view-user/:userData">
        <ViewUserPage />
      </Route>
    </Suspense>,
    { fetch, session: sessionFor(), path },
  );
  return rendered;
}

const rowOf = (text: string) => {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`no row holds ${text}`);
  return within(row);
};

// A dialog's code loads on first open: the first test to open one waits for the import.
const SLOW = { timeout: 5000 };

/** Opens the page, fills Add Invoice with April's invoice and sends it; the dialog stays. */
async function addAprilInvoice(fetch: FetchHandler) {
  await renderPage(fetch);
  await screen.findByText('Invoice 12');
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Add Invoice' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Invoice' }, SLOW);
  await user.type(within(dialog).getByLabelText('Title'), 'April');
  await user.type(within(dialog).getByLabelText('Description'), 'Fleet card, April');
  await user.type(within(dialog).getByLabelText('URL'), 'http://billing.example.com/a.pdf');
  await user.click(within(dialog).getByRole('button', { name: 'Add Invoice' }));
  return dialog;
}

beforeEach(() => window.history.replaceState(null, ''));
afterEach(() => vi.restoreAllMocks());

describe('the invoice view', () => {
  it('shows the user and their invoices, 10 per page, with SR.NO, TITLE, DESCRIPTION, URL', async () => {
    await renderPage(fakeApi().fetch);
    expect(await screen.findByRole('heading', { name: 'Olivia Martinez' })).toBeVisible();
    await screen.findByText('Invoice 12');
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Sr.No', 'Title', 'Description', 'URL', 'View', 'Edit', 'Delete']);
    expect(screen.getAllByRole('row')).toHaveLength(11);
    const titles = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[1]?.textContent);
    expect(titles).toEqual(Array.from({ length: 10 }, (_, i) => `Invoice ${12 - i}`));
    const first = rowOf('Invoice 12');
    expect(first.getByText('1')).toBeVisible();
    expect(first.getByText('Fuel for month 12')).toBeVisible();
    const link = first.getByRole('link', { name: /invoices\/100\.pdf/ });
    expect(link).toHaveAttribute('href', 'https://billing.example.com/invoices/100.pdf');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.getByText('Showing 1–10 of 12')).toBeVisible();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Invoice 2')).toBeVisible();
  });

  it('goes back to All Users with a message when opened without a user', async () => {
    const warning = vi.spyOn(toast, 'warning').mockImplementation(() => {});
    const api = fakeApi();
    const { location } = await renderPage(api.fetch, null);
    await waitFor(() => expect(location()).toBe('/all-users'));
    expect(warning).toHaveBeenCalledWith('Open a user from All Users to see their invoices.');
    expect(warning).toHaveBeenCalledTimes(1);
  });

  it('does not show another user than the one in the address', async () => {
    vi.spyOn(toast, 'warning').mockImplementation(() => {});
    const { location } = await renderPage(fakeApi().fetch, olivia, '/view-user/7');
    await waitFor(() => expect(location()).toBe('/all-users'));
  });

  it('asks for title and description, and a real web address when a link is given', async () => {
    const api = fakeApi();
    await renderPage(api.fetch);
    await screen.findByText('Invoice 12');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add Invoice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Invoice' }, SLOW);
    await user.click(within(dialog).getByRole('button', { name: 'Add Invoice' }));
    expect(await within(dialog).findByText('Title is required')).toBeVisible();
    expect(within(dialog).getByText('Description is required')).toBeVisible();
    expect(within(dialog).getByLabelText('URL')).not.toHaveAttribute('aria-invalid');
    await user.type(within(dialog).getByLabelText('URL'), 'javascript:alert(1)');
    expect(
      await within(dialog).findByText('Enter a full web address starting with http:// or https://'),
    ).toBeVisible();
    expect(api.calls).toEqual([]);
  });

  it('adds an invoice, toasts and reads the list again', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
    const api = fakeApi(() =>
      envelope({ id: 101, user_id: 42, title: 'March', description: 'Fleet', url: 'https://x.io' }),
    );
    const { services } = await renderPage(api.fetch);
    await screen.findByText('Invoice 12');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add Invoice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Invoice' }, SLOW);
    await user.type(within(dialog).getByLabelText('Title'), '  March fleet card  ');
    await user.type(within(dialog).getByLabelText('Description'), 'Fleet card, March');
    await user.type(within(dialog).getByLabelText('URL'), 'https://billing.example.com/m.pdf');
    await user.click(within(dialog).getByRole('button', { name: 'Add Invoice' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls).toEqual([
      {
        method: 'POST',
        url: '/api/admin/user-report',
        body: {
          user_id: 42,
          title: 'March fleet card',
          description: 'Fleet card, March',
          url: 'https://billing.example.com/m.pdf',
        },
      },
    ]);
    expect(success).toHaveBeenCalledWith('Added Successfully');
    expect(
      services.fetch.mock.calls.filter(([url]) => url === '/api/admin/user-reports/42').length,
    ).toBe(2);
  });

  it('adds an invoice without a link', async () => {
    const api = fakeApi(() =>
      envelope({ id: 101, user_id: 42, title: 'March', description: 'Fleet', url: null }),
    );
    await renderPage(api.fetch);
    await screen.findByText('Invoice 12');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add Invoice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Invoice' }, SLOW);
    await user.type(within(dialog).getByLabelText('Title'), 'March');
    await user.type(within(dialog).getByLabelText('Description'), 'Fleet');
    await user.type(within(dialog).getByLabelText('URL'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Add Invoice' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls).toEqual([
      {
        method: 'POST',
        url: '/api/admin/user-report',
        body: { user_id: 42, title: 'March', description: 'Fleet', url: null },
      },
    ]);
  });

  it('shows an invoice without a link as such, and edits it without inventing one', async () => {
    const unlinked: Report = {
      id: 200,
      user_id: 42,
      title: 'Cash',
      description: 'Paid',
      url: null,
    };
    const api = fakeApi(
      () => envelope({ ...unlinked, title: 'Cash (May)' }),
      [...oldestFirst, unlinked],
    );
    await renderPage(api.fetch);
    await screen.findByText('Cash');
    const row = rowOf('Cash');
    expect(row.getByText('No link')).toBeInTheDocument();
    expect(row.queryByRole('link')).toBeNull();
    expect(row.getByText('1')).toBeVisible();
    const user = userEvent.setup();
    await user.click(row.getByRole('button', { name: 'Edit the invoice Cash' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Invoice' }, SLOW);
    expect(within(edit).getByLabelText('URL')).toHaveValue('');
    await user.type(within(edit).getByLabelText('Title'), ' (May)');
    await user.click(within(edit).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls).toEqual([
      {
        method: 'POST',
        url: '/api/admin/user-report/200?_method=PUT',
        body: { user_id: 42, title: 'Cash (May)', description: 'Paid', url: null },
      },
    ]);
  });

  it('edits an invoice from its Show modal with the method spoofed to PUT', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
    const api = fakeApi(() => envelope({ ...invoices[1], title: 'Invoice 11b' }));
    await renderPage(api.fetch);
    await screen.findByText('Invoice 11');
    const user = userEvent.setup();
    await user.click(
      rowOf('Invoice 11').getByRole('button', { name: 'Show the invoice Invoice 11' }),
    );
    const show = await screen.findByRole('dialog', { name: 'Show Invoice' }, SLOW);
    expect(within(show).getByText('Fuel for month 11')).toBeVisible();
    await user.click(within(show).getByRole('button', { name: 'Edit Invoice' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Invoice' }, SLOW);
    const title = within(edit).getByLabelText('Title');
    expect(title).toHaveValue('Invoice 11');
    await user.clear(title);
    await user.type(title, 'Invoice 11b');
    await user.click(within(edit).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls).toEqual([
      {
        method: 'POST',
        url: '/api/admin/user-report/99?_method=PUT',
        body: {
          user_id: 42,
          title: 'Invoice 11b',
          description: 'Fuel for month 11',
          url: 'https://billing.example.com/invoices/99.pdf',
        },
      },
    ]);
    expect(success).toHaveBeenCalledWith('Updated Successfully');
  });

  it('shows a spinner on a disabled button while an add is in flight, then toasts', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
    let release: (response: Response) => void = () => {};
    const api = fakeApi(() => new Promise<Response>((resolve) => (release = resolve)));
    await renderPage(api.fetch);
    await screen.findByText('Invoice 12');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add Invoice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Invoice' }, SLOW);
    await user.type(within(dialog).getByLabelText('Title'), 'May');
    await user.type(within(dialog).getByLabelText('Description'), 'Fleet card, May');
    await user.type(within(dialog).getByLabelText('URL'), 'https://billing.example.com/may.pdf');
    const submit = within(dialog).getByRole('button', { name: 'Add Invoice' });
    await user.click(submit);
    await waitFor(() => expect(submit).toBeDisabled());
    expect(submit).toHaveAttribute('aria-busy', 'true');
    expect(submit.querySelector('[data-slot="spinner"]')).not.toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(success).not.toHaveBeenCalled();
    release(
      envelope({ id: 101, user_id: 42, title: 'May', description: 'F', url: 'https://x.io' }),
    );
    await waitFor(() => expect(success).toHaveBeenCalledWith('Added Successfully'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a spinner on a disabled button while an edit is in flight, then toasts', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
    let release: (response: Response) => void = () => {};
    const api = fakeApi(() => new Promise<Response>((resolve) => (release = resolve)));
    await renderPage(api.fetch);
    await screen.findByText('Invoice 11');
    const user = userEvent.setup();
    await user.click(
      rowOf('Invoice 11').getByRole('button', { name: 'Edit the invoice Invoice 11' }),
    );
    const edit = await screen.findByRole('dialog', { name: 'Edit Invoice' }, SLOW);
    await user.type(within(edit).getByLabelText('Title'), ' (fixed)');
    const save = within(edit).getByRole('button', { name: 'Save changes' });
    await user.click(save);
    await waitFor(() => expect(save).toBeDisabled());
    expect(save).toHaveAttribute('aria-busy', 'true');
    expect(save.querySelector('[data-slot="spinner"]')).not.toBeNull();
    expect(success).not.toHaveBeenCalled();
    release(envelope({ ...invoices[1], title: 'Invoice 11 (fixed)' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Updated Successfully'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("keeps what was typed and shows the server's reason when a save is refused", async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => {});
    const api = fakeApi(
      () =>
        new Response(
          JSON.stringify({
            metadata: { success: 0, message: 'The requested user is not found' },
            payload: null,
          }),
          { status: 404 },
        ),
    );
    const dialog = await addAprilInvoice(api.fetch);
    await waitFor(() => expect(error).toHaveBeenCalledWith(['The requested user is not found']));
    expect(within(dialog).getByLabelText('Title')).toHaveValue('April');
    expect(within(dialog).getByLabelText('URL')).toHaveValue('http://billing.example.com/a.pdf');
    expect(within(dialog).getByRole('button', { name: 'Add Invoice' })).toBeEnabled();
  });

  it("shows Laravel's validation messages under their fields and its message as a toast", async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => {});
    const api = fakeApi(
      () =>
        new Response(
          JSON.stringify({
            message: 'The url format is invalid.',
            errors: { url: ['The url format is invalid.', 'The url may not be longer.'] },
          }),
          { status: 422, headers: { 'Content-Type': 'application/json' } },
        ),
    );
    const dialog = await addAprilInvoice(api.fetch);
    await waitFor(() => expect(error).toHaveBeenCalledWith(['The url format is invalid.']));
    const url = within(dialog).getByLabelText('URL');
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(url).toHaveAccessibleDescription(expect.stringContaining('The url format is invalid.'));
    expect(url).toHaveFocus();
    expect(within(dialog).getByLabelText('Title')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('deletes an invoice through the shared dialog once the Undo toast ends', async () => {
    const undoable = vi.spyOn(toast, 'withAction').mockReturnValue({ dismiss: () => {} });
    const api = fakeApi();
    await renderPage(api.fetch);
    await screen.findByText('Invoice 12');
    const user = userEvent.setup();
    await user.click(
      rowOf('Invoice 12').getByRole('button', { name: 'Delete the invoice Invoice 12' }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete' }, SLOW);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Invoice 12')).toBeNull());
    expect(undoable).toHaveBeenCalledWith(
      'Invoice deleted',
      expect.objectContaining({ label: 'Undo' }),
    );
    expect(api.calls).toEqual([]);
    undoable.mock.calls[0]?.[1].onEnd();
    await waitFor(() =>
      expect(api.calls).toEqual([
        { method: 'DELETE', url: '/api/admin/user-report/100', body: null },
      ]),
    );
  });
});
