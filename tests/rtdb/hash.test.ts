/**
 * Transactions are a compare-and-set on the SDK's node hash: the engine's hash must equal the
 * SDK's for any data. Random values (numbers of every kind, strings, priorities, integer-like
 * keys) are written, read back through the SDK, and both hashes compared. Offline engine only.
 */
import { get, ref, set, type DataSnapshot } from 'firebase/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeHash } from '../../dev/rtdb/hash.js';
import { fromJSON } from '../../dev/rtdb/tree.js';
import { officialEmulator, startDatabase, type TestDatabase } from './support.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await startDatabase({ rules: { '.read': true, '.write': true } });
});
afterAll(async () => {
  await db.close();
});

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const NUMBERS = [
  0,
  -0,
  1,
  -1,
  0.1,
  1 / 3,
  2 ** 53,
  -(2 ** 53) + 1,
  1e21,
  1e-7,
  5e-324,
  2 ** -1022,
  1.7976931348623157e308,
  255.5,
  1024,
  0.5 - 2 ** -54,
];

function randomValue(next: () => number, depth: number): unknown {
  const roll = next();
  if (depth > 2 || roll < 0.55) {
    const kind = Math.floor(next() * 4);
    if (kind === 0) return NUMBERS[Math.floor(next() * NUMBERS.length)];
    if (kind === 1) return (next() - 0.5) * 10 ** Math.floor(next() * 30 - 10);
    if (kind === 2) return ['', 'a', 'é', '中文', '🔥', 'x:y'][Math.floor(next() * 6)];
    return next() < 0.5;
  }
  const out: Record<string, unknown> = {};
  const keys = ['0', '1', '10', '2', '-5', '007', 'a', 'B', 'z', 'key'];
  for (const key of keys) if (next() < 0.4) out[key] = randomValue(next, depth + 1);
  if (next() < 0.3)
    out['.priority'] = next() < 0.5 ? Math.floor(next() * 10) : ['a', 'b'][Math.floor(next() * 2)];
  return out;
}

function sdkHash(snapshot: DataSnapshot): string {
  // The SDK's own node for this snapshot (internal, but its hash is what a transaction sends).
  return (snapshot as unknown as { _node: { hash(): string } })._node.hash();
}

describe.skipIf(officialEmulator !== undefined)('transaction hash', () => {
  it('equals the SDK node hash for random data', async () => {
    const client = db.client();
    const next = random(42);
    for (let i = 0; i < 80; i++) {
      const value = randomValue(next, 0);
      await set(ref(client, `h${i}`), value);
      const stored = (await (
        await db.rest(`h${i}`, {
          headers: { authorization: 'Bearer owner' },
          query: { format: 'export' },
        })
      ).json()) as unknown;
      const snapshot = await get(ref(db.client(), `h${i}`));
      expect(nodeHash(fromJSON(stored, null, 0)), JSON.stringify(value)).toBe(sdkHash(snapshot));
    }
  });
});
