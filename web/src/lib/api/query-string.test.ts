import { describe, expect, it } from 'vitest';
import { withParams } from './query-string';

describe('withParams', () => {
  it('sets and removes parameters, keeping the others', () => {
    expect(withParams('q=a&status=pending', { status: null, page: '2' })).toBe('q=a&page=2');
  });
});
