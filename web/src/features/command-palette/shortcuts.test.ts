import { describe, expect, it } from 'vitest';
import { parseShortcut, shortcutKeys } from './shortcut-text';
import {
  isMacPlatform,
  isTextEntry,
  matchesShortcut,
  SHELL_SHORTCUTS,
  shellCommandOf,
  type KeyPress,
} from './shortcuts';

const press = (key: string, held: Partial<Omit<KeyPress, 'key'>> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...held,
});

describe('parseShortcut', () => {
  it('reads modifiers in any case and order, and the one key', () => {
    expect(parseShortcut('Mod+K')).toEqual({ key: 'k', mod: true, shift: false, alt: false });
    expect(parseShortcut('shift + alt + ArrowDown')).toEqual({
      key: 'arrowdown',
      mod: false,
      shift: true,
      alt: true,
    });
    expect(parseShortcut('?')).toEqual({ key: '?', mod: false, shift: false, alt: false });
  });

  it('refuses text that names no key, two keys or an empty part', () => {
    expect(() => parseShortcut('Mod+Shift')).toThrow(/Unreadable/);
    expect(() => parseShortcut('K+L')).toThrow(/Unreadable/);
    expect(() => parseShortcut('Mod++')).toThrow(/Unreadable/);
    expect(() => parseShortcut('')).toThrow(/Unreadable/);
  });
});

describe('SHELL_SHORTCUTS', () => {
  it('are the shortcuts their text names', () => {
    expect(SHELL_SHORTCUTS.palette).toEqual(parseShortcut('Mod+K'));
    expect(SHELL_SHORTCUTS.shortcuts).toEqual(parseShortcut('?'));
  });
});

describe('matchesShortcut', () => {
  const palette = parseShortcut('Mod+K');

  it('takes Ctrl on Windows and Linux, ⌘ on a Mac, with Caps Lock on or off', () => {
    expect(matchesShortcut(palette, press('k', { ctrlKey: true }), false)).toBe(true);
    expect(matchesShortcut(palette, press('K', { ctrlKey: true }), false)).toBe(true);
    expect(matchesShortcut(palette, press('k', { metaKey: true }), true)).toBe(true);
    expect(matchesShortcut(palette, press('k', { metaKey: true }), false)).toBe(false);
    expect(matchesShortcut(palette, press('k', { ctrlKey: true }), true)).toBe(false);
  });

  it('refuses the key alone, with Alt or with Shift', () => {
    expect(matchesShortcut(palette, press('k'), false)).toBe(false);
    expect(matchesShortcut(palette, press('k', { ctrlKey: true, altKey: true }), false)).toBe(
      false,
    );
    expect(matchesShortcut(palette, press('K', { ctrlKey: true, shiftKey: true }), false)).toBe(
      false,
    );
  });

  it('matches a typed character whatever Shift the layout needed for it', () => {
    const help = parseShortcut('?');
    expect(matchesShortcut(help, press('?', { shiftKey: true }), false)).toBe(true);
    expect(matchesShortcut(help, press('?'), false)).toBe(true);
    expect(matchesShortcut(help, press('/', { shiftKey: true }), false)).toBe(false);
    expect(matchesShortcut(help, press('?', { ctrlKey: true }), false)).toBe(false);
  });
});

describe('shellCommandOf', () => {
  it('opens the palette from anywhere, even a text field', () => {
    expect(shellCommandOf(press('k', { ctrlKey: true }), false, true)).toBe('palette');
    expect(shellCommandOf(press('k', { metaKey: true }), true, false)).toBe('palette');
  });

  it('shows the shortcuts on "?" only outside a text field', () => {
    expect(shellCommandOf(press('?', { shiftKey: true }), false, false)).toBe('shortcuts');
    expect(shellCommandOf(press('?', { shiftKey: true }), false, true)).toBeNull();
    expect(shellCommandOf(press('k'), false, false)).toBeNull();
  });
});

describe('shortcutKeys', () => {
  it('names the keys as each platform prints them on its key caps', () => {
    expect(shortcutKeys(parseShortcut('Mod+K'), false)).toEqual(['Ctrl', 'K']);
    expect(shortcutKeys(parseShortcut('Mod+K'), true)).toEqual(['⌘', 'K']);
    expect(shortcutKeys(parseShortcut('Shift+Alt+ArrowUp'), false)).toEqual(['Alt', 'Shift', '↑']);
    expect(shortcutKeys(parseShortcut('Escape'), true)).toEqual(['Esc']);
  });
});

describe('isTextEntry', () => {
  const element = (html: string) => {
    const box = document.createElement('div');
    box.innerHTML = html;
    return box.firstElementChild;
  };

  it('counts fields and editable content, not buttons or plain elements', () => {
    expect(isTextEntry(element('<input>'))).toBe(true);
    expect(isTextEntry(element('<input type="search">'))).toBe(true);
    expect(isTextEntry(element('<textarea></textarea>'))).toBe(true);
    expect(isTextEntry(element('<div contenteditable="true"></div>'))).toBe(true);
    expect(isTextEntry(element('<div contenteditable></div>'))).toBe(true);
    expect(isTextEntry(element('<button>Go</button>'))).toBe(false);
    expect(isTextEntry(element('<a href="/x">Go</a>'))).toBe(false);
    expect(isTextEntry(element('<div contenteditable="false"></div>'))).toBe(false);
    expect(isTextEntry(null)).toBe(false);
  });
});

describe('isMacPlatform', () => {
  it('tells Apple platforms from the others', () => {
    expect(isMacPlatform('MacIntel')).toBe(true);
    expect(isMacPlatform('iPhone')).toBe(true);
    expect(isMacPlatform('Win32')).toBe(false);
    expect(isMacPlatform('Linux x86_64')).toBe(false);
  });
});
