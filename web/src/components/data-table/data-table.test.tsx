import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ColumnDef } from '@tanstack/react-table';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, type RenderOptions } from '@/testing/render';
import { DataTable } from './data-table';

interface Person {
  id: number;
  name: string;
}

const columns: ColumnDef<Person, unknown>[] = [
  { accessorKey: 'id', header: 'ID' },
  { accessorKey: 'name', header: 'Name' },
  {
    id: 'actions',
    header: 'View',
    enableSorting: false,
    cell: () => <button type="button">View</button>,
  },
];

const people = (count: number): Person[] =>
  Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    name: `Person ${String(i + 1).padStart(3, '0')}`,
  }));

function bodyRows() {
  const [, body] = screen.getAllByRole('rowgroup');
  return within(body as HTMLElement).getAllByRole('row');
}

function firstCells() {
  return bodyRows().map((row) => within(row).getAllByRole('cell')[0]?.textContent);
}

function renderTable(
  props: Partial<Parameters<typeof DataTable<Person, unknown>>[0]> = {},
  options: RenderOptions = {},
) {
  return renderApp(
    <DataTable
      label="People"
      columns={columns}
      data={people(23)}
      getRowId={(row) => String(row.id)}
      searchText={(row) => `${row.id} ${row.name}`}
      {...props}
    />,
    options,
  );
}

describe('the list table', () => {
  it('shows 10 rows per page with the total count', async () => {
    await renderTable();
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByText('Showing 1–10 of 23')).toBeVisible();
  });

  it('offers page sizes 3, 5 and 10', async () => {
    await renderTable();
    const select = screen.getByRole('combobox', { name: 'Rows per page' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['3', '5', '10']);
    await userEvent.setup().selectOptions(select, '3');
    expect(bodyRows()).toHaveLength(3);
    expect(screen.getByText('Showing 1–3 of 23')).toBeVisible();
  });

  it('pages with first, previous, next, last and page numbers', async () => {
    await renderTable();
    const user = userEvent.setup();
    expect(screen.getByRole('button', { name: 'First page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(firstCells()[0]).toBe('11');
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(firstCells()).toEqual(['21', '22', '23']);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getByRole('button', { name: 'First page' }));
    expect(firstCells()[0]).toBe('1');
  });

  it('sorts with up, down and neutral icons announced by aria-sort', async () => {
    await renderTable();
    const user = userEvent.setup();
    const header = screen.getByRole('columnheader', { name: /ID/ });
    expect(header).toHaveAttribute('aria-sort', 'none');
    await user.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(firstCells()[0]).toBe('23');
    await user.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: 'View' })).not.toHaveAttribute('aria-sort');
  });

  it('offers no sort on a page served from outside, which it could only reorder', async () => {
    await renderTable({
      data: people(3),
      remotePaging: {
        pageIndex: 0,
        pageSize: 10,
        total: { count: 23, exact: true },
        reachable: [0, 1, 2],
        onPageIndexChange: () => undefined,
        onPageSizeChange: () => undefined,
      },
    });
    expect(await screen.findByRole('button', { name: 'Page 2' })).toBeEnabled();
    for (const header of screen.getAllByRole('columnheader')) {
      expect(header).not.toHaveAttribute('aria-sort');
      expect(within(header).queryByRole('button')).toBeNull();
    }
  });

  it('searches case-insensitively and goes back to the first page', async () => {
    await renderTable();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search the list' }), 'PERSON 02');
    await waitFor(() => expect(firstCells()).toEqual(['20', '21', '22', '23']));
    expect(screen.getByText('Showing 1–4 of 4')).toBeVisible();
  });

  it("says 'No records found' when nothing matches or the list is empty", async () => {
    await renderTable({ data: [] });
    expect(screen.getByText('No records found')).toBeVisible();
    expect(screen.getByText('Showing 0–0 of 0')).toBeVisible();
  });

  it("says 'Please wait...' and 'Loading...' before the first reply", async () => {
    await renderTable({ data: undefined, isLoading: true });
    expect(screen.getByText('Please wait...')).toBeVisible();
    expect(screen.getByText('Loading...')).toBeVisible();
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
  });

  it("shows 'Loading...' while refreshing rows already shown", async () => {
    await renderTable({ isFetching: true });
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(bodyRows()).toHaveLength(10);
  });

  it('selects rows, and all rows of the search with the header checkbox', async () => {
    const onSelectionChange = vi.fn();
    await renderTable({ enableRowSelection: true, onSelectionChange });
    const user = userEvent.setup();
    const all = await screen.findByRole('checkbox', { name: 'Select all rows' });
    await user.click(
      screen.getAllByRole('checkbox', { name: 'Select this row' })[0] as HTMLElement,
    );
    expect(onSelectionChange).toHaveBeenLastCalledWith(new Set(['1']));
    expect(all).toHaveAttribute('data-state', 'indeterminate');
    await user.click(all);
    expect(onSelectionChange.mock.lastCall?.[0].size).toBe(23);
    expect(all).toHaveAttribute('data-state', 'checked');
    expect(screen.getByText('23 selected')).toBeVisible();
    await user.click(all);
    expect(onSelectionChange.mock.lastCall?.[0].size).toBe(0);
  });

  it('stays responsive with 100 000 rows (paging, sort and search work on all of them)', async () => {
    const many = people(100_000);
    await renderTable({ data: many });
    const user = userEvent.setup();
    expect(screen.getByText('Showing 1–10 of 100,000')).toBeVisible();
    const id = within(screen.getByRole('columnheader', { name: /ID/ })).getByRole('button');
    await user.click(id);
    await user.click(id);
    expect(firstCells()[0]).toBe('100000');
    await user.click(
      within(screen.getByRole('columnheader', { name: /Name/ })).getByRole('button'),
    );
    // Text sorts as text: "Person 001" … "Person 100000" … "Person 99999".
    expect(firstCells()[0]).toBe('1');
    await user.type(screen.getByRole('searchbox'), '99999');
    await waitFor(() => expect(screen.getByText('Showing 1–1 of 1')).toBeVisible());
    expect(firstCells()).toEqual(['99999']);
  });
});

describe('benchmark marks', () => {
  it('marks first rows, each sort and each keystroke, then their results painted', async () => {
    performance.clearMarks();
    await renderTable({ perfLabel: 'people' });
    const names = () => performance.getEntriesByType('mark').map((entry) => entry.name);
    await waitFor(() => expect(names()).toContain('people:rows:painted'));
    const user = userEvent.setup();
    await user.click(within(screen.getByRole('columnheader', { name: /ID/ })).getByRole('button'));
    await waitFor(() => expect(names()).toContain('people:sort:painted'));
    await user.type(screen.getByRole('searchbox'), '2');
    await waitFor(() => expect(names()).toContain('people:filter:painted'));
    expect(names().indexOf('people:sort')).toBeLessThan(names().indexOf('people:sort:painted'));
    expect(names().indexOf('people:filter')).toBeLessThan(names().indexOf('people:filter:painted'));
  });
});

describe('the list view in the address', () => {
  it('opens a shared address at its search, sort, page and page size', async () => {
    await renderTable({ urlState: true }, { path: '/people?q=person+0&sort=-id&page=2&size=5' });
    expect(firstCells()).toEqual(['18', '17', '16', '15', '14']);
    expect(screen.getByRole('searchbox')).toHaveValue('person 0');
    expect(screen.getByRole('columnheader', { name: /ID/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('writes each change into the address and leaves defaults out', async () => {
    const { location } = await renderTable({ urlState: true }, { path: '/people' });
    const user = userEvent.setup();
    await user.click(within(screen.getByRole('columnheader', { name: /ID/ })).getByRole('button'));
    expect(location()).toBe('/people?sort=id');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(location()).toBe('/people?sort=id&page=2');
    await user.type(screen.getByRole('searchbox'), 'x');
    expect(location()).toBe('/people?sort=id&q=x');
    await user.clear(screen.getByRole('searchbox'));
    expect(location()).toBe('/people?sort=id');
  });

  it('shows the defaults for values that do not parse', async () => {
    await renderTable({ urlState: true }, { path: '/people?page=zero&size=7&sort=nope' });
    expect(firstCells()[0]).toBe('1');
    expect(bodyRows()).toHaveLength(10);
  });

  it('offers Export CSV on a page list, not on a table in a dialog', async () => {
    const { unmount } = await renderTable({ urlState: true });
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
    unmount();
    await renderTable();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
  });

  it('counts the rows read while a paged list is read for an export', async () => {
    let finish = (_rows: Person[]) => {};
    await renderTable({
      urlState: true,
      exportRows: (onRead) => {
        onRead(1200);
        return new Promise((resolve) => {
          finish = resolve;
        });
      },
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export CSV' }));
    const button = await screen.findByRole('button', { name: 'Reading rows… 1,200' });
    expect(button).toBeDisabled();
    finish([]);
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  it('keeps a second list apart with a prefix', async () => {
    const { location } = await renderTable({ urlState: 'b.' }, { path: '/people?page=3' });
    expect(firstCells()[0]).toBe('1');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Page 2' }));
    expect(location()).toBe('/people?page=3&b.page=2');
  });
});
