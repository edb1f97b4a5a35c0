import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast';
import { renderShop } from '@/testing/e-commerce/test-shop';

afterEach(() => vi.restoreAllMocks());

const rowsOf = (name: string) =>
  within(screen.getByRole('table', { name })).getAllByRole('row').slice(1);

describe('the demo products', () => {
  it('lists the cars, filtered by status through find', async () => {
    const { requests } = await renderShop('/e-commerce/products');
    expect(await screen.findByRole('heading', { name: 'Products list' })).toBeVisible();
    await waitFor(() => expect(screen.getByText('Showing 1–10 of 40')).toBeVisible());
    const user = userEvent.setup({ delay: null });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Sold');
    await waitFor(() =>
      expect(rowsOf('Products').every((row) => within(row).queryByText('Sold') !== null)).toBe(
        true,
      ),
    );
    const last = requests.at(-1);
    expect(last?.url).toBe('api/products/find');
    expect(last?.body).toMatchObject({ queryParams: { filter: { status: 1 } } });
  });

  it('creates a car from the defaults of a new car, then opens it for its remarks', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
    const rendered = await renderShop('/e-commerce/products/new');
    const model = await screen.findByLabelText('Model');
    expect(screen.getByLabelText('Model year')).toHaveValue('2000');
    expect(screen.getByLabelText('Mileage')).toHaveValue('0');
    expect(screen.getByLabelText('Color')).toHaveDisplayValue('Black');
    expect(screen.getByLabelText('Price (US$)')).toHaveValue('1000');
    expect(screen.getByLabelText('Condition')).toHaveDisplayValue('New');
    expect(screen.getByLabelText('Status')).toHaveDisplayValue('Selling');
    expect(screen.getByRole('tab', { name: 'Remarks' })).toBeDisabled();

    const user = userEvent.setup({ delay: null });
    await user.type(model, 'Roadster');
    await user.type(screen.getByLabelText('VIN code'), '1HGCM82633A004352');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Product has been created'));
    await waitFor(() => expect(rendered.location()).toBe('/e-commerce/products/41/edit'));
    expect(
      await screen.findByRole('heading', { name: 'Edit product: Pontiac Roadster' }),
    ).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Remarks' })).toBeEnabled();
  });

  it('checks the car fields', async () => {
    await renderShop('/e-commerce/products/new');
    const user = userEvent.setup({ delay: null });
    const year = await screen.findByLabelText('Model year');
    await user.clear(year);
    await user.type(year, '1900');
    await user.type(screen.getByLabelText('VIN code'), 'IOQ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Model is required')).toBeVisible();
    expect(screen.getByText('Enter a year from 1950 to 2030')).toBeVisible();
    expect(
      screen.getByText('A VIN code has 11 to 17 letters and digits, without I, O or Q'),
    ).toBeVisible();
    expect(year).toHaveValue('1900');
  });

  it('says so when the car to edit does not exist (the mock 400)', async () => {
    await renderShop('/e-commerce/products/999/edit');
    expect(await screen.findByText('The requested product is not found')).toBeVisible();
  });

  it("adds, types and deletes a car's remarks", async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
    const rendered = await renderShop('/e-commerce/products/1/edit');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('tab', { name: 'Remarks' }));
    await waitFor(() => expect(rowsOf('Remarks')[0]).toHaveTextContent(/\d{4}/));
    const before = rendered.shop.remarks.store.getState().totalCount;
    expect(rendered.requests.at(-1)?.url).toBe('api/remarksfind/1');

    await user.click(screen.getByRole('button', { name: 'New remark' }));
    const dialog = within(await screen.findByTestId('remark-edit-dialog'));
    expect(dialog.getByLabelText('Type')).toHaveDisplayValue('Information');
    expect(dialog.getByLabelText('Due date')).toHaveValue('2019-01-01');
    await user.type(dialog.getByLabelText('Text'), 'Wax before the weekend');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Remark has been created'));
    await waitFor(() => expect(rendered.shop.remarks.store.getState().totalCount).toBe(before + 1));

    const row = await waitFor(() => {
      const found = rowsOf('Remarks').find((candidate) =>
        candidate.textContent?.includes('Wax before the weekend'),
      );
      expect(found).toBeDefined();
      return found as HTMLElement;
    });
    await user.click(within(row).getByRole('checkbox', { name: 'Select this row' }));
    await user.click(screen.getByRole('button', { name: 'Change type' }));
    const typeDialog = within(await screen.findByRole('dialog'));
    await user.selectOptions(typeDialog.getByLabelText('Type'), 'Reminder');
    await user.click(typeDialog.getByRole('button', { name: 'Change type' }));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith('The type of the selected remarks has been changed'),
    );
    const created = rendered.shop.remarks.store
      .getState()
      .entities?.find((remark) => remark.text === 'Wax before the weekend');
    expect(created?.type).toBe(2);

    await user.click(screen.getByRole('button', { name: 'Delete Wax before the weekend' }));
    const confirm = within(await screen.findByTestId('remark-delete-dialog'));
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Remark has been deleted'));
  });

  it("names a car's specifications from their specId and has no bulk status for them", async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
    const rendered = await renderShop('/e-commerce/products/2/edit');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('tab', { name: 'Specifications' }));
    await waitFor(() => expect(rowsOf('Specifications').length).toBeGreaterThan(0));
    const names = rowsOf('Specifications').map(
      (row) => within(row).getAllByRole('cell')[1]?.textContent,
    );
    const specs = rendered.shop.specifications.store.getState().entities ?? [];
    const expected = [
      'Seats',
      'Fuel Type',
      'Stock',
      'Door count',
      'Engine',
      'Transmission',
      'Drivetrain',
      'Combined MPG',
      'Warranty',
      'Wheels',
    ];
    expect([...names].sort()).toEqual(specs.map((spec) => expected[spec.specId]).sort());

    await user.click(screen.getByRole('button', { name: 'New specification' }));
    const dialog = within(await screen.findByTestId('specification-edit-dialog'));
    await user.selectOptions(dialog.getByLabelText('Specification'), 'Warranty');
    await user.type(dialog.getByLabelText('Value'), '7 years');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Specification has been created'));
    expect(rendered.requests.find((request) => request.url === 'api/specifications')?.body).toEqual(
      { specification: { specId: 8, value: '7 years', carId: 2 } },
    );

    const [first] = rowsOf('Specifications');
    if (!first) throw new Error('no specification rows');
    await user.click(within(first).getByRole('checkbox', { name: 'Select this row' }));
    expect(screen.getByRole('button', { name: 'Delete selected' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Update status' })).toBeNull();
  });
});
