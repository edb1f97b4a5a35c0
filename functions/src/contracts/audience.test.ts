import { describe, expect, it } from 'vitest';
import { audienceQuerySchema } from './audience.js';

describe('audienceQuerySchema', () => {
  it('takes everyone, or one user or group by an id of 1 to 20 digits', () => {
    expect(audienceQuerySchema.parse({ target: 'all' })).toEqual({ target: 'all' });
    for (const target of ['user', 'group'] as const) {
      for (const id of ['7', '12', '9'.repeat(20)]) {
        expect(audienceQuerySchema.parse({ target, id }), `${target} ${id}`).toEqual({
          target,
          id,
        });
      }
    }
  });

  it.each([
    ['no target', {}],
    ['an unknown target', { target: 'someone', id: '7' }],
    ['a user without an id', { target: 'user' }],
    ['a group without an id', { target: 'group' }],
    ['an id of 21 digits', { target: 'user', id: '9'.repeat(21) }],
    ['an empty id', { target: 'group', id: '' }],
    ['text before the digits', { target: 'user', id: 'x7' }],
    ['text after the digits', { target: 'group', id: '7x' }],
    ['no digits at all', { target: 'group', id: 'abc' }],
  ])('refuses %s', (_name, query) => {
    expect(audienceQuerySchema.safeParse(query).success).toBe(false);
  });
});
