import type { Page } from 'playwright-core';
import { z } from 'zod';
import type { StackInfo } from '../../support/stack-info.ts';
import { adminApi } from './admin-api.ts';
import { registerAppUser, type TestUser } from './users.ts';

/** The signed-in screens, each with what shows once its data is in (not a spinner). */

export type Ready = (page: Page) => Promise<void>;

const button: (name: string | RegExp) => Ready = (name) => (page) =>
  page.getByRole('button', { name }).first().waitFor();
const role: (kind: 'heading' | 'tab' | 'table' | 'list' | 'link', name: string | RegExp) => Ready =
  (kind, name) => (page) =>
    page.getByRole(kind, { name }).first().waitFor();

export const SCREENS: { path: string; ready: Ready }[] = [
  { path: '/all-users', ready: button(/^Delete /) },
  { path: '/send-notification', ready: button(/^Send a notification to /) },
  // The history may be empty: its table, once it no longer waits for the first page.
  {
    path: '/group-notifications',
    ready: (page) => page.locator('table[aria-busy="false"]').waitFor(),
  },
  {
    path: '/audit-log',
    ready: (page) => page.getByRole('cell', { name: 'Signed in' }).first().waitFor(),
  },
  { path: '/approvals', ready: role('heading', 'Policy') },
  { path: '/complaints', ready: button(/^Delete /) },
  { path: '/notificationsalerts', ready: button('Add Announcement') },
  { path: '/offers', ready: button('Upload') },
  { path: '/today-prices', ready: (page) => page.getByTestId('desk-row').first().waitFor() },
  { path: '/today-prices?view=form', ready: (page) => page.getByLabel('Regular').waitFor() },
  { path: '/chat-groups', ready: role('link', /View/) },
  { path: '/dashboard', ready: role('heading', 'Weekly Sales Stats') },
  { path: '/builder', ready: role('tab', 'Footer') },
  { path: '/my-page', ready: (page) => page.getByTestId('my-page').waitFor() },
  { path: '/user-profile', ready: role('tab', 'My Profile') },
  { path: '/google-material', ready: role('heading', 'Buttons') },
  { path: '/react-bootstrap', ready: role('table', 'Example stations') },
  { path: '/e-commerce/customers', ready: button(/^Delete /) },
  { path: '/e-commerce/products', ready: button(/^Delete /) },
  { path: '/e-commerce/products/1/edit', ready: role('tab', 'Specifications') },
  { path: '/chatsbar', ready: role('list', 'Conversation') },
  { path: '/terms', ready: (page) => page.getByRole('heading', { level: 1 }).waitFor() },
];

/** The invoice view of `name`, handed over from All Users as the admin reaches it. */
export async function openInvoices(page: Page, appUrl: string, name: string) {
  await page.goto(`${appUrl}/all-users`);
  await page.getByRole('searchbox').fill(name);
  await page.getByRole('button', { name: `View the invoices of ${name}` }).click();
}

/** A new app user with one invoice titled `title`, so the invoice view has a row to show. */
export async function registerInvoicedUser(
  stack: StackInfo,
  name: string,
  title = 'Invoice INV-2048',
): Promise<TestUser> {
  const user = await registerAppUser(stack, name);
  const created = await adminApi(stack).call('/admin/user-report', z.unknown(), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      user_id: user.id,
      title,
      description: 'Monthly invoice: 20.9 gal, $102.20',
      url: 'https://invoices.fuel-community.test/INV-2048.pdf',
    }),
  });
  if (!created.body.metadata.success) throw new Error(`no invoice for ${name}`);
  return user;
}
