import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** '' while the focus is in `target` (on it, when `exactly`), else what has the focus. */
function focusAwayFrom(target: Locator, exactly = false): Promise<string> {
  return target.evaluate((element, onIt) => {
    const active = document.activeElement;
    if (active && (onIt ? active === element : element.contains(active))) return '';
    if (!active || active === document.body) return 'the page';
    const name = active.getAttribute('aria-label') ?? (active.textContent ?? '').trim();
    return `${active.tagName.toLowerCase()} "${name.slice(0, 60)}"`;
  }, exactly);
}

/** Presses `key` `times` times and lists the presses that took the focus out of `dialog`. */
async function pressesLeaving(page: Page, dialog: Locator, key: string, times: number) {
  const left: string[] = [];
  for (let press = 1; press <= times; press += 1) {
    await page.keyboard.press(key);
    const away = await focusAwayFrom(dialog);
    if (away) left.push(`${key} ${press}: ${away}`);
  }
  return left;
}

export interface KeyboardDialog {
  /** The control that opens the dialog, shown and not yet focused. */
  opener: Locator;
  /** The key that opens the dialog from its focused opener (Enter). */
  key?: string;
  dialog: Locator;
  /** What takes the focus on opening: a confirmation's safe action, a form's first field. */
  first?: Locator;
}

/**
 * A dialog by keyboard alone: opened from its focused opener, it takes the focus (on `first`
 * when named), Tab and Shift+Tab stay inside it, and Escape closes it with the focus back on
 * the opener.
 */
export async function expectKeyboardDialog(
  page: Page,
  { opener, key = 'Enter', dialog, first }: KeyboardDialog,
): Promise<void> {
  await opener.focus();
  await page.keyboard.press(key);
  await dialog.waitFor();

  await expect.poll(() => focusAwayFrom(dialog), { message: 'the focus on opening' }).toBe('');
  if (first) {
    await expect.poll(() => focusAwayFrom(first, true), { message: 'the first focus' }).toBe('');
  }
  expect(await pressesLeaving(page, dialog, 'Tab', 15)).toEqual([]);
  expect(await pressesLeaving(page, dialog, 'Shift+Tab', 15)).toEqual([]);

  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  await expect
    .poll(() => focusAwayFrom(opener, true), { message: 'the focus back on the opener' })
    .toBe('');
}
