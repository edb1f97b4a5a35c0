/**
 * Stands in for the Firebase SDKs that reactfire imports but this app never uses (Firestore,
 * Functions, Remote Config, Storage; see vite.config.ts). Every export fails loudly if called.
 */
function unavailable(name: string): never {
  throw new Error(`${name}: this Firebase SDK is not bundled in this app`);
}

export const onSnapshot = () => unavailable('onSnapshot');
export const queryEqual = () => unavailable('queryEqual');
export const httpsCallable = () => unavailable('httpsCallable');
export const ensureInitialized = () => unavailable('ensureInitialized');
export const getAll = () => unavailable('getAll');
export const getBoolean = () => unavailable('getBoolean');
export const getNumber = () => unavailable('getNumber');
export const getString = () => unavailable('getString');
export const getValue = () => unavailable('getValue');
export const getDownloadURL = () => unavailable('getDownloadURL');
export const ref = () => unavailable('ref');
