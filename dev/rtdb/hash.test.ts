import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { doubleToIEEE754String, nodeHash } from './hash.js';
import { fromJSON, type DataNode } from './tree.js';

function node(json: unknown): DataNode | null {
  return fromJSON(json, null, 0);
}

function exactBits(value: number): string {
  const buffer = Buffer.alloc(8);
  buffer.writeDoubleBE(value);
  return buffer.toString('hex');
}

describe('doubleToIEEE754String', () => {
  it('gives the IEEE 754 bits of ordinary numbers', () => {
    for (const value of [
      0,
      -0,
      1,
      -1,
      0.1,
      1 / 3,
      1e21,
      255.5,
      2 ** 53,
      -123456.789,
      5e-324,
      1e-310,
    ]) {
      expect(doubleToIEEE754String(value), String(value)).toBe(exactBits(value));
    }
  });
});

describe('nodeHash', () => {
  it('is empty for no data and stable whatever the insertion order', () => {
    expect(nodeHash(null)).toBe('');
    expect(nodeHash(node({ a: 1, b: { c: true } }))).toBe(nodeHash(node({ b: { c: true }, a: 1 })));
  });

  it('tells apart types, values and priorities', () => {
    const hashes = [
      1,
      '1',
      true,
      2,
      { a: 1 },
      { '.value': 1, '.priority': 1 },
      { '.value': 1, '.priority': '1' },
    ].map((v) => nodeHash(node(v)));
    expect(new Set(hashes).size).toBe(hashes.length);
  });

  it('is the base64 SHA-1 the SDK computes for a leaf', () => {
    // The SDK hashes "<type>:<value>" (numbers as their IEEE 754 bits).
    const expected = (text: string) => createHash('sha1').update(text).digest('base64');
    expect(nodeHash(node('hello'))).toBe(expected('string:hello'));
    expect(nodeHash(node(1))).toBe(expected(`number:${exactBits(1)}`));
  });
});
