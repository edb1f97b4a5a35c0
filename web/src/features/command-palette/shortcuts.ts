/**
 * The shell's keyboard shortcuts and how a key press is matched against one. This module is in
 * the shell's first download, so it holds only the matching; reading a shortcut from text and
 * naming its keys (shortcut-text.ts) come with the palette. "Mod" is ⌘ on a Mac and Ctrl
 * elsewhere, as in every desktop app.
 */

export interface Shortcut {
  /** The key as `KeyboardEvent.key` gives it, lower-cased ("k", "?", "arrowdown"). */
  key: string;
  mod: boolean;
  shift: boolean;
  alt: boolean;
}

/** The parts of a key event a shortcut is matched on (a DOM KeyboardEvent has them all). */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

/**
 * Whether a key press is the shortcut. A typed character ("?") is matched on the character, so
 * Shift is whatever the keyboard layout needed to type it.
 */
export function matchesShortcut(shortcut: Shortcut, press: KeyPress, mac: boolean): boolean {
  // The other of Ctrl and ⌘ held means a different shortcut (Ctrl+K on a Mac is the terminal's).
  const [mod, otherMod] = mac ? [press.metaKey, press.ctrlKey] : [press.ctrlKey, press.metaKey];
  return (
    press.key.toLowerCase() === shortcut.key &&
    mod === shortcut.mod &&
    !otherMod &&
    press.altKey === shortcut.alt &&
    ((shortcut.key.length === 1 && !shortcut.mod) || press.shiftKey === shortcut.shift)
  );
}

/** The shortcuts the shell listens for: "Mod+K" and "?" (shortcut-text.ts reads them so). */
export const SHELL_SHORTCUTS = {
  palette: { key: 'k', mod: true, shift: false, alt: false },
  shortcuts: { key: '?', mod: false, shift: false, alt: false },
} as const satisfies Record<string, Shortcut>;

export type ShellCommand = keyof typeof SHELL_SHORTCUTS;

/** Apple's platforms put the command key where others put Ctrl. */
export function isMacPlatform(platform: string): boolean {
  return /^(mac|iphone|ipad|ipod)/i.test(platform);
}

/**
 * Elements where a typed "?" may be text, not a command: every input (a "?" on a checkbox opens
 * nothing either), text areas, selects and editable content.
 */
export function isTextEntry(target: EventTarget | null): boolean {
  return (
    target instanceof Element &&
    target.matches('input,textarea,select,[contenteditable]:not([contenteditable=false])')
  );
}

/**
 * The shell command a key press asks for, if any. Mod+K works everywhere (it types nothing);
 * "?" only outside text fields, where it is a character someone is typing.
 */
export function shellCommandOf(
  press: KeyPress,
  mac: boolean,
  inTextEntry: boolean,
): ShellCommand | null {
  if (matchesShortcut(SHELL_SHORTCUTS.palette, press, mac)) return 'palette';
  if (!inTextEntry && matchesShortcut(SHELL_SHORTCUTS.shortcuts, press, mac)) return 'shortcuts';
  return null;
}
