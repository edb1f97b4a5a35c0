import { describe, expect, it } from 'vitest';
import { collectFields } from './body.js';

describe('collectFields (PHP form names)', () => {
  it('builds lists from name[i] in index order, and name[] in arrival order', () => {
    expect(
      collectFields([
        ['user_ids[1]', '8'],
        ['user_ids[0]', '5'],
        ['user_ids[10]', '9'],
        ['tags[]', 'a'],
        ['tags[]', 'b'],
      ]),
    ).toEqual({ user_ids: ['5', '8', '9'], tags: ['a', 'b'] });
  });

  it('keeps the last value of a repeated plain name', () => {
    expect(
      collectFields([
        ['name', 'a'],
        ['name', 'b'],
      ]),
    ).toEqual({ name: 'b' });
  });
});
