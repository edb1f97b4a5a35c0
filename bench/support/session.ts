import type { Browser, BrowserContext } from 'playwright-core';
import { NotMeasured } from './visits.ts';

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

const FIREBASE_USER_TIMEOUT_MS = 30_000;

/**
 * Whether Firebase Auth has stored its user (runs in the page). It checks that the database
 * exists before opening it: opening creates an empty one, which Firebase would then have to
 * delete and make again.
 */
async function firebaseUserStored(): Promise<boolean> {
  const name = 'firebaseLocalStorageDb';
  const databases = await indexedDB.databases();
  if (!databases.some((database) => database.name === name)) return false;
  return new Promise<boolean>((resolve) => {
    const open = indexedDB.open(name);
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
  });
}

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
    // Firebase Auth writes its user to IndexedDB shortly after the page has moved on; without
    // it every measured load would fetch a new Firebase token first, which a returning admin
    // never does. Polled from here: a promise handed to waitForFunction counts as truthy at once.
    const deadline = Date.now() + FIREBASE_USER_TIMEOUT_MS;
    while (!(await page.evaluate(firebaseUserStored))) {
      if (Date.now() > deadline) {
        throw new Error(
          `Firebase Auth kept no user in IndexedDB within ${FIREBASE_USER_TIMEOUT_MS / 1000} s of signing in`,
        );
      }
      await page.waitForTimeout(100);
    }
    const token = await page.evaluate(() => localStorage.getItem('userToken'));
    if (!token) throw new Error('signing in left no userToken in localStorage');
    return await context.storageState({ indexedDB: true });
  } finally {
    await context.close();
  }
}

/** The session a signed-in visit starts from; without one its figures cannot be taken. */
export function requireSession(state: StorageState | null): StorageState {
  if (state === null) throw new NotMeasured('no signed-in session');
  return state;
}
