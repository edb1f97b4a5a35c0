/** A seeded generator (mulberry32), so every fresh seed holds the same data. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    /** An integer in [min, max]. */
    int,
    pick<T>(list: readonly T[]): T {
      const item = list[int(0, list.length - 1)];
      if (item === undefined) throw new RangeError('pick from an empty list');
      return item;
    },
    /** `count` distinct items of `list`, in random order (partial Fisher–Yates on a copy). */
    sample<T>(list: readonly T[], count: number): T[] {
      const copy = [...list];
      const n = Math.min(count, copy.length);
      for (let i = 0; i < n; i += 1) {
        const j = int(i, copy.length - 1);
        const a = copy[i] as T;
        copy[i] = copy[j] as T;
        copy[j] = a;
      }
      return copy.slice(0, n);
    },
    /** A URL-safe random string of `length` characters. */
    word(length: number) {
      const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
      let out = '';
      for (let i = 0; i < length; i += 1) out += alphabet[int(0, alphabet.length - 1)];
      return out;
    },
  };
}
export type Random = ReturnType<typeof createRandom>;
