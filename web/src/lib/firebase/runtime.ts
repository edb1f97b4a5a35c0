import type { FirebaseApp, FirebaseOptions } from 'firebase/app';
import type { Auth } from 'firebase/auth';
import type { Database } from 'firebase/database';
import type { Emulators } from './config';
import type { Logger } from '../logger';

/**
 * Firebase is configured at run time, never at build time: Hosting serves the project's web
 * config at `/__/firebase/init.json` (the Hosting emulator serves a demo one). On localhost the
 * local stack also writes `/emulators.json` beside the built files; when present, Auth and the
 * Realtime Database talk to those emulators. Every SDK is imported on first use, so the sign-in
 * page never downloads the Database SDK.
 */

export interface RuntimeConfig {
  firebase: FirebaseOptions;
  emulators: Emulators;
}

export interface FirebaseDeps {
  fetch: typeof fetch;
  hostname: string;
  logger: Logger;
}

export interface FirebaseRuntime {
  config(): Promise<RuntimeConfig>;
  app(): Promise<FirebaseApp>;
  /** Auth, connected to the emulator when one is configured. */
  auth(): Promise<Auth>;
  /** The Realtime Database, connected to the emulator when one is configured. */
  database(): Promise<Database>;
  /** App, Auth (its restored state known) and Database together, for reactfire's providers. */
  realtime(): Promise<{ app: FirebaseApp; auth: Auth; database: Database }>;
}

/** A promise made once and remembered, forgotten again if it fails so a later call retries. */
export function once<T>(make: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= make().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}
