import { Suspense } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Offer } from '@contracts/upstream/upstream';
import { createApiClient } from '@/lib/api/api-client';
import { silentLogger } from '@/lib/logger';
import { toast } from '@/lib/toast';
import { envelope, fakeServices, sessionFor } from '@/testing/fakes';
import { renderApp } from '@/testing/render';
import { OffersPage } from './offers-page';

const offers: Offer[] = [
  { id: 1, slot: 'first_image', image: { original_url: '/api/files/storage/1/offer-1.png' } },
  { id: 2, slot: 'second_image', image: { original_url: '/api/files/storage/2/offer-2.png' } },
];

type Answer = (body: FormData) => Response | Promise<Response>;

/** Uploads travel over XMLHttpRequest: this one reports progress as the test says, then answers. */
function uploads(answer: Answer) {
  const sent: FormData[] = [];
  let reportProgress: (loaded: number, total: number) => void = () => {};
  class FakeXhr extends EventTarget {
    upload = new EventTarget();
    status = 0;
    responseText = '';
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    abort() {}
    send(body: FormData) {
      expect(this.url).toBe('/api/admin/offers');
      sent.push(body);
      reportProgress = (loaded, total) =>
        this.upload.dispatchEvent(
          Object.assign(new Event('progress'), { loaded, total, lengthComputable: true }),
        );
      void Promise.resolve(answer(body)).then(async (reply) => {
        this.status = reply.status;
        this.responseText = await reply.text();
        this.dispatchEvent(new Event('load'));
      });
    }
  }
  return {
    FakeXhr,
    sent,
    progress: (loaded: number, total: number) => reportProgress(loaded, total),
  };
}

async function renderPage(answer: Answer = () => envelope(offers)) {
  const xhr = uploads(answer);
  const services = fakeServices({ session: sessionFor() });
  let reads = 0;
  services.api = createApiClient({
    fetch: (input) => {
      expect(String(input)).toBe('/api/admin/offers');
      reads += 1;
      return Promise.resolve(envelope(offers));
    },
    createXhr: () => new xhr.FakeXhr() as unknown as XMLHttpRequest,
    getToken: () => 'token-1',
    onUnauthorized: () => {},
    logger: silentLogger,
  });
  await renderApp(
    <Suspense fallback={null}>
      <OffersPage />
    </Suspense>,
    { services },
  );
  await screen.findByRole('img', { name: 'First offer: the image shown now' });
  return { ...xhr, reads: () => reads };
}

const slot = (name: string) => within(screen.getByRole('region', { name }));
const image = (name: string, type = 'image/png') => new File(['img'], name, { type });

beforeEach(() => {
  let next = 0;
  URL.createObjectURL = vi.fn(() => `blob:preview-${(next += 1)}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

describe('the offers page', () => {
  it('shows the three slots with the images shown now, and says when a slot is empty', async () => {
    await renderPage();
    expect(slot('First offer').getByRole('img')).toHaveAttribute(
      'src',
      '/api/files/storage/1/offer-1.png',
    );
    expect(slot('Second offer').getByRole('img')).toHaveAttribute(
      'src',
      '/api/files/storage/2/offer-2.png',
    );
    expect(slot('Third offer').queryByRole('img')).toBeNull();
    expect(slot('Third offer').getByText('No image yet')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
  });

  it('places three offers that arrive without slots by their order', async () => {
    const bare = [7, 8, 9].map((id) => ({
      id,
      image: { original_url: `/api/files/storage/${id}/o.png` },
    }));
    await renderApp(
      <Suspense fallback={null}>
        <OffersPage />
      </Suspense>,
      { session: sessionFor(), fetch: () => envelope(bare) },
    );
    await screen.findByRole('img', { name: 'First offer: the image shown now' });
    expect(slot('First offer').getByRole('img')).toHaveAttribute(
      'src',
      '/api/files/storage/7/o.png',
    );
    expect(slot('Second offer').getByRole('img')).toHaveAttribute(
      'src',
      '/api/files/storage/8/o.png',
    );
    expect(slot('Third offer').getByRole('img')).toHaveAttribute(
      'src',
      '/api/files/storage/9/o.png',
    );
    expect(screen.queryByTestId('unplaced-offers')).toBeNull();
  });

  it('offers an image kept on a host the app may not load from as a link, not a picture', async () => {
    const elsewhere = 'https://cdn.example.com/public/1/offer.png';
    await renderApp(
      <Suspense fallback={null}>
        <OffersPage />
      </Suspense>,
      {
        session: sessionFor(),
        fetch: () => envelope([{ id: 1, slot: 'first_image', image: { original_url: elsewhere } }]),
      },
    );
    const link = await screen.findByRole('link', { name: 'Image on another site: open it' });
    expect(link).toHaveAttribute('href', elsewhere);
    expect(slot('First offer').queryByRole('img')).toBeNull();
  });

  it('says so, without guessing, when fewer offers arrive without their slots', async () => {
    const bare = [7, 8].map((id) => ({
      id,
      image: { original_url: `/api/files/storage/${id}/o.png` },
    }));
    await renderApp(
      <Suspense fallback={null}>
        <OffersPage />
      </Suspense>,
      { session: sessionFor(), fetch: () => envelope(bare) },
    );
    const note = await screen.findByTestId('unplaced-offers');
    expect(note).toHaveTextContent('2 offer images arrived without their slots');
    expect(
      within(note)
        .getAllByRole('img')
        .map((img) => img.getAttribute('src')),
    ).toEqual(['/api/files/storage/7/o.png', '/api/files/storage/8/o.png']);
    for (const name of ['First offer', 'Second offer', 'Third offer']) {
      expect(slot(name).queryByRole('img')).toBeNull();
      expect(slot(name).getByText('Not known: see the note above')).toBeVisible();
    }
  });

  it('previews png, gif and jpeg choices and uploads them under their slot names', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const api = await renderPage(async () => {
      await gate;
      return envelope([
        { id: 4, slot: 'first_image', image: { original_url: '/api/files/storage/4/a.png' } },
        { id: 5, slot: 'second_image', image: { original_url: '/api/files/storage/5/b.gif' } },
        { id: 6, slot: 'third_image', image: { original_url: '/api/files/storage/6/c.jpg' } },
      ]);
    });
    const user = userEvent.setup();
    await user.upload(slot('First offer').getByLabelText(/Replace image/), image('a.png'));
    await user.upload(
      slot('Second offer').getByLabelText(/Replace image/),
      image('b.gif', 'image/gif'),
    );
    await user.upload(
      slot('Third offer').getByLabelText(/Choose image/),
      image('c.jpg', 'image/jpeg'),
    );
    expect(
      slot('Third offer').getByRole('img', { name: 'Third offer: preview of the new image' }),
    ).toHaveAttribute('src', 'blob:preview-3');
    expect(slot('Second offer').getByText('New')).toBeVisible();
    expect(screen.getByText('New images chosen: 3 of 3')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const bar = await screen.findByRole('progressbar', { name: 'Uploading' });
    api.progress(30, 120);
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '25'));
    expect(screen.getByText('25%')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
    release();

    await waitFor(() => expect(success).toHaveBeenCalledWith('Saved Successfully'));
    const [body] = api.sent;
    expect((body?.get('first_image') as File).name).toBe('a.png');
    expect((body?.get('second_image') as File).name).toBe('b.gif');
    expect((body?.get('third_image') as File).name).toBe('c.jpg');
    await waitFor(() =>
      expect(
        slot('Third offer').getByRole('img', { name: 'Third offer: the image shown now' }),
      ).toHaveAttribute('src', '/api/files/storage/6/c.jpg'),
    );
    expect(screen.queryByText('New')).toBeNull();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
  });

  it('shows a spinner on a disabled Upload while the upload is in flight, then toasts', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
    let release: (response: Response) => void = () => {};
    await renderPage(() => new Promise<Response>((resolve) => (release = resolve)));
    const user = userEvent.setup();
    await user.upload(slot('Third offer').getByLabelText(/Choose image/), image('c.png'));
    const upload = screen.getByRole('button', { name: 'Upload' });
    await user.click(upload);
    await waitFor(() => expect(upload).toBeDisabled());
    expect(upload).toHaveAttribute('aria-busy', 'true');
    expect(upload.querySelector('[data-slot="spinner"]')).not.toBeNull();
    expect(slot('Third offer').getByLabelText(/(Choose|Replace) image/)).toBeDisabled();
    expect(success).not.toHaveBeenCalled();
    release(envelope(offers));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Saved Successfully'));
    expect(upload.querySelector('[data-slot="spinner"]')).toBeNull();
  });

  it('sends only the slots that were chosen', async () => {
    vi.spyOn(toast, 'success').mockImplementation(() => {});
    const api = await renderPage();
    const user = userEvent.setup();
    await user.upload(slot('Second offer').getByLabelText(/Replace image/), image('b.png'));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(api.sent).toHaveLength(1));
    expect([...(api.sent[0]?.keys() ?? [])]).toEqual(['second_image']);
  });

  it('refuses an image that is not png, gif or jpeg', async () => {
    await renderPage();
    const user = userEvent.setup({ applyAccept: false });
    expect(slot('First offer').getByLabelText(/Replace image/)).toHaveAccessibleDescription(
      'PNG, GIF or JPEG, shown at 2:1',
    );
    await user.upload(
      slot('First offer').getByLabelText(/Replace image/),
      image('photo.webp', 'image/webp'),
    );
    expect(slot('First offer').getByText('Choose a PNG, GIF or JPEG image')).toBeVisible();
    const picker = slot('First offer').getByLabelText(/Replace image/);
    expect(picker).toBeInvalid();
    expect(picker).toHaveAccessibleDescription('Choose a PNG, GIF or JPEG image');
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
  });

  it("keeps the choices and toasts the server's reasons when the upload is refused", async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => {});
    const api = await renderPage(() =>
      envelope(null, 0, {
        first_image: ['The first image field must be a file of type: png, gif, jpeg, jpg.'],
      }),
    );
    const user = userEvent.setup();
    await user.upload(slot('First offer').getByLabelText(/Replace image/), image('a.png'));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith([
        'The first image field must be a file of type: png, gif, jpeg, jpg.',
      ]),
    );
    expect(slot('First offer').getByText('a.png')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeEnabled();
    // The slots are read again, in case part of the upload went through.
    await waitFor(() => expect(api.reads()).toBe(2));
  });

  it('undoes a choice', async () => {
    await renderPage();
    const user = userEvent.setup();
    await user.upload(slot('First offer').getByLabelText(/Replace image/), image('a.png'));
    await user.click(slot('First offer').getByRole('button', { name: 'Undo' }));
    expect(slot('First offer').getByRole('img')).toHaveAttribute(
      'src',
      '/api/files/storage/1/offer-1.png',
    );
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
  });
});
