import { randomUUID } from 'node:crypto';
import { deleteApp } from 'firebase/app';
import { ref, set } from 'firebase/database';
import { afterAll, beforeAll } from 'vitest';
import { paths, type Alert } from '../../functions/src/contracts/index.js';
import { adminApi } from './support/admin-api.ts';
import { cutOff } from './support/cut-off.ts';
import { eventually, ownerDatabase, signedInWeb, signIn } from './support/clients.ts';
import { openInvoices, registerInvoicedUser, SCREENS } from './support/screens.ts';
import type { TestUser } from './support/users.ts';
import { describe, DESKTOP, expect, inject, PHONE, test } from './support/fixtures.ts';

// Admins work on laptops and on their phones: at 1280x800 and at 390x844 every screen fits the
// screen's width, so no column, button or tab is cut off or hidden past a sideways scroll.
const stack = inject('stack');
const SIZES = [
  { name: 'a laptop', ...DESKTOP },
  { name: 'a phone', ...PHONE },
];
const owner = ownerDatabase(stack);
/** A user of this file's own with an invoice, so the invoice view has a row to lay out. */
let invoiced: TestUser;
/** One long word, as a title copied from a file name can be: its cell wraps it, not spill. */
const INVOICE_TITLE = 'fleet_card_statement_north_district_2026_11_INV2048';

/**
 * A notification to that user under a long unbroken name, with a long id: the history's
 * "Sent to" and the audit trail's targets must wrap such words, not widen the table.
 */
async function sendWithLongNames(user: TestUser) {
  const login = await adminApi(stack).login();
  const { app, db } = await signedInWeb(stack, login.firebaseToken ?? '');
  try {
    const alertId = `fit-${randomUUID()}`;
    const alert: Alert = {
      notificationId: alertId,
      title: 'Screen fit',
      description: 'A long name and a long id to lay out',
      image: '',
      userName: 'Maximiliana-Alexandra Wolfeschlegelsteinhausenbergerdorff-Fernández',
      timeStamp: Date.now(),
      target: 'user',
      userId: String(user.id),
    };
    await set(ref(db, `${paths.alerts()}/${alertId}`), alert);
    await eventually(async () => {
      const entry = await owner.db.ref(`${paths.auditLog()}/alert-${alertId}`).get();
      return entry.exists() || undefined;
    }, 'the notification in the audit trail');
  } finally {
    await deleteApp(app);
  }
}

beforeAll(async () => {
  invoiced = await registerInvoicedUser(stack, 'E2E Fit', INVOICE_TITLE);
  await sendWithLongNames(invoiced);
});
afterAll(() => owner.close());

describe('every screen', () => {
  test.for(SIZES)('fits the width of $name', async ({ width, height }, { openPage }) => {
    const page = await openPage({ viewport: { width, height } });
    for (const path of ['/auth/registration', '/auth/forgot-password', '/auth/login']) {
      await page.goto(`${stack.urls.app}${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await cutOff(page), path).toEqual([]);
    }
    await signIn(page, stack);
    for (const screen of SCREENS) {
      await page.goto(`${stack.urls.app}${screen.path}`);
      await screen.ready(page);
      expect(await cutOff(page), screen.path).toEqual([]);
    }
    // The invoice view needs the user handed over from All Users.
    await openInvoices(page, stack.urls.app, invoiced.name);
    await page.getByRole('button', { name: `Delete the invoice ${INVOICE_TITLE}` }).waitFor();
    expect(await cutOff(page), '/view-user').toEqual([]);
  });
});

describe("the header's quick search on a phone", () => {
  test('opens its results within the screen, both edges', async ({ openPage }) => {
    const page = await openPage({ viewport: { width: 390, height: 844 } });
    await signIn(page, stack);
    await page.goto(`${stack.urls.app}/dashboard`);
    await page.getByRole('button', { name: 'Show tools' }).click();
    const search = page.locator('#mobile-tools').getByTestId('quick-search');
    await search.fill('fuel');
    const results = page.locator('#mobile-tools').getByTestId('quick-search-results');
    await results.waitFor();
    const box = await results.boundingBox();
    expect(box?.x).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    // Wide enough to read what is typed.
    expect((await search.boundingBox())?.width).toBeGreaterThan(300);
  });
});
