import { describe, expect, it } from 'vitest';
import { changeDelta, changeKind } from './trigger-events.js';

/** firebase-functions' applyChange, which turns `data` and `delta` into the value after. */
function applyChange(src: unknown, dest: unknown): unknown {
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null;
  if (!isObject(dest) || !isObject(src)) return dest;
  const out: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(src), ...Object.keys(dest)])) {
    if (key in dest) {
      if (dest[key] !== null) out[key] = applyChange(src[key], dest[key]);
    } else if (src[key] !== null) out[key] = src[key];
  }
  return out;
}

describe('event data', () => {
  it('the delta turns the value before into the value after', () => {
    const cases: [unknown, unknown][] = [
      [null, { a: 1 }],
      [
        { a: 1, b: { c: 2, d: 3 } },
        { a: 1, b: { c: 4 }, e: 5 },
      ],
      [{ a: 1 }, null],
      [{ a: { b: 1 } }, { a: 'flat' }],
      ['x', { a: 1 }],
    ];
    for (const [before, after] of cases)
      expect(applyChange(before, changeDelta(before, after))).toEqual(after);
    expect(changeDelta({ a: 1, b: 2 }, { a: 1, b: 3 })).toEqual({ b: 3 });
  });

  it('names the change', () => {
    expect(changeKind(null, 1)).toBe('created');
    expect(changeKind(1, null)).toBe('deleted');
    expect(changeKind({ a: 1 }, { a: 2 })).toBe('updated');
    expect(changeKind({ a: 1 }, { a: 1 })).toBeNull();
  });
});
