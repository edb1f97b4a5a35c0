/** Database paths as arrays of keys, and key ordering exactly as the Firebase SDK orders names. */

export type Segments = readonly string[];

/** Sorts before every key; the SDK sends it as a start or end name (startAfter, endBefore). */
export const MIN_NAME = '[MIN_NAME]';
/** Sorts after every key. */
export const MAX_NAME = '[MAX_NAME]';

export function parsePath(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

export function pathString(segments: Segments): string {
  return segments.join('/');
}

/** True when `ancestor` is `path` itself or one of its ancestors. */
export function isAncestorOrSelf(ancestor: Segments, path: Segments): boolean {
  if (ancestor.length > path.length) return false;
  return ancestor.every((segment, i) => path[i] === segment);
}

// The SDK refuses these in keys (validateFirebaseKey); the server must not trust a client.
const INVALID_KEY_CHARS = /[.#$[\]/]/;
const MAX_KEY_BYTES = 768;

function hasControlCharacter(key: string): boolean {
  for (let i = 0; i < key.length; i++) {
    const code = key.charCodeAt(i);
    if (code <= 0x1f || code === 0x7f) return true;
  }
  return false;
}

export function isValidKey(key: string): boolean {
  return (
    key !== '' &&
    !INVALID_KEY_CHARS.test(key) &&
    !hasControlCharacter(key) &&
    Buffer.byteLength(key) <= MAX_KEY_BYTES
  );
}

const INTEGER_KEY = /^-?(0*)\d{1,10}$/;
const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

function keyAsInt(key: string): number | null {
  if (!INTEGER_KEY.test(key)) return null;
  const value = Number(key);
  return value >= INT32_MIN && value <= INT32_MAX ? value : null;
}

/**
 * The SDK's nameCompare: 32-bit-integer-looking keys first, numerically (shorter first on a tie,
 * so "7" < "07"), then the other keys by UTF-16 code units; MIN_NAME and MAX_NAME at the ends.
 */
export function nameCompare(a: string, b: string): number {
  if (a === b) return 0;
  if (a === MIN_NAME || b === MAX_NAME) return -1;
  if (b === MIN_NAME || a === MAX_NAME) return 1;
  const aInt = keyAsInt(a);
  const bInt = keyAsInt(b);
  if (aInt !== null) {
    if (bInt === null) return -1;
    return aInt === bInt ? a.length - b.length : aInt - bInt;
  }
  if (bInt !== null) return 1;
  return a < b ? -1 : 1;
}
