import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ChangeStoreProvider } from '@/lib/changes/change-store';
import { toast, type ToastActionOptions } from '@/lib/toast';
import { memoryChangeStore, storedPolicy } from '@/testing/changes';
import { envelope, fakeServices, sessionFor, type FetchHandler } from '@/testing/fakes';
import { renderApp } from '@/testing/render';
import { DeleteDialog } from './delete-dialog';

interface Row {
  id: number;
  name: string;
}

const KEY = ['rows', 'list'];

/** A server holding four rows; `answer` decides how it replies to a DELETE. */
function fakeServer(answer: () => Response | Promise<Response> = () => envelope(null)) {
  let rows: Row[] = [
    { id: 1, name: 'Ann' },
    { id: 2, name: 'Bob' },
    { id: 3, name: 'Cy' },
    { id: 4, name: 'Dee' },
  ];
  const deletes: { url: string; init: RequestInit }[] = [];
  const fetch: FetchHandler = async (url, init) => {
    deletes.push({ url, init });
    const reply = await answer();
    if ((await reply.clone().text()).includes('"success":1'))
      rows = rows.filter((row) => url !== `/api/rows/${row.id}`);
    return reply;
  };
  return { fetch, deletes, rows: () => rows };
}

type Server = ReturnType<typeof fakeServer>;

function Screen({ server, held = false }: { server: Server; held?: boolean }) {
  const list = useQuery({
    queryKey: KEY,
    queryFn: () => Promise.resolve({ items: server.rows(), skipped: 0 }),
  });
  const [deleting, setDeleting] = useState<number | null>(null);
  return (
    <>
      <ul aria-label="Rows">
        {list.data?.items.map((row) => (
          <li key={row.id}>
            {row.name}
            <button type="button" onClick={() => setDeleting(row.id)}>
              Remove
            </button>
          </li>
        ))}
      </ul>
      <DeleteDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        url={`/rows/${deleting ?? ''}`}
        listKey={KEY}
        rowId={deleting}
        deletedMessage="Row deleted"
        itemName={list.data?.items.find((row) => row.id === deleting)?.name ?? ''}
        heldBy={held ? 'userDelete' : undefined}
      />
    </>
  );
}

function toasts() {
  const shown: { message: string; options: ToastActionOptions; dismissed: boolean }[] = [];
  vi.spyOn(toast, 'withAction').mockImplementation((message, options) => {
    const entry = { message, options, dismissed: false };
    shown.push(entry);
    return { dismiss: () => void (entry.dismissed = true) };
  });
  const failures = vi.spyOn(toast, 'failure').mockImplementation(() => {});
  return { shown, failures };
}

const names = () =>
  within(screen.getByRole('list', { name: 'Rows' }))
    .queryAllByRole('listitem')
    .map((item) => item.textContent.replace('Remove', ''));

async function renderScreen(server: Server) {
  const rendered = await renderApp(<Screen server={server} />, {
    fetch: server.fetch,
    session: sessionFor(),
  });
  await screen.findByText('Ann');
  return rendered;
}

/** Opens the dialog on a row and confirms. */
async function confirmDelete(name = 'Bob') {
  const user = userEvent.setup();
  const item = screen.getAllByRole('listitem').find((entry) => entry.textContent.startsWith(name));
  await user.click(within(item as HTMLElement).getByRole('button', { name: 'Remove' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Delete' });
  await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
}

describe('the Delete dialog', () => {
  it('loads nothing until it first opens', async () => {
    await renderScreen(fakeServer());
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("asks 'Are you sure you want to Delete?' with Close and Delete", async () => {
    await renderScreen(fakeServer());
    await userEvent
      .setup()
      .click(screen.getAllByRole('button', { name: 'Remove' })[0] as HTMLElement);
    expect(await screen.findByRole('alertdialog', { name: 'Delete' })).toBeVisible();
    expect(screen.getByText('Are you sure you want to Delete?')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Close' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeVisible();
  });

  it('takes the row out at once and offers Undo, sending nothing yet', async () => {
    const { shown } = toasts();
    const server = fakeServer();
    await renderScreen(server);
    await confirmDelete();
    expect(names()).toEqual(['Ann', 'Cy', 'Dee']);
    expect(shown.map((entry) => [entry.message, entry.options.label])).toEqual([
      ['Row deleted', 'Undo'],
    ]);
    expect(shown[0]?.options.duration).toBe(5000);
    expect(server.deletes).toEqual([]);
  });

  it('puts the row back in its place on Undo and never deletes it', async () => {
    const { shown } = toasts();
    const server = fakeServer();
    await renderScreen(server);
    await confirmDelete();
    shown[0]?.options.onAction();
    await waitFor(() => expect(names()).toEqual(['Ann', 'Bob', 'Cy', 'Dee']));
    shown[0]?.options.onEnd();
    expect(server.deletes).toEqual([]);
  });

  it('sends the delete with the session token when the toast ends, then reads the list again', async () => {
    const { shown } = toasts();
    const server = fakeServer();
    await renderScreen(server);
    await confirmDelete();
    shown[0]?.options.onEnd();
    await waitFor(() => expect(server.deletes).toHaveLength(1));
    const [sent] = server.deletes;
    expect(sent?.url).toBe('/api/rows/2');
    expect(sent?.init.method).toBe('DELETE');
    expect(new Headers(sent?.init.headers).get('Authorization')).toBe('Bearer token-1');
    expect(sent?.init.keepalive).toBe(false);
    expect(shown[0]?.dismissed).toBe(true);
    await waitFor(() => expect(names()).toEqual(['Ann', 'Cy', 'Dee']));
  });

  it.each([
    [
      'the server says no',
      () => envelope(null, 0, 'Row has open complaints'),
      'Row has open complaints',
    ],
    [
      'the reply is unreadable',
      () => new Response('<html>oops</html>', { status: 500 }),
      'Unknown error :(',
    ],
    [
      'the server cannot be reached',
      () => Promise.reject(new TypeError('Failed to fetch')),
      expect.stringMatching(/server could not be reached/),
    ],
  ])('puts the row back, naming it and why, when %s', async (_, answer, message) => {
    const { shown, failures } = toasts();
    await renderScreen(fakeServer(answer));
    await confirmDelete();
    expect(names()).toEqual(['Ann', 'Cy', 'Dee']);
    shown[0]?.options.onEnd();
    await waitFor(() => expect(failures).toHaveBeenCalledWith('“Bob” was not deleted', [message]));
    await waitFor(() => expect(names()).toEqual(['Ann', 'Bob', 'Cy', 'Dee']));
  });

  it('sends a waiting delete at once, with keepalive, when the page is closed', async () => {
    toasts();
    const server = fakeServer();
    await renderScreen(server);
    await confirmDelete();
    window.dispatchEvent(new Event('pagehide'));
    expect(server.deletes.map((sent) => [sent.url, sent.init.keepalive])).toEqual([
      ['/api/rows/2', true],
    ]);
  });

  it('sends a waiting delete before sign-out drops the session token', async () => {
    toasts();
    const server = fakeServer();
    const { services } = await renderScreen(server);
    await confirmDelete();
    await services.signOut();
    expect(server.deletes).toHaveLength(1);
    expect(new Headers(server.deletes[0]?.init.headers).get('Authorization')).toBe(
      'Bearer token-1',
    );
  });

  it('sends a waiting delete when the screen is left', async () => {
    toasts();
    const server = fakeServer();
    const { unmount } = await renderScreen(server);
    await confirmDelete();
    unmount();
    expect(server.deletes.map((sent) => sent.url)).toEqual(['/api/rows/2']);
  });

  it('gives each of several deletes its own toast and its own Undo', async () => {
    const { shown } = toasts();
    const server = fakeServer();
    await renderScreen(server);
    await confirmDelete('Bob');
    await confirmDelete('Dee');
    expect(names()).toEqual(['Ann', 'Cy']);
    expect(shown).toHaveLength(2);
    shown[0]?.options.onAction();
    shown[1]?.options.onEnd();
    await waitFor(() => expect(server.deletes.map((sent) => sent.url)).toEqual(['/api/rows/4']));
    await waitFor(() => expect(names()).toEqual(['Ann', 'Bob', 'Cy']));
  });
});

describe('the Delete dialog of a delete the policy holds', () => {
  async function renderHeld(server: Server) {
    const services = fakeServices({ fetch: server.fetch, session: sessionFor() });
    services.realtimeSession.set({ status: 'connected' });
    const changes = memoryChangeStore({ policy: storedPolicy({ userDelete: true }) });
    await renderApp(
      <ChangeStoreProvider store={changes.store}>
        <Screen server={server} held />
      </ChangeStoreProvider>,
      { services },
    );
    await screen.findByText('Ann');
  }

  async function confirmHeld(name: string) {
    const user = userEvent.setup();
    const item = screen
      .getAllByRole('listitem')
      .find((entry) => entry.textContent.startsWith(name));
    await user.click(within(item as HTMLElement).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete' });
    await within(dialog).findByText(/A second admin must approve it first/);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    return dialog;
  }

  it('keeps the question open with the server’s reason when the delete is refused', async () => {
    const { shown } = toasts();
    const server = fakeServer(() => envelope(null, 0, 'Row has open complaints'));
    await renderHeld(server);
    const dialog = await confirmHeld('Bob');
    expect(await within(dialog).findByText('Row has open complaints')).toBeVisible();
    expect(server.deletes.map((sent) => sent.url)).toEqual(['/api/rows/2']);
    expect(shown).toEqual([]);
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(names()).toEqual(['Ann', 'Bob', 'Cy', 'Dee']);
  });

  it('says the row is deleted, with no Undo, when the policy no longer held it', async () => {
    const { shown } = toasts();
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
    const server = fakeServer();
    await renderHeld(server);
    await confirmHeld('Bob');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(success).toHaveBeenCalledWith('Row deleted');
    expect(shown).toEqual([]);
    await waitFor(() => expect(names()).toEqual(['Ann', 'Cy', 'Dee']));
  });
});
