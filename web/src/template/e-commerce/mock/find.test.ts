import { describe, expect, it } from 'vitest';
import type { QueryParams } from '../schemas';
import { findRows } from './find';

const rows = [
  { id: 1, firstName: 'Sonni', lastName: 'Gandy', email: 'sgandy@example.com', status: 1, type: 0 },
  { id: 2, firstName: 'Aurora', lastName: 'Arnett', email: 'aa@example.org', status: 0, type: 1 },
  {
    id: 3,
    firstName: 'Emery',
    lastName: 'Sonnier',
    email: 'emery@example.net',
    status: 1,
    type: 1,
  },
  {
    id: 4,
    firstName: 'Marla',
    lastName: 'Crosbie',
    email: 'marla@example.com',
    status: 2,
    type: 0,
  },
];

const params = (overrides: Partial<QueryParams> = {}): QueryParams => ({
  filter: {},
  sortField: 'id',
  sortOrder: 'asc',
  pageNumber: 1,
  pageSize: 10,
  ...overrides,
});
const ids = (reply: { entities: { id: number }[] }) => reply.entities.map((row) => row.id);

describe('find', () => {
  it('matches a substring case-insensitively on the given fields, any of them', () => {
    const reply = findRows(rows, params({ filter: { firstName: 'SONN', lastName: 'sonn' } }));
    expect(ids(reply)).toEqual([1, 3]);
    expect(reply).toMatchObject({ totalCount: 2, errorMessage: '' });
  });

  it('matches filter fields exactly, then searches within them', () => {
    const exact = ['status', 'type'];
    expect(ids(findRows(rows, params({ filter: { status: 1 } }), exact))).toEqual([1, 3]);
    expect(ids(findRows(rows, params({ filter: { status: 1, type: 1 } }), exact))).toEqual([3]);
    expect(
      ids(findRows(rows, params({ filter: { status: 1, email: 'example.com' } }), exact)),
    ).toEqual([1]);
  });

  it('ignores an empty search text', () => {
    expect(findRows(rows, params({ filter: { firstName: '  ' } })).totalCount).toBe(4);
  });

  it('sorts ascending or descending, numbers as numbers', () => {
    expect(ids(findRows(rows, params({ sortField: 'lastName' })))).toEqual([2, 4, 1, 3]);
    expect(ids(findRows(rows, params({ sortField: 'lastName', sortOrder: 'desc' })))).toEqual([
      3, 1, 4, 2,
    ]);
    const many = Array.from({ length: 12 }, (_, at) => ({ id: at + 1 }));
    expect(ids(findRows(many, params({ sortOrder: 'desc', pageSize: 3 })))).toEqual([12, 11, 10]);
  });

  it('pages from 1 and counts every match, not the page', () => {
    const page2 = findRows(rows, params({ pageNumber: 2, pageSize: 3 }));
    expect(ids(page2)).toEqual([4]);
    expect(page2.totalCount).toBe(4);
    expect(findRows(rows, params({ pageNumber: 3, pageSize: 3 })).entities).toEqual([]);
  });
});
