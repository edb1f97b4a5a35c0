import type { Shortcut } from './shortcuts';

/**
 * Shortcuts as people write them ("Mod+K", "Shift+Alt+ArrowUp") and the key caps that show them.
 */

const MODIFIERS = new Set(['mod', 'shift', 'alt']);

/** "Mod+K" → { key: 'k', mod: true, … }; throws on text that names no single key. */
export function parseShortcut(text: string): Shortcut {
  const parts = text.split('+').map((part) => part.trim().toLowerCase());
  // "Mod++" would name the plus key: not a shortcut of ours, so refused rather than guessed.
  const keys = parts.filter((part) => !MODIFIERS.has(part));
  const key = keys[0];
  if (parts.includes('') || keys.length !== 1 || key === undefined) {
    throw new Error(`Unreadable shortcut "${text}"`);
  }
  return {
    key,
    mod: parts.includes('mod'),
    shift: parts.includes('shift'),
    alt: parts.includes('alt'),
  };
}

const KEY_NAMES: Record<string, string> = {
  arrowup: '↑',
  arrowdown: '↓',
  enter: 'Enter',
  escape: 'Esc',
  backspace: '⌫',
};

/** The key caps of a shortcut: ["⌘", "K"] on a Mac, ["Ctrl", "K"] elsewhere. */
export function shortcutKeys(shortcut: Shortcut, mac: boolean): string[] {
  const keys: string[] = [];
  if (shortcut.mod) keys.push(mac ? '⌘' : 'Ctrl');
  if (shortcut.alt) keys.push(mac ? '⌥' : 'Alt');
  if (shortcut.shift) keys.push(mac ? '⇧' : 'Shift');
  keys.push(KEY_NAMES[shortcut.key] ?? shortcut.key.toUpperCase());
  return keys;
}
