/**
 * Where each platform cuts a push's title and text. The systems cut by width, not by count;
 * these are the character counts push consoles preview with for a phone held upright and a
 * desktop notification, close enough to tell the admin what will be lost.
 */
export const PLATFORMS = {
  android: { title: 65, body: 240 },
  iphone: { title: 50, body: 178 },
  desktop: { title: 50, body: 120 },
} as const;
export type Platform = keyof typeof PLATFORMS;

export interface CutText {
  shown: string;
  /** Whether the platform drops part of it. */
  cut: boolean;
}

/**
 * The first `max` characters (emoji and accented letters count once), ending in '…' when the
 * rest is dropped; a cut inside a word goes back to the word's start if one is near.
 */
export function cutText(text: string, max: number): CutText {
  const chars = Array.from(text.trim());
  if (chars.length <= max) return { shown: chars.join(''), cut: false };
  const kept = chars.slice(0, max - 1).join('');
  const space = kept.lastIndexOf(' ');
  const WORD_BACKTRACK = 12;
  const whole = space >= kept.length - WORD_BACKTRACK && space > 0 ? kept.slice(0, space) : kept;
  return { shown: `${whole.trimEnd()}…`, cut: true };
}

/** The title and text as `platform` shows them. */
export function previewOf(platform: Platform, title: string, body: string) {
  const limits = PLATFORMS[platform];
  return { title: cutText(title, limits.title), body: cutText(body, limits.body) };
}
