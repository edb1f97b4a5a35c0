import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { adminPage } from './support/admin-screens.ts';
import { registerAppUser } from './support/users.ts';
import { describe, expect, inject, test } from './support/fixtures.ts';

// A list's search, sort and page live in the address: a reload and Back show the same rows.
const stack = inject('stack');

const table = (page: Page) => page.getByRole('table', { name: 'App users' });

/** The names in the visible page of rows, in order. */
async function shownNames(page: Page, label: string): Promise<string[]> {
  const texts = await table(page).getByRole('row').filter({ hasText: label }).allTextContents();
  return texts.map((text) => new RegExp(`${label} [0-9a-f]{8}`).exec(text)?.[0] ?? text);
}

const params = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

describe('a list view in the address', () => {
  test('search, sort and page survive a reload and Back', async ({ page }) => {
    const label = `Liststate ${randomUUID().slice(0, 6)}`;
    await Promise.all(Array.from({ length: 12 }, () => registerAppUser(stack, label)));
    await adminPage(page, stack, '/all-users');
    expect(new URL(page.url()).search).toBe('');

    await page.getByRole('searchbox', { name: 'Search the list' }).fill(label);
    await page.getByText('Showing 1–10 of 12').waitFor();
    const name = page.getByRole('columnheader', { name: 'Name' });
    await name.getByRole('button').click();
    await expect.poll(() => name.getAttribute('aria-sort')).toBe('ascending');
    await name.getByRole('button').click();
    await expect.poll(() => name.getAttribute('aria-sort')).toBe('descending');
    const firstPage = await shownNames(page, label);
    await page.getByRole('button', { name: 'Page 2' }).click();
    await page.getByText('Showing 11–12 of 12').waitFor();
    const secondPage = await shownNames(page, label);
    expect(secondPage).toHaveLength(2);
    expect([...firstPage, ...secondPage]).toEqual(
      [...firstPage, ...secondPage].sort((a, b) => b.localeCompare(a)),
    );
    expect(params(page)).toEqual({ q: label, sort: '-name', page: '2' });

    await page.reload();
    await page.getByText('Showing 11–12 of 12').waitFor();
    expect(await shownNames(page, label)).toEqual(secondPage);
    expect(await page.getByRole('searchbox', { name: 'Search the list' }).inputValue()).toBe(label);
    expect(await name.getAttribute('aria-sort')).toBe('descending');

    await page.goBack();
    await page.getByText('Showing 1–10 of 12').waitFor();
    expect(await shownNames(page, label)).toEqual(firstPage);
    await page.goBack();
    await expect.poll(() => name.getAttribute('aria-sort')).toBe('ascending');
    expect(params(page)).toEqual({ q: label, sort: 'name' });
  });

  test('an export holds exactly the rows the search selects, in their order', async ({ page }) => {
    const label = `Csvexport ${randomUUID().slice(0, 6)}`;
    const users = await Promise.all(
      Array.from({ length: 12 }, () => registerAppUser(stack, label)),
    );
    await adminPage(page, stack, '/all-users');
    await page.getByRole('searchbox', { name: 'Search the list' }).fill(label);
    await page.getByText('Showing 1–10 of 12').waitFor();
    const id = page.getByRole('columnheader', { name: 'ID' });
    await id.getByRole('button').click();
    await id.getByRole('button').click();
    await expect.poll(() => id.getAttribute('aria-sort')).toBe('descending');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^all-users-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile(await download.path(), 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [header, ...lines] = text.slice(1).trimEnd().split('\r\n');
    expect(header).toBe('ID,Name,Email');
    const byIdDesc = [...users].sort((a, b) => b.id - a.id);
    expect(lines).toEqual(byIdDesc.map((user) => `${user.id},${user.name},${user.email}`));
  });
});
