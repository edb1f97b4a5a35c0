/** How far Page Up and Page Down move in the members listbox. */
export const PAGE_STEP = 8;

/**
 * What a key does in a multi-select listbox of `count` options with `active` the active one:
 * the option to move to (arrows, Page Up/Down, Home, End), 'toggle' (Space, Enter), or nothing.
 */
export function listboxKey(
  key: string,
  active: number,
  count: number,
): number | 'toggle' | undefined {
  switch (key) {
    case 'ArrowDown':
      return active + 1;
    case 'ArrowUp':
      return active - 1;
    case 'PageDown':
      return active + PAGE_STEP;
    case 'PageUp':
      return active - PAGE_STEP;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    case ' ':
    case 'Enter':
      return 'toggle';
    default:
      return undefined;
  }
}
