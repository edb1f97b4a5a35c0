import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { toast } from '@/lib/toast';
import { memoryStorage } from '@/testing/fakes';
import { DEMO_USERS } from '../../mock/sample-data';
import { renderShop } from '@/testing/e-commerce/test-shop';

afterEach(() => vi.restoreAllMocks());

const table = () => screen.getByRole('table', { name: 'Customers' });
const bodyRows = () => within(table()).getAllByRole('row').slice(1);
const dialog = () => screen.getByTestId('customer-edit-dialog');

async function shownList() {
  await waitFor(() => expect(bodyRows()[0]).toHaveTextContent(/\S+@example\./));
}

describe('the demo customers', () => {
  it('opens signed in as the demo admin and lists the customers through find', async () => {
    const { requests } = await renderShop('/e-commerce/customers');
    expect(await screen.findByText('Sean Stark · Administrator')).toBeVisible();
    await shownList();
    expect(screen.getByText('Showing 1–10 of 50')).toBeVisible();
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'POST api/auth/login',
      'GET api/me',
      'POST api/customers/find',
    ]);
    expect(requests[2]?.headers).toEqual({
      Authorization: 'Bearer access-token-8f3ae836da744329a6f93bf20594b5cc',
    });
  });

  it('sends the status and type filters and the search text to find', async () => {
    const { requests } = await renderShop('/e-commerce/customers');
    await shownList();
    const user = userEvent.setup({ delay: null });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Active');
    await waitFor(() =>
      expect(bodyRows().every((row) => within(row).queryByText('Active') !== null)).toBe(true),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Business');
    await user.type(screen.getByRole('searchbox', { name: 'Search in all fields' }), 'EXAMPLE.ORG');
    await waitFor(() => {
      const last = requests.at(-1)?.body as { queryParams: { filter: Record<string, unknown> } };
      expect(last.queryParams.filter).toMatchObject({
        status: 1,
        type: 0,
        email: 'EXAMPLE.ORG',
        firstName: 'EXAMPLE.ORG',
      });
    });
    await waitFor(() =>
      expect(
        bodyRows().every(
          (row) =>
            within(row).queryByText(/@example\.org$/) !== null ||
            within(row).queryByText('No records found') !== null,
        ),
      ).toBe(true),
    );
  });

  it('creates a customer from the defaults of a new customer', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
    const rendered = await renderShop('/e-commerce/customers');
    await shownList();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'New customer' }));
    expect(rendered.location()).toBe('/e-commerce/customers/new');
    const form = within(dialog());
    expect(form.getByLabelText('Gender')).toHaveDisplayValue('Female');
    expect(form.getByLabelText('Status')).toHaveDisplayValue('Suspended');
    expect(form.getByLabelText('Type')).toHaveDisplayValue('Individual');
    expect(form.getByLabelText('Date of birth')).toHaveValue('2019-01-01');
    expect(form.getByLabelText('IP address')).toHaveValue('127.0.0.1');

    await user.type(form.getByLabelText('First name'), 'Zelda');
    await user.type(form.getByLabelText('Last name'), 'Quarterman');
    await user.type(form.getByLabelText('Username'), 'zquarter');
    await user.type(form.getByLabelText('Email'), 'zelda@example.com');
    await user.click(form.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith('Customer has been created'));
    await waitFor(() => expect(rendered.location()).toBe('/e-commerce/customers'));
    expect(screen.queryByTestId('customer-edit-dialog')).toBeNull();
    await user.type(screen.getByRole('searchbox', { name: 'Search in all fields' }), 'zelda');
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    const [row] = bodyRows();
    expect(row).toHaveTextContent('51');
    expect(row).toHaveTextContent('Quarterman');
    expect(row).toHaveTextContent('Suspended');
    expect(row).toHaveTextContent('Individual');
  });

  it('shows the validation messages and keeps what was typed', async () => {
    await renderShop('/e-commerce/customers/new');
    const user = userEvent.setup({ delay: null });
    const form = within(await screen.findByTestId('customer-edit-dialog'));
    await user.type(form.getByLabelText('First name'), 'Al');
    await user.type(form.getByLabelText('Email'), 'not-an-address');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('Minimum 3 symbols')).toBeVisible();
    expect(form.getByText('Last name is required')).toBeVisible();
    expect(form.getByText('Wrong email format')).toBeVisible();
    expect(form.getByText('Username is required')).toBeVisible();
    expect(form.getByLabelText('First name')).toHaveValue('Al');
    expect(form.getByLabelText('First name')).toHaveAttribute('aria-invalid', 'true');
  });

  it('edits a customer fetched into the item for edit', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
    const rendered = await renderShop('/e-commerce/customers/3/edit');
    const form = within(await screen.findByTestId('customer-edit-dialog'));
    const lastName = await form.findByLabelText('Last name');
    const before = rendered.shop.customers.store.getState().forEdit;
    expect(before?.id).toBe(3);
    expect(lastName).toHaveValue(before?.lastName);
    const user = userEvent.setup({ delay: null });
    await user.clear(lastName);
    await user.type(lastName, 'Renamed');
    await user.selectOptions(form.getByLabelText('Status'), 'Pending');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Customer has been updated'));
    await waitFor(() => expect(rendered.location()).toBe('/e-commerce/customers'));
    const row = await waitFor(() => {
      const found = bodyRows().find((candidate) => candidate.textContent?.includes('Renamed'));
      expect(found).toBeDefined();
      return found as HTMLElement;
    });
    expect(row).toHaveTextContent('Pending');
  });

  it('says so when the customer to edit does not exist (the mock 400)', async () => {
    await renderShop('/e-commerce/customers/999/edit');
    const form = within(await screen.findByTestId('customer-edit-dialog'));
    expect(await form.findByText('The requested customer is not found')).toBeVisible();
  });

  it("asks 'Are you sure to permanently delete this customer?' before deleting", async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
    const rendered = await renderShop('/e-commerce/customers');
    await shownList();
    const first = rendered.shop.customers.store.getState().entities?.[0];
    if (!first) throw new Error('no customers');
    const user = userEvent.setup({ delay: null });
    await user.click(
      screen.getByRole('button', { name: `Delete ${first.firstName} ${first.lastName}` }),
    );
    const confirm = within(await screen.findByTestId('customer-delete-dialog'));
    expect(confirm.getByText('Are you sure to permanently delete this customer?')).toBeVisible();
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Customer has been deleted'));
    await waitFor(() => expect(screen.getByText('Showing 1–10 of 49')).toBeVisible());
    expect(rendered.shop.customers.store.getState().entities?.some((c) => c.id === first.id)).toBe(
      false,
    );
  });

  it('sets the status of the selected customers, then deletes them', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
    const rendered = await renderShop('/e-commerce/customers');
    await shownList();
    const user = userEvent.setup({ delay: null });
    const [first, second] = bodyRows();
    if (!first || !second) throw new Error('too few rows');
    await user.click(within(first).getByRole('checkbox', { name: 'Select this row' }));
    await user.click(within(second).getByRole('checkbox', { name: 'Select this row' }));
    await user.click(screen.getByRole('button', { name: 'Update status' }));
    const statusDialog = within(await screen.findByRole('dialog'));
    await user.selectOptions(statusDialog.getByLabelText('Status'), 'Pending');
    await user.click(statusDialog.getByRole('button', { name: 'Update status' }));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith('The status of the selected customers has been updated'),
    );
    const entities = () => rendered.shop.customers.store.getState().entities ?? [];
    expect(
      entities()
        .slice(0, 2)
        .map((customer) => customer.status),
    ).toEqual([2, 2]);

    await user.click(screen.getByRole('button', { name: 'Delete selected' }));
    const confirm = within(await screen.findByTestId('customers-delete-dialog'));
    expect(
      confirm.getByText('Are you sure to permanently delete the 2 selected customers?'),
    ).toBeVisible();
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith('The selected customers have been deleted'),
    );
    await waitFor(() => expect(screen.getByText('Showing 1–10 of 48')).toBeVisible());
  });

  it('shows a spinner while saving, and keeps the dialog and the typed values on failure', async () => {
    const rendered = await renderShop('/e-commerce/customers/new', {
      intercept: (request) =>
        request.method === 'POST' && request.url === 'api/customers' ? { status: 500 } : undefined,
    });
    const form = within(await screen.findByTestId('customer-edit-dialog'));
    const user = userEvent.setup({ delay: null });
    await user.type(form.getByLabelText('First name'), 'Zelda');
    await user.type(form.getByLabelText('Last name'), 'Quarterman');
    await user.type(form.getByLabelText('Username'), 'zquarter');
    await user.type(form.getByLabelText('Email'), 'zelda@example.com');
    const release = rendered.hold();
    await user.click(form.getByRole('button', { name: 'Save' }));
    const save = form.getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toBeDisabled());
    expect(save.querySelector('[data-slot="spinner"]')).not.toBeNull();
    release();
    expect(
      await form.findByText('The demo server could not complete this. Please try again.'),
    ).toBeVisible();
    expect(form.getByLabelText('First name')).toHaveValue('Zelda');
    expect(rendered.location()).toBe('/e-commerce/customers/new');
    expect(rendered.shop.customers.store.getState().error).toBe(
      'customers/catchError: Request failed with status code 500',
    );
  });
});

describe('the demo account', () => {
  it('signs out to a sign-in card and back in as the guest', async () => {
    await renderShop('/e-commerce/customers');
    await shownList();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByTestId('demo-account'));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out of the demo' }));
    expect(await screen.findByText('You are signed out of the demo shop')).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Sign in as Guest' }));
    expect(await screen.findByText('Ginobili Maccari · Guest')).toBeVisible();
    await shownList();
  });

  it('reopens as the demo user of the last visit, asking only who the kept token is', async () => {
    const guest = DEMO_USERS.find((account) => account.username === 'guest');
    const storage = memoryStorage({
      [STORAGE_KEYS.authState]: JSON.stringify({ authToken: guest?.authToken }),
    });
    const { requests } = await renderShop('/e-commerce/customers', { storage });
    expect(await screen.findByText('Ginobili Maccari · Guest')).toBeVisible();
    await shownList();
    expect(requests.map((request) => `${request.method} ${request.url}`).slice(0, 2)).toEqual([
      'GET api/me',
      'POST api/customers/find',
    ]);
  });

  it('signs in as the demo admin when the kept token is one the demo no longer knows', async () => {
    const storage = memoryStorage({
      [STORAGE_KEYS.authState]: JSON.stringify({ authToken: 'access-token-of-last-visit' }),
    });
    await renderShop('/e-commerce/customers', { storage });
    expect(await screen.findByText('Sean Stark · Administrator')).toBeVisible();
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.authState) ?? 'null')).toEqual({
      authToken: 'access-token-8f3ae836da744329a6f93bf20594b5cc',
    });
  });

  it('goes to the error page for a path the shop does not have', async () => {
    const rendered = await renderShop('/e-commerce/orders');
    await waitFor(() => expect(rendered.location()).toBe('/error/error-v1'));
  });
});
