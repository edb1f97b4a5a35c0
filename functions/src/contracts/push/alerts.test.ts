import { describe, expect, it } from 'vitest';
import { alertSchema } from './alerts.js';
import { alertFields } from '../../testing/records.js';

describe('alerts', () => {
  const base = alertFields;

  it('go to one user, a group or everyone, each named by its own id field', () => {
    expect(alertSchema.parse({ ...base, target: 'all' })).toEqual({ ...base, target: 'all' });
    expect(alertSchema.parse({ ...base, target: 'user', userId: '2' })).toMatchObject({
      title: 'Price drop',
      userId: '2',
    });
    expect(alertSchema.parse({ ...base, target: 'group', groupId: '7' })).toMatchObject({
      description: 'Diesel is cheaper today',
      groupId: '7',
    });
    for (const bad of [
      { ...base, target: 'user' },
      { ...base, target: 'group' },
      { ...base, target: 'group', userId: '2' },
      { ...base, target: 'someone' },
      base,
    ])
      expect(alertSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it('need a title and a description with more than blanks, trimmed', () => {
    const alert = { ...base, target: 'all' };
    expect(alertSchema.parse({ ...alert, title: '  Price drop ' }).title).toBe('Price drop');
    expect(alertSchema.parse({ ...alert, description: ' Cheaper ' }).description).toBe('Cheaper');
    expect(alertSchema.safeParse({ ...alert, title: 'x'.repeat(100) }).success).toBe(true);
    expect(alertSchema.safeParse({ ...alert, description: 'x'.repeat(1000) }).success).toBe(true);
    for (const bad of [
      { ...alert, title: '   ' },
      { ...alert, description: '' },
      { ...alert, title: 'x'.repeat(101) },
      { ...alert, description: 'x'.repeat(1001) },
    ])
      expect(alertSchema.safeParse(bad).success).toBe(false);
  });
});
