/**
 * Emulator only: the push token a browser profile stands in with when the app runs against the
 * local stack, where FCM (Google's servers, a web push key) is out of reach. Made once per
 * profile and kept in IndexedDB, so like a real FCM token it outlives a sign-out (which clears
 * local storage), stays the same across reloads and differs between profiles. It is no secret
 * and opens nothing: the local functions only record at `outbox/` what they would send to it.
 */

const DATABASE = 'fuel-emulator-push';
const STORE = 'device';
const KEY = 'token';

/** What the stand-in looks like: an FCM-shaped token, so every path that takes one takes it. */
export const emulatorTokenFor = (id: string) => `emulator-web-${id}`;

/**
 * Reads the profile's token, making it on first use. The read and the write share one
 * transaction, so two tabs asking at once still end with one token.
 */
export function emulatorDeviceIdIn(
  indexedDB: IDBFactory,
  newId: () => string,
): () => Promise<string> {
  return () =>
    new Promise((resolve, reject) => {
      const opening = indexedDB.open(DATABASE, 1);
      opening.onupgradeneeded = () => opening.result.createObjectStore(STORE);
      opening.onerror = () => reject(opening.error ?? new Error(`Cannot open ${DATABASE}`));
      opening.onsuccess = () => {
        const db = opening.result;
        const transaction = db.transaction(STORE, 'readwrite');
        const store = transaction.objectStore(STORE);
        let token = '';
        const reading = store.get(KEY);
        reading.onsuccess = () => {
          if (typeof reading.result === 'string' && reading.result !== '') {
            token = reading.result;
          } else {
            token = emulatorTokenFor(newId());
            store.put(token, KEY);
          }
        };
        transaction.oncomplete = () => {
          db.close();
          resolve(token);
        };
        transaction.onabort = () => {
          db.close();
          reject(transaction.error ?? new Error(`Cannot keep the token in ${DATABASE}`));
        };
      };
    });
}
