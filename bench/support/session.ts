import type { Browser, BrowserContext } from 'playwright-core';

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * Signs in once through the login form, as an admin would, and keeps what the browser then
 * holds (localStorage and Firebase Auth's IndexedDB), so every measured load starts signed in
 * without paying for the sign-in.
 */
export async function signedInState(
  browser: Browser,
  appUrl: string,
  admin: { email: string; password: string },
): Promise<StorageState> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await page.goto(`${appUrl}/auth/login`);
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/all-users', { timeout: 120_000 });
    // Firebase Auth writes its user to IndexedDB shortly after signing in; without it the app
    // would fetch a new Firebase token on every measured load.
    await page
      .waitForFunction(
        () =>
          new Promise<boolean>((resolve) => {
            const open = indexedDB.open('firebaseLocalStorageDb');
            open.onerror = () => resolve(false);
            open.onsuccess = () => {
              const db = open.result;
              if (!db.objectStoreNames.contains('firebaseLocalStorage')) {
                db.close();
                resolve(false);
                return;
              }
              const count = db
                .transaction('firebaseLocalStorage', 'readonly')
                .objectStore('firebaseLocalStorage')
                .count();
              count.onsuccess = () => {
                db.close();
                resolve(count.result > 0);
              };
              count.onerror = () => {
                db.close();
                resolve(false);
              };
            };
          }),
        undefined,
        { timeout: 30_000, polling: 250 },
      )
      .catch(() => undefined);
    const token = await page.evaluate(() => localStorage.getItem('userToken'));
    if (!token) throw new Error('signing in left no userToken in localStorage');
    return await context.storageState({ indexedDB: true });
  } finally {
    await context.close();
  }
}
