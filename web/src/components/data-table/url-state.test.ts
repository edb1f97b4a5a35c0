import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { parseListState, readParam, serializeListState, type ListStateOptions } from './url-state';

const options: ListStateOptions = {
  prefix: '',
  defaults: { query: '', sort: null, page: 0, size: 10 },
  sortIds: new Set(['id', 'name']),
  sizes: [3, 5, 10],
};

describe('a list view in the query string', () => {
  it('reads the defaults from an empty address', () => {
    expect(parseListState('', options)).toEqual(options.defaults);
  });

  it('reads search, sort, page and page size', () => {
    expect(parseListState('?q=ann+lee&sort=-name&page=3&size=5', options)).toEqual({
      query: 'ann lee',
      sort: { id: 'name', desc: true },
      page: 2,
      size: 5,
    });
    expect(parseListState('sort=id', options).sort).toEqual({ id: 'id', desc: false });
  });

  it.each([
    ['page=0', 'page', 0],
    ['page=-2', 'page', 0],
    ['page=two', 'page', 0],
    ['page=1.5', 'page', 0],
    ['size=7', 'size', 10],
    ['size=abc', 'size', 10],
    ['sort=email', 'sort', null],
    ['sort=-', 'sort', null],
    ['sort=<script>', 'sort', null],
  ])('falls back to the default for %s', (search, field, expected) => {
    expect(parseListState(search, options)[field as 'page']).toEqual(expected);
  });

  it('leaves defaults out, so an untouched list has a clean address', () => {
    expect(serializeListState('', options.defaults, options)).toBe('');
    expect(
      serializeListState('q=old&page=4', { ...options.defaults, query: '', page: 0 }, options),
    ).toBe('');
  });

  it('writes what changed and keeps other parameters', () => {
    const search = serializeListState(
      'status=pending',
      { query: 'a&b', sort: { id: 'name', desc: false }, page: 1, size: 3 },
      options,
    );
    expect(search).toBe('status=pending&q=a%26b&sort=name&page=2&size=3');
    expect(parseListState(search, options)).toEqual({
      query: 'a&b',
      sort: { id: 'name', desc: false },
      page: 1,
      size: 3,
    });
  });

  it('writes an empty sort when the list sorts by default and the admin unsorts it', () => {
    const sorted = {
      ...options,
      defaults: { ...options.defaults, sort: { id: 'id', desc: true } },
    };
    const search = serializeListState('', { ...sorted.defaults, sort: null }, sorted);
    expect(search).toBe('sort=');
    expect(parseListState(search, sorted).sort).toBeNull();
    expect(parseListState('', sorted).sort).toEqual({ id: 'id', desc: true });
    expect(serializeListState('', sorted.defaults, sorted)).toBe('');
  });

  it('keeps two lists on one page apart with a prefix', () => {
    const second = { ...options, prefix: 'inv.' };
    const search = serializeListState('q=ann', { ...options.defaults, page: 2 }, second);
    expect(search).toBe('q=ann&inv.page=3');
    expect(parseListState(search, second)).toEqual({ ...options.defaults, page: 2 });
    expect(parseListState(search, options)).toEqual({ ...options.defaults, query: 'ann' });
  });
});

describe('a single parameter', () => {
  const status = z.enum(['all', 'pending', 'approved']);

  it('reads a value that parses, else the fallback', () => {
    expect(readParam('status=pending', 'status', status, 'all')).toBe('pending');
    expect(readParam('status=nope', 'status', status, 'all')).toBe('all');
    expect(readParam('', 'status', status, 'all')).toBe('all');
  });
});
