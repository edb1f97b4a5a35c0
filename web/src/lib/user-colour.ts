/** A background and the colour of the initials written on it. */
export interface ColourPair {
  readonly background: string;
  readonly text: string;
}

/** The colours of a user's avatar without a picture, in each theme. */
export interface UserColour {
  readonly name: string;
  readonly light: ColourPair;
  readonly dark: ColourPair;
}

/**
 * Ten hues spread around the wheel. Plain sRGB hex, so the contrast of each pair is a fixed,
 * testable number: a pale tint with deep text in the light theme, a deep shade with pale text in
 * the dark one, each at least 4.5:1 (WCAG AA for the small initials).
 */
export const USER_COLOURS = [
  {
    name: 'red',
    light: { background: '#fecaca', text: '#7f1d1d' },
    dark: { background: '#991b1b', text: '#fee2e2' },
  },
  {
    name: 'orange',
    light: { background: '#fed7aa', text: '#7c2d12' },
    dark: { background: '#9a3412', text: '#ffedd5' },
  },
  {
    name: 'amber',
    light: { background: '#fde68a', text: '#78350f' },
    dark: { background: '#92400e', text: '#fef3c7' },
  },
  {
    name: 'lime',
    light: { background: '#d9f99d', text: '#365314' },
    dark: { background: '#3f6212', text: '#ecfccb' },
  },
  {
    name: 'emerald',
    light: { background: '#a7f3d0', text: '#064e3b' },
    dark: { background: '#065f46', text: '#d1fae5' },
  },
  {
    name: 'cyan',
    light: { background: '#a5f3fc', text: '#164e63' },
    dark: { background: '#155e75', text: '#cffafe' },
  },
  {
    name: 'blue',
    light: { background: '#bfdbfe', text: '#1e3a8a' },
    dark: { background: '#1e40af', text: '#dbeafe' },
  },
  {
    name: 'violet',
    light: { background: '#ddd6fe', text: '#4c1d95' },
    dark: { background: '#5b21b6', text: '#ede9fe' },
  },
  {
    name: 'fuchsia',
    light: { background: '#f5d0fe', text: '#701a75' },
    dark: { background: '#86198f', text: '#fae8ff' },
  },
  {
    name: 'pink',
    light: { background: '#fbcfe8', text: '#831843' },
    dark: { background: '#9d174d', text: '#fce7f3' },
  },
] as const satisfies readonly [UserColour, ...UserColour[]];

/**
 * A 32-bit hash of a string: FNV-1a over its UTF-16 code units, then murmur3's finaliser so that
 * ids differing only in their last digit land far apart. Integer arithmetic only: the same in
 * every browser and on every load.
 */
export function hashId(id: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < id.length; index += 1) {
    hash = Math.imul(hash ^ id.charCodeAt(index), 0x01000193);
  }
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) >>> 0;
}

/**
 * The avatar colour of the app user with this id: random-looking but stable. A number and its
 * text (42 and '42', as the chat's sender ids are) give the same colour.
 */
export function userColour(id: string | number): UserColour {
  return USER_COLOURS[hashId(String(id)) % USER_COLOURS.length] ?? USER_COLOURS[0];
}
