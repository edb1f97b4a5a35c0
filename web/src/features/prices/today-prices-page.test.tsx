import { Suspense } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast';
import { STORAGE_KEYS, type KeyValueStorage } from '@/lib/storage';
import { envelope, memoryStorage, sessionFor, type FetchHandler } from '@/testing/fakes';
import { renderApp } from '@/testing/render';
import { TodayPricesPage } from './today-prices-page';

const groups = [
  { id: 5, name: 'Inland Empire Truckers', image: null, users: [], timestamp: 1 },
  { id: 2, name: 'Bay Area Commuters', image: null, users: [], timestamp: 2 },
];
const types = [
  { id: 1, name: 'Cash' },
  { id: 2, name: 'Credit Card' },
];
const saved = {
  id: 40,
  group_id: 5,
  fuel_price_type_id: 1,
  regular: 4.599,
  premium: 5.299,
  diesel: 5.049,
  renew_99: 4.999,
  b_20: 4.899,
  date: '2025-01-15',
};

interface Save {
  url: string;
  fields: Record<string, string>;
}

/** Prices exist only for group 5, type 1 on 2025-01-15 (the fake clock's day in Los Angeles). */
function fakeApi(answerSave: (save: Save) => Response | Promise<Response> = () => envelope(saved)) {
  const saves: Save[] = [];
  const reads: string[] = [];
  const fetch: FetchHandler = (url, init) => {
    if (init.method === 'POST') {
      const body = init.body as FormData;
      const save = {
        url,
        fields: Object.fromEntries([...body.entries()].map(([k, v]) => [k, String(v)])),
      };
      saves.push(save);
      return answerSave(save);
    }
    reads.push(url);
    if (url === '/api/admin/groups') return envelope(groups);
    if (url === '/api/admin/fuel-price-types') return envelope(types);
    if (url === '/api/admin/group/5/fuel-prices/1?date=2025-01-15') return envelope(saved);
    if (url.startsWith('/api/admin/group/')) return envelope(null);
    return envelope(null, 0, 'The requested route is not found');
  };
  return { fetch, saves, reads };
}

async function renderPage(fetch: FetchHandler) {
  const rendered = await renderApp(
    <Suspense fallback={null}>
      <TodayPricesPage />
    </Suspense>,
    // The single form is the second view; the desk has tests of its own.
    { fetch, session: sessionFor(), path: '/today-prices?view=form' },
  );
  await screen.findByTestId('prices-saved');
  return rendered;
}

const field = (label: string) => screen.getByLabelText(label);

afterEach(() => vi.restoreAllMocks());

describe('the today prices page', () => {
  it("loads the first group's and type's prices for today in Los Angeles", async () => {
    const api = fakeApi();
    await renderPage(api.fetch);
    expect(screen.getByLabelText('Group')).toHaveDisplayValue('Inland Empire Truckers');
    expect(screen.getByLabelText('Fuel price type')).toHaveDisplayValue('Cash');
    expect(screen.getByLabelText('Date')).toHaveValue('2025-01-15');
    expect(screen.getByText('Wednesday, January 15, 2025')).toBeVisible();
    expect(field('Regular')).toHaveValue(4.599);
    expect(field('Premium')).toHaveValue(5.299);
    expect(field('Diesel')).toHaveValue(5.049);
    expect(field('Renew 99')).toHaveValue(4.999);
    expect(field('B20')).toHaveValue(4.899);
  });

  it('says clearly when nothing is saved for the selection, with empty inputs', async () => {
    const api = fakeApi();
    await renderPage(api.fetch);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Fuel price type'), 'Credit Card');
    expect(await screen.findByText('No prices saved yet')).toBeVisible();
    expect(field('Regular')).toHaveValue(null);
    expect(api.reads).toContain('/api/admin/group/5/fuel-prices/2?date=2025-01-15');
    await user.selectOptions(screen.getByLabelText('Group'), 'Bay Area Commuters');
    await waitFor(() =>
      expect(api.reads).toContain('/api/admin/group/2/fuel-prices/2?date=2025-01-15'),
    );
  });

  it('reads the day chosen', async () => {
    const api = fakeApi();
    await renderPage(api.fetch);
    const date = screen.getByLabelText('Date');
    const user = userEvent.setup();
    await user.clear(date);
    await user.type(date, '2024-12-31');
    await waitFor(() =>
      expect(api.reads).toContain('/api/admin/group/5/fuel-prices/1?date=2024-12-31'),
    );
    expect(await screen.findByText('No prices saved yet')).toBeVisible();
  });

  it('saves the five prices with the type and the day as multipart, then says so', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
    const api = fakeApi(() => envelope({ ...saved, regular: 4.499 }));
    await renderPage(api.fetch);
    const user = userEvent.setup();
    await user.clear(field('Regular'));
    await user.type(field('Regular'), '4.499');
    expect(screen.getByText('Unsaved changes')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Saved Successfully'));
    expect(api.saves).toEqual([
      {
        url: '/api/admin/group/5/fuel-prices',
        fields: {
          fuel_price_type_id: '1',
          regular: '4.499',
          premium: '5.299',
          diesel: '5.049',
          renew_99: '4.999',
          b_20: '4.899',
          date: '2025-01-15',
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).toBeNull());
    expect(field('Regular')).toHaveValue(4.499);
  });

  it('says a save held for a second admin awaits approval, and shows the stored prices', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
    const error = vi.spyOn(toast, 'error').mockImplementation(() => {});
    const api = fakeApi(
      () =>
        new Response(
          JSON.stringify({
            metadata: { success: 1, message: "Held for a second admin's approval." },
            payload: { held: { id: 'req-1', reason: 'priceWarnings' } },
          }),
          { status: 202 },
        ),
    );
    await renderPage(api.fetch);
    const user = userEvent.setup();
    await user.clear(field('Regular'));
    await user.type(field('Regular'), '9.999');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith(
        'Awaiting approval: the change is made once a second admin approves it',
        expect.objectContaining({ label: 'Open Approvals' }),
      ),
    );
    expect(error).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(field('Regular')).toHaveValue(4.599);
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  });

  it("shows 'Something went wrong, please try again' and each of the server's messages", async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => {});
    const api = fakeApi(
      () =>
        new Response(
          JSON.stringify({
            metadata: {
              success: 0,
              message: {
                regular: ['The regular field must be at least 0.'],
                b_20: ['The b 20 field is required.'],
              },
            },
            payload: null,
          }),
          { status: 422 },
        ),
    );
    await renderPage(api.fetch);
    const user = userEvent.setup();
    await user.clear(field('Regular'));
    await user.type(field('Regular'), '-1');
    await user.clear(field('B20'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(error.mock.calls).toEqual([
        ['The regular field must be at least 0.'],
        ['The b 20 field is required.'],
        ['Something went wrong, please try again'],
      ]),
    );
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Something went wrong, please try again')).toBeVisible();
    expect(within(alert).getByText('The regular field must be at least 0.')).toBeVisible();
    expect(within(alert).getByText('The b 20 field is required.')).toBeVisible();
    expect(field('Regular')).toHaveValue(-1);
    expect(field('B20')).toHaveValue(null);
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('shows the server message when it is a plain string or a list', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => {});
    let reply: unknown = 'The requested group is not found';
    const api = fakeApi(() => envelope(null, 0, reply));
    await renderPage(api.fetch);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(error.mock.calls).toEqual([
        ['The requested group is not found'],
        ['Something went wrong, please try again'],
      ]),
    );
    error.mockClear();
    reply = ['First reason.', 'Second reason.'];
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(error.mock.calls).toEqual([
        ['First reason.'],
        ['Second reason.'],
        ['Something went wrong, please try again'],
      ]),
    );
  });

  it('shows a spinner on Save while the request is in flight', async () => {
    let answer: (response: Response) => void = () => {};
    const api = fakeApi(() => new Promise<Response>((resolve) => (answer = resolve)));
    await renderPage(api.fetch);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    const save = screen.getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toBeDisabled());
    expect(save).toHaveAttribute('aria-busy', 'true');
    expect(within(save).queryByText('Save')).toBeVisible();
    vi.spyOn(toast, 'success').mockImplementation(() => {});
    answer(envelope(saved));
    await waitFor(() => expect(save).toBeEnabled());
  });
});

describe('the view it opens on', () => {
  const open = (fetch: FetchHandler, storage: KeyValueStorage, path = '/today-prices') =>
    renderApp(
      <Suspense fallback={null}>
        <TodayPricesPage />
      </Suspense>,
      { fetch, session: sessionFor(), storage, path },
    );
  const selected = async (name: string) =>
    expect(await screen.findByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');

  it('is the desk at first, then the view last chosen in this browser', async () => {
    const api = fakeApi();
    const storage = memoryStorage();
    const first = await open(api.fetch, storage);
    await selected('Desk');
    await userEvent.click(await screen.findByRole('tab', { name: 'Single form' }));
    await selected('Single form');
    first.unmount();

    // The next day, from the menu: no view in the address.
    await open(api.fetch, storage);
    await selected('Single form');
    await screen.findByTestId('prices-saved');
  });

  it('is the one the address names, whatever was chosen before', async () => {
    const api = fakeApi();
    const storage = memoryStorage();
    storage.setItem(STORAGE_KEYS.pricesView, 'form');
    await open(api.fetch, storage, '/today-prices?view=desk');
    await selected('Desk');
  });
});
