import { Suspense } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChangeStoreProvider } from '@/lib/changes/change-store';
import { memoryChangeStore, NOW, priceDay } from '@/testing/changes';
import { envelope, fakeServices, sessionFor } from '@/testing/fakes';
import { fakeMatchMedia } from '@/testing/match-media';
import { renderApp } from '@/testing/render';
import { TodayPricesPage } from '../today-prices-page';

// The desk's own reads of the price history: nothing kept.
vi.mock('../api/get-price-history', () => ({ readPriceDays: () => Promise.resolve([]) }));

const groups = [
  { id: 5, name: 'Inland', image: null, users: [], timestamp: 1 },
  { id: 2, name: 'Bay', image: null, users: [], timestamp: 2 },
];
const types = [
  { id: 1, name: 'Cash' },
  { id: 2, name: 'Credit Card' },
];
const HOUR = 3_600_000;

/** Today (Jan 15) holds four rows, one of group 9, deleted since; tomorrow one of them. */
const someMissing = () =>
  memoryChangeStore({
    priceDays: {
      '2025-01-15': priceDay('5:1', '5:2', '2:1', '9:1'),
      '2025-01-16': priceDay('5:1'),
    },
  });

async function renderDesk(changes: ReturnType<typeof memoryChangeStore>, now = NOW) {
  const services = fakeServices({
    session: sessionFor(),
    fetch: (url) => {
      if (url === '/api/admin/groups') return envelope(groups);
      if (url === '/api/admin/fuel-price-types') return envelope(types);
      return envelope(null);
    },
  });
  services.now = () => now;
  services.realtimeSession.set({ status: 'connected' });
  const rendered = await renderApp(
    <ChangeStoreProvider store={changes.store}>
      <Suspense fallback={null}>
        <TodayPricesPage />
      </Suspense>
    </ChangeStoreProvider>,
    { services, path: '/today-prices' },
  );
  await screen.findByTestId('price-desk-grid');
  return rendered;
}

const card = async () => within(await screen.findByTestId('missing-for-tomorrow'));

afterEach(() => vi.restoreAllMocks());

describe('missing for tomorrow, on the desk', () => {
  it('lists the rows by group and fuel price type name, with tomorrow and its deadline', async () => {
    await renderDesk(someMissing());
    const missing = await card();
    expect(missing.getByRole('heading', { name: 'Missing for tomorrow' })).toBeVisible();
    expect(missing.getByText('Prices for Thursday, January 16, 2025')).toBeVisible();
    expect(missing.getByText('Due today at 5:00 PM (Los Angeles)')).toBeVisible();
    expect(
      missing.getByText(
        'Counted from the prices saved or read through this product: prices saved with another tool are not seen.',
      ),
    ).toBeVisible();

    // The groups in the desk's order, a deleted one last under its id.
    const list = missing.getByRole('list', { name: 'Missing for tomorrow' });
    const byGroup = within(list)
      .getAllByRole('list')
      .map((group) => [
        group.getAttribute('aria-label'),
        within(group)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ]);
    expect(byGroup).toEqual([
      ['Inland', ['Credit Card']],
      ['Bay', ['Cash']],
      ['Group 9', ['Cash']],
    ]);
    expect(
      missing.getByRole('link', { name: "Open Inland · Credit Card on tomorrow's desk" }),
    ).toHaveAttribute('href', '/today-prices?day=2025-01-16&row=5%3A2');
  });

  it('opens tomorrow’s desk at the row, its first cell focused', async () => {
    const rendered = await renderDesk(someMissing());
    const missing = await card();
    await userEvent
      .setup()
      .click(missing.getByRole('link', { name: "Open Bay · Cash on tomorrow's desk" }));
    expect(rendered.location()).toBe('/today-prices?day=2025-01-16&row=2%3A1');
    expect(await screen.findByLabelText('Date')).toHaveValue('2025-01-16');
    await waitFor(() =>
      expect(document.activeElement).toHaveAccessibleName(/^Bay · Cash · Regular/),
    );
  });

  it('on a phone, shows the group of the row it opens', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      fakeMatchMedia((query) => query === '(max-width: 767px)'),
    );
    await renderDesk(someMissing());
    const missing = await card();
    await userEvent
      .setup()
      .click(missing.getByRole('link', { name: "Open Bay · Cash on tomorrow's desk" }));
    await waitFor(() => expect(screen.getByLabelText('Group shown')).toHaveDisplayValue('Bay'));
    await waitFor(() =>
      expect(document.activeElement).toHaveAccessibleName(/^Bay · Cash · Regular/),
    );
  });

  it('follows the saves live, then says nothing is missing', async () => {
    const changes = someMissing();
    await renderDesk(changes);
    const missing = await card();
    act(() => changes.setPriceDay('2025-01-16', priceDay('5:1', '5:2', '2:1', '9:1')));
    expect(missing.queryByRole('list')).toBeNull();
    expect(missing.getByText('Nothing missing for tomorrow')).toBeVisible();
    expect(missing.getByText('Due today at 5:00 PM (Los Angeles)')).toBeVisible();
  });

  it('says the deadline has passed while rows are missing', async () => {
    await renderDesk(someMissing(), NOW + 6 * HOUR);
    const missing = await card();
    expect(missing.getByText('Overdue since 5:00 PM today (Los Angeles)')).toBeVisible();
  });

  it('is not shown while no row has prices for today', async () => {
    const changes = memoryChangeStore({ priceDays: { '2025-01-16': priceDay('5:1') } });
    await renderDesk(changes);
    await act(async () => {});
    expect(changes.watchedDays()).toEqual(['2025-01-15', '2025-01-16']);
    expect(screen.queryByTestId('missing-for-tomorrow')).toBeNull();
  });
});
