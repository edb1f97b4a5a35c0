import { Suspense } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Announcement } from '@contracts/upstream/upstream';
import { createApiClient } from '@/lib/api/api-client';
import { silentLogger } from '@/lib/logger';
import { toast } from '@/lib/toast';
import { envelope, fakeServices, sessionFor, type FetchHandler } from '@/testing/fakes';
import { renderApp } from '@/testing/render';
import { AnnouncementsPage } from './announcements-page';

const announcements: Announcement[] = [
  {
    id: 6,
    title: 'Weekend price drop',
    description: 'Regular and premium are 10 cents cheaper this weekend.',
    image: { original_url: '/api/files/storage/12/announcement-1.png' },
  },
  {
    id: 5,
    title: 'Holiday opening hours',
    description: 'Stores close at 6 pm on December 24.',
    image: null,
  },
];

/** The upstream answers oldest first here: the page shows newest first all the same. */
const oldestFirst = [...announcements].reverse();

interface Call {
  method: string;
  url: string;
  body: FormData | null;
}

/**
 * Uploads go over XMLHttpRequest: this one hands the request to the same scripted handler as
 * fetch, after reporting the whole body as sent.
 */
function xhrThrough(handler: FetchHandler) {
  return class FakeXhr extends EventTarget {
    upload = new EventTarget();
    status = 0;
    responseText = '';
    private method = 'GET';
    private url = '';
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader() {}
    abort() {}
    send(body: XMLHttpRequestBodyInit | null) {
      void (async () => {
        const sent = Object.assign(new Event('progress'), {
          loaded: 10,
          total: 10,
          lengthComputable: true,
        });
        this.upload.dispatchEvent(sent);
        const reply = await handler(this.url, { method: this.method, body });
        this.status = reply.status;
        this.responseText = await reply.text();
        this.dispatchEvent(new Event('load'));
      })();
    }
  };
}

function fakeApi(answer: (call: Call) => Response | Promise<Response> = () => envelope(null)) {
  const calls: Call[] = [];
  const reads = { list: 0 };
  const handler: FetchHandler = (url, init) => {
    const method = init.method ?? 'GET';
    if (method === 'GET' && url === '/api/admin/notifications') {
      reads.list += 1;
      return envelope(oldestFirst);
    }
    const call = { method, url, body: init.body instanceof FormData ? init.body : null };
    calls.push(call);
    return answer(call);
  };
  return { handler, calls, reads };
}

async function renderPage(handler: FetchHandler) {
  const services = fakeServices({ session: sessionFor(), fetch: handler });
  const Xhr = xhrThrough(handler);
  services.api = createApiClient({
    fetch: (input, init) => Promise.resolve(handler(String(input), init ?? {})),
    createXhr: () => new Xhr() as unknown as XMLHttpRequest,
    getToken: () => 'token-1',
    onUnauthorized: () => {},
    logger: silentLogger,
  });
  const rendered = await renderApp(
    <Suspense fallback={null}>
      <AnnouncementsPage />
    </Suspense>,
    { services },
  );
  await screen.findByRole('heading', { name: 'Weekend price drop' });
  return rendered;
}

const addForm = () => within(screen.getByRole('region', { name: 'Add Announcement' }));
const card = (title: string) => within(screen.getByRole('article', { name: title }));
const png = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'banner.png', { type: 'image/png' });

beforeEach(() => {
  let next = 0;
  URL.createObjectURL = vi.fn(() => `blob:preview-${(next += 1)}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

describe('the announcements page', () => {
  it('shows each announcement as a card with its image, and Edit and Delete once each', async () => {
    await renderPage(fakeApi().handler);
    const titles = screen
      .getAllByRole('article')
      .map((card) => within(card).getByRole('heading').textContent);
    expect(titles).toEqual(['Weekend price drop', 'Holiday opening hours']);
    const first = screen.getByRole('article', { name: 'Weekend price drop' });
    expect(first.querySelector('img')).toHaveAttribute(
      'src',
      '/api/files/storage/12/announcement-1.png',
    );
    expect(within(first).getByText(/10 cents cheaper/)).toBeVisible();
    expect(within(first).getAllByRole('button', { name: 'Edit' })).toHaveLength(1);
    expect(within(first).getAllByRole('button', { name: 'Delete' })).toHaveLength(1);
    expect(
      screen.getByRole('article', { name: 'Holiday opening hours' }).querySelector('img'),
    ).toBeNull();
  });

  it("asks for a title and a description with the product's words", async () => {
    const api = fakeApi();
    await renderPage(api.handler);
    await userEvent.setup().click(addForm().getByRole('button', { name: 'Add Announcement' }));
    expect(await addForm().findByText('Title is required')).toBeVisible();
    expect(addForm().getByText('Description is required')).toBeVisible();
    expect(api.calls).toEqual([]);
  });

  it('refuses an image that is not png or jpeg', async () => {
    await renderPage(fakeApi().handler);
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(
      addForm().getByLabelText(/^Image/),
      new File(['GIF89a'], 'anim.gif', { type: 'image/gif' }),
    );
    expect(await addForm().findByText('Choose a PNG or JPEG image')).toBeVisible();
  });

  it('adds an announcement with an image and its preview, then empties the form', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
    const api = fakeApi(() => envelope({ ...announcements[1], id: 7 }, 1, 'Created'));
    await renderPage(api.handler);
    const user = userEvent.setup();
    await user.type(addForm().getByLabelText('Title'), '  Free coffee  ');
    await user.type(addForm().getByLabelText('Description'), 'With every fill-up on Monday.');
    await user.upload(addForm().getByLabelText(/^Image/), png());
    expect(addForm().getByRole('img', { name: 'Image preview' })).toHaveAttribute(
      'src',
      'blob:preview-1',
    );
    expect(addForm().getByText('banner.png')).toBeVisible();
    await user.click(addForm().getByRole('button', { name: 'Add Announcement' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Added Successfully'));
    expect(api.calls).toHaveLength(1);
    const [call] = api.calls;
    expect(call?.method).toBe('POST');
    expect(call?.url).toBe('/api/admin/notifications');
    expect(call?.body?.get('title')).toBe('Free coffee');
    expect(call?.body?.get('description')).toBe('With every fill-up on Monday.');
    expect((call?.body?.get('image') as File | null)?.name).toBe('banner.png');
    await waitFor(() => expect(addForm().getByLabelText('Title')).toHaveValue(''));
    expect(addForm().queryByRole('img', { name: 'Image preview' })).toBeNull();
    // The list is read again after the change.
    await waitFor(() => expect(api.reads.list).toBe(2));
  });

  it('shows a spinner on a disabled button while the save is in flight, then toasts', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
    let release: (response: Response) => void = () => {};
    const api = fakeApi(() => new Promise<Response>((resolve) => (release = resolve)));
    await renderPage(api.handler);
    const user = userEvent.setup();
    await user.type(addForm().getByLabelText('Title'), 'Free coffee');
    await user.type(addForm().getByLabelText('Description'), 'With every fill-up on Monday.');
    await user.upload(addForm().getByLabelText(/^Image/), png());
    const add = addForm().getByRole('button', { name: 'Add Announcement' });
    await user.click(add);
    await waitFor(() => expect(add).toBeDisabled());
    expect(add).toHaveAttribute('aria-busy', 'true');
    expect(add.querySelector('[data-slot="spinner"]')).not.toBeNull();
    expect(addForm().getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(success).not.toHaveBeenCalled();
    release(envelope({ ...announcements[1], id: 7 }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Added Successfully'));
    await waitFor(() => expect(add).toBeEnabled());
    expect(add.querySelector('[data-slot="spinner"]')).toBeNull();
  });

  it('edits in place with _method=PUT, keeping the image when none is chosen', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
    const api = fakeApi(() => envelope(announcements[0]));
    await renderPage(api.handler);
    const user = userEvent.setup();
    await user.click(card('Weekend price drop').getByRole('button', { name: 'Edit' }));
    const editor = within(screen.getByRole('article', { name: 'Edit announcement' }));
    expect(editor.getByRole('img', { name: 'Image preview' })).toHaveAttribute(
      'src',
      '/api/files/storage/12/announcement-1.png',
    );
    const title = editor.getByLabelText('Title');
    expect(title).toHaveValue('Weekend price drop');
    await user.clear(title);
    await user.type(title, 'Weekend price drop: 15 cents');
    await user.click(editor.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Updated Successfully'));
    expect(api.calls[0]?.url).toBe('/api/admin/notifications/6?_method=PUT');
    expect(api.calls[0]?.body?.get('title')).toBe('Weekend price drop: 15 cents');
    expect(api.calls[0]?.body?.has('image')).toBe(false);
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Edit announcement' })).toBeNull(),
    );
  });

  it("keeps what was typed and toasts the server's reasons when it refuses", async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => {});
    const api = fakeApi(() =>
      envelope(null, 0, { image: ['The image field must be a file of type: png, jpeg, jpg.'] }),
    );
    await renderPage(api.handler);
    const user = userEvent.setup();
    await user.type(addForm().getByLabelText('Title'), 'Broken banner');
    await user.type(addForm().getByLabelText('Description'), 'Not really a picture.');
    await user.upload(addForm().getByLabelText(/^Image/), png());
    await user.click(addForm().getByRole('button', { name: 'Add Announcement' }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith([
        'The image field must be a file of type: png, jpeg, jpg.',
      ]),
    );
    expect(addForm().getByLabelText('Title')).toHaveValue('Broken banner');
    expect(addForm().getByText('banner.png')).toBeVisible();
    expect(addForm().getByRole('button', { name: 'Add Announcement' })).toBeEnabled();
  });

  it('deletes through the shared dialog once the Undo toast ends', async () => {
    const undoable = vi.spyOn(toast, 'withAction').mockReturnValue({ dismiss: () => {} });
    const api = fakeApi();
    await renderPage(api.handler);
    const user = userEvent.setup();
    await user.click(card('Holiday opening hours').getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Holiday opening hours')).toBeNull());
    expect(undoable).toHaveBeenCalledWith(
      'Announcement deleted',
      expect.objectContaining({ label: 'Undo' }),
    );
    expect(api.calls).toEqual([]);
    undoable.mock.calls[0]?.[1].onEnd();
    await waitFor(() =>
      expect(api.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
        'DELETE /api/admin/notifications/5',
      ]),
    );
  });
});
