import { describe, expect, it } from 'vitest';
import { childrenOf } from './ports.js';

describe('childrenOf', () => {
  it('turns an array with holes back into its keyed children', () => {
    const children = childrenOf([null, 'a', undefined, 'b']);
    expect(Object.keys(children)).toEqual(['1', '3']);
    expect(children).toEqual({ 1: 'a', 3: 'b' });
    expect(childrenOf({ x: 1 })).toEqual({ x: 1 });
    expect(childrenOf('text')).toEqual({});
    expect(childrenOf(null)).toEqual({});
  });
});
