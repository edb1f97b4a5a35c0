import { describe, expect, it } from 'vitest';
import {
  isAncestorOrSelf,
  isValidKey,
  MAX_NAME,
  MIN_NAME,
  nameCompare,
  parsePath,
} from './path.js';

describe('nameCompare', () => {
  it('orders 32-bit integer keys numerically first, then the rest by code unit', () => {
    const keys = [
      'b',
      '_',
      '10',
      'B',
      '007',
      MAX_NAME,
      '7',
      '-5',
      '2147483648',
      'a',
      MIN_NAME,
      '2147483647',
    ];
    expect([...keys].sort(nameCompare)).toEqual([
      MIN_NAME,
      '-5',
      '7',
      '007',
      '10',
      '2147483647',
      '2147483648',
      'B',
      '_',
      'a',
      'b',
      MAX_NAME,
    ]);
  });

  it('is zero only for the same key', () => {
    expect(nameCompare('7', '7')).toBe(0);
    expect(nameCompare('7', '07')).toBeLessThan(0);
  });
});

describe('paths', () => {
  it('parses with or without slashes at either end', () => {
    expect(parsePath('/a/b/')).toEqual(['a', 'b']);
    expect(parsePath('')).toEqual([]);
  });

  it('knows ancestors', () => {
    expect(isAncestorOrSelf(['a'], ['a', 'b'])).toBe(true);
    expect(isAncestorOrSelf(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(isAncestorOrSelf(['a', 'b'], ['a'])).toBe(false);
    expect(isAncestorOrSelf(['a', 'c'], ['a', 'b', 'c'])).toBe(false);
  });

  it('refuses the keys Firebase refuses', () => {
    for (const bad of [
      '',
      'a.b',
      'a#',
      '$x',
      'a[0]',
      'x]',
      'a/b',
      'tab\there',
      'del\u007f',
      'x'.repeat(769),
    ]) {
      expect(isValidKey(bad), JSON.stringify(bad)).toBe(false);
    }
    for (const good of ['a', '-Nq2x', '0', 'é', 'with space', 'x'.repeat(768)])
      expect(isValidKey(good)).toBe(true);
  });
});
