import { describe, expect, it } from 'vitest';
import { createRowIndex, type RowView } from './row-index';

interface Row {
  id: number;
  name: string;
  joined: string | null;
}

const rows: Row[] = [
  { id: 3, name: 'Charlie', joined: '2024-03-01' },
  { id: 1, name: 'alice', joined: null },
  { id: 10, name: 'Bob', joined: '2024-01-01' },
  { id: 2, name: 'bobby tables', joined: '2024-02-01' },
];

function index() {
  return createRowIndex(rows, {
    searchText: (row) => `${row.id} ${row.name}`,
    sortValue: (row, column) => row[column as keyof Row],
  });
}

function ids(view: RowView, at = index()) {
  return Array.from({ length: view.count }, (_, position) => at.at(view, position)?.id);
}

describe('the row index', () => {
  it('keeps data order without search or sort', () => {
    const at = index();
    expect(ids(at.view('', null), at)).toEqual([3, 1, 10, 2]);
  });

  it('matches a case-insensitive substring', () => {
    const at = index();
    expect(ids(at.view('BOB', null), at)).toEqual([10, 2]);
    expect(ids(at.view('bobby', null), at)).toEqual([2]);
    expect(ids(at.view('  ', null), at)).toEqual([3, 1, 10, 2]);
    expect(at.view('zzz', null).count).toBe(0);
  });

  it('sorts numbers numerically and text case-insensitively, both ways', () => {
    const at = index();
    expect(ids(at.view('', { id: 'id', desc: false }), at)).toEqual([1, 2, 3, 10]);
    expect(ids(at.view('', { id: 'id', desc: true }), at)).toEqual([10, 3, 2, 1]);
    expect(ids(at.view('', { id: 'name', desc: false }), at)).toEqual([1, 10, 2, 3]);
  });

  it('puts empty values last when ascending', () => {
    const at = index();
    expect(ids(at.view('', { id: 'joined', desc: false }), at)).toEqual([10, 2, 3, 1]);
  });

  it('sorts within the search result', () => {
    const at = index();
    expect(ids(at.view('b', { id: 'id', desc: true }), at)).toEqual([10, 2]);
  });

  it('narrows a search as characters are added, and widens it again', () => {
    const at = index();
    expect(at.view('b', null).count).toBe(2);
    expect(at.view('bo', null).count).toBe(2);
    expect(at.view('bobb', null).count).toBe(1);
    expect(at.view('a', null).count).toBe(3);
  });

  it('sorts whole numbers with ties and empty values the same whichever way it sorts them', () => {
    // Compact whole numbers take the counting path; fractions and a wide spread compare.
    const reference = (values: (number | null)[]) =>
      values
        .map((value, i) => ({ value, i }))
        .sort((a, b) =>
          a.value === b.value
            ? a.i - b.i
            : a.value === null
              ? 1
              : b.value === null
                ? -1
                : a.value - b.value || a.i - b.i,
        )
        .map(({ i }) => i);
    const cases: (number | null)[][] = [
      [5, 3, null, 3, -2, 5, 0, null, 7],
      [5.5, 3, null, 3, -2.25, 5, 0],
      [1e12, 3, 3, null, -1e12, 0],
      Array.from({ length: 5000 }, (_, i) => (i % 11 === 0 ? null : (i * 7919) % 1000)),
    ];
    for (const values of cases) {
      const at = createRowIndex(values, {
        searchText: () => '',
        sortValue: (value) => value,
      });
      const up = at.view('', { id: 'v', desc: false });
      const positions = Array.from({ length: up.count }, (_, p) => up.order?.[p]);
      expect(positions).toEqual(reference(values));
      const down = at.view('', { id: 'v', desc: true });
      expect(Array.from({ length: down.count }, (_, p) => down.order?.[p])).toEqual(
        reference(values).reverse(),
      );
    }
  });

  it('handles a hundred thousand rows', () => {
    const many = Array.from({ length: 100_000 }, (_, i) => ({
      id: i,
      name: `User ${100_000 - i}`,
    }));
    const big = createRowIndex(many, {
      searchText: (row) => row.name,
      sortValue: (row, column) => row[column as 'id' | 'name'],
    });
    const view = big.view('user 9999', { id: 'id', desc: true });
    expect(view.count).toBe(11);
    expect(big.at(view, 0)?.name).toBe('User 9999');
    expect(big.at(big.view('', { id: 'name', desc: false }), 0)?.name).toBe('User 1');
  });
});
