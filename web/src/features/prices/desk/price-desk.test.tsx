import { Suspense } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RoleRecords } from '@/lib/roles/grants';
import { toast } from '@/lib/toast';
import { envelope, fakeServices, sessionFor, type FetchHandler } from '@/testing/fakes';
import { renderApp } from '@/testing/render';
import { memoryRoleSource, rolesInUse, WithRoles } from '@/testing/roles';
import { TodayPricesPage } from '../today-prices-page';

// The history of groups 5 and 6, type 1: 2025-01-14 only (the fake clock's day is 2025-01-15);
// of group 2, type 1: what another admin saved today, once a test says they have.
const saves = vi.hoisted(() => ({ bayToday: null as null | Record<string, number | string> }));
vi.mock('../api/get-price-history', () => ({
  readPriceDays: (_firebase: unknown, { groupId, typeId }: { groupId: number; typeId: number }) =>
    Promise.resolve([
      ...((groupId === 5 || groupId === 6) && typeId === 1
        ? [
            {
              day: '2025-01-14',
              prices: { regular: 4, premium: 5, diesel: 5, renew_99: 5, b_20: 5, at: 1, by: '1' },
            },
          ]
        : []),
      ...(groupId === 2 && typeId === 1 && saves.bayToday
        ? [{ day: '2025-01-15', prices: saves.bayToday }]
        : []),
    ]),
}));

const groups = [
  { id: 5, name: 'Inland', image: null, users: [], timestamp: 1 },
  { id: 2, name: 'Bay', image: null, users: [], timestamp: 2 },
];
const types = [{ id: 1, name: 'Cash' }];

/** The `api` function's answer to a save it holds for a second admin. */
const heldReply = () =>
  new Response(
    JSON.stringify({
      metadata: { success: 1, message: "Held for a second admin's approval." },
      payload: { held: { id: 'req-1', reason: 'priceWarnings' } },
    }),
    { status: 202 },
  );

function fakeApi(refuse: Set<string>, groupList = groups, hold = new Set<string>()) {
  const saves: string[] = [];
  const fetch: FetchHandler = (url, init) => {
    if (init.method === 'POST') {
      const body = init.body as FormData;
      const fields = Object.fromEntries([...body.entries()].map(([k, v]) => [k, String(v)]));
      saves.push(url);
      if (refuse.has(url)) return envelope(null, 0, 'Regular is too high');
      if (hold.has(url)) return heldReply();
      return envelope({
        ...fields,
        regular: Number(fields.regular),
        premium: 0,
        diesel: 0,
        renew_99: 0,
        b_20: 0,
      });
    }
    if (url === '/api/admin/groups') return envelope(groupList);
    if (url === '/api/admin/fuel-price-types') return envelope(types);
    return envelope(null);
  };
  return { fetch, saves };
}

async function renderDesk(fetch: FetchHandler) {
  const rendered = await renderApp(
    <Suspense fallback={null}>
      <TodayPricesPage />
    </Suspense>,
    { fetch, session: sessionFor(), path: '/today-prices' },
  );
  rendered.services.realtimeSession.set({ status: 'connected' });
  await screen.findByTestId('price-desk-grid');
  return rendered;
}

const cell = (row: string, grade: string) =>
  screen.getByRole('textbox', { name: new RegExp(`^${row} · Cash · ${grade}`) });

afterEach(() => {
  saves.bayToday = null;
  vi.restoreAllMocks();
});

describe('the price desk', () => {
  it('copies the previous day, warns of a jump before saving, and saves only changed rows', async () => {
    const user = userEvent.setup();
    const api = fakeApi(new Set());
    await renderDesk(api.fetch);
    await user.click(screen.getByRole('button', { name: 'Copy previous day to all rows' }));
    expect(cell('Inland', 'Regular')).toHaveValue('4');
    expect(cell('Bay', 'Regular')).toHaveValue('');
    expect(cell('Inland', 'Regular')).toHaveAccessibleName('Inland · Cash · Regular · changed');

    await user.clear(cell('Inland', 'Regular'));
    await user.type(cell('Inland', 'Regular'), '4.5');
    expect(cell('Inland', 'Regular')).toHaveAccessibleDescription(
      /\+13% from the previous day \(4\.00\)/,
    );

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const warnings = await screen.findByTestId('desk-warnings');
    expect(within(warnings).getAllByRole('listitem')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(api.saves).toEqual(['/api/admin/group/5/fuel-prices']));
    const inland = screen.getAllByTestId('desk-row')[0];
    await waitFor(() => expect(inland).toHaveTextContent('Saved'));
  });

  it('keeps a refused row with its values and error, and Save again retries only it', async () => {
    const user = userEvent.setup();
    const api = fakeApi(new Set(['/api/admin/group/2/fuel-prices']));
    await renderDesk(api.fetch);
    await user.type(cell('Inland', 'Regular'), '4.1');
    await user.type(cell('Bay', 'Regular'), '4.2');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.saves).toHaveLength(2));
    const [inland, bay] = screen.getAllByTestId('desk-row');
    await waitFor(() => expect(bay).toHaveTextContent('Not saved'));
    expect(bay).toHaveTextContent('Regular is too high');
    expect(inland).toHaveTextContent('Saved');
    expect(cell('Bay', 'Regular')).toHaveValue('4.2');

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.saves).toHaveLength(3));
    expect(api.saves[2]).toBe('/api/admin/group/2/fuel-prices');
  });

  it('shows a row held for a second admin as awaiting approval, back to its stored prices', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
    const error = vi.spyOn(toast, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    const api = fakeApi(new Set(), groups, new Set(['/api/admin/group/2/fuel-prices']));
    const { location } = await renderDesk(api.fetch);
    await user.type(cell('Inland', 'Regular'), '4.1');
    await user.type(cell('Bay', 'Regular'), '30');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await user.click(await screen.findByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(api.saves).toHaveLength(2));

    const [inland, bay] = screen.getAllByTestId('desk-row') as [HTMLElement, HTMLElement];
    await waitFor(() => expect(bay).toHaveTextContent('Awaiting approval'));
    expect(bay).not.toHaveTextContent('Not saved');
    expect(within(bay).getByRole('link', { name: 'Open Approvals' })).toHaveAttribute(
      'href',
      '/approvals',
    );
    expect(inland).toHaveTextContent('Saved');
    // The request holds what was typed: the row shows what is stored, and is not sent again.
    expect(cell('Bay', 'Regular')).toHaveValue('');
    expect(cell('Bay', 'Regular')).toHaveAccessibleName('Bay · Cash · Regular');
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();

    expect(error).not.toHaveBeenCalled();
    expect(success).toHaveBeenCalledWith("1 row awaits a second admin's approval", {
      label: 'Open Approvals',
      onClick: expect.any(Function) as () => void,
    });
    success.mock.calls[0]?.[1]?.onClick();
    expect(location()).toBe('/approvals');
  });

  it('asks before saving over a row another admin saved since it loaded; Keep theirs shows theirs', async () => {
    const user = userEvent.setup();
    const api = fakeApi(new Set());
    await renderDesk(api.fetch);
    await user.type(cell('Inland', 'Regular'), '4.1');
    await user.type(cell('Bay', 'Regular'), '4.2');
    saves.bayToday = { regular: 3.9, premium: 4, diesel: 4, renew_99: 4, b_20: 4, at: 50, by: '2' };

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const dialog = await screen.findByTestId('desk-conflicts');
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringMatching(/^Bay · Cash: saved by another admin, /)]);
    expect(api.saves).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Keep theirs' }));
    await waitFor(() => expect(api.saves).toEqual(['/api/admin/group/5/fuel-prices']));
    expect(cell('Bay', 'Regular')).toHaveValue('3.9');
    expect(cell('Bay', 'Regular')).toHaveAccessibleName('Bay · Cash · Regular');
  });

  it('moves with the keyboard, reverts with Escape and pastes a block', async () => {
    const user = userEvent.setup();
    await renderDesk(fakeApi(new Set()).fetch);
    await user.click(cell('Inland', 'Regular'));
    await user.keyboard('{ArrowDown}');
    expect(cell('Bay', 'Regular')).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowRight}');
    expect(cell('Inland', 'Premium')).toHaveFocus();
    await user.keyboard('7{Escape}');
    expect(cell('Inland', 'Premium')).toHaveValue('');
    await user.paste('1\t2\n3\t4\n');
    expect(cell('Inland', 'Premium')).toHaveValue('1');
    expect(cell('Inland', 'Diesel')).toHaveValue('2');
    expect(cell('Bay', 'Premium')).toHaveValue('3');
    expect(cell('Bay', 'Diesel')).toHaveValue('4');
    expect(screen.getAllByTestId('desk-changed')).toHaveLength(4);
  });
});

describe('the price desk with roles', () => {
  const inlandAndCoast = [
    { id: 5, name: 'Inland', image: null, users: [], timestamp: 1 },
    { id: 6, name: 'Coast', image: null, users: [], timestamp: 2 },
  ];

  async function renderWithRoles(records: RoleRecords) {
    const api = fakeApi(new Set(), inlandAndCoast);
    const services = fakeServices({ fetch: api.fetch, session: sessionFor() });
    services.realtimeSession.set({ status: 'connected' });
    await renderApp(
      <WithRoles source={memoryRoleSource(records)}>
        <Suspense fallback={null}>
          <TodayPricesPage />
        </Suspense>
      </WithRoles>,
      { services, path: '/today-prices' },
    );
    await screen.findByTestId('price-desk-grid');
    return api;
  }

  it("lets a prices admin limited to group 5 edit that group's row, not another's", async () => {
    const user = userEvent.setup();
    const api = await renderWithRoles(rolesInUse(['prices'], ['5']));
    const [inland, coast] = screen.getAllByTestId('desk-row') as [HTMLElement, HTMLElement];
    expect(inland).not.toHaveAttribute('data-locked');
    expect(coast).toHaveAttribute('data-locked');
    expect(cell('Inland', 'Regular')).not.toHaveAttribute('readonly');
    expect(cell('Coast', 'Regular')).toHaveAttribute('readonly');
    expect(cell('Coast', 'Regular')).toHaveAccessibleDescription(
      "Your roles do not cover this group's prices",
    );

    // Copying the previous day passes the read-only row by; typing there changes nothing.
    await user.click(screen.getByRole('button', { name: 'Copy previous day to all rows' }));
    expect(cell('Inland', 'Regular')).toHaveValue('4');
    expect(cell('Coast', 'Regular')).toHaveValue('');
    await user.type(cell('Coast', 'Premium'), '5');
    expect(cell('Coast', 'Premium')).toHaveValue('');

    const save = screen.getByRole('button', { name: 'Save changes' });
    expect(save).not.toHaveAttribute('aria-disabled');
    await user.click(save);
    await waitFor(() => expect(api.saves).toEqual(['/api/admin/group/5/fuel-prices']));
  });

  it('leaves the desk read-only to an admin without the prices role, and says why', async () => {
    await renderWithRoles(rolesInUse(['auditor']));
    expect(cell('Inland', 'Regular')).toHaveAttribute('readonly');
    expect(cell('Coast', 'Regular')).toHaveAttribute('readonly');
    for (const name of ['Save changes', 'Copy previous day to all rows']) {
      const button = screen.getByRole('button', { name });
      expect(button).toHaveAttribute('aria-disabled', 'true');
      expect(button).toHaveAccessibleDescription('Needs the Prices or Owner role');
    }
  });
});
