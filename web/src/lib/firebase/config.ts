import * as z from 'zod/mini';

/** The web config Hosting serves at /__/firebase/init.json; unknown keys are dropped. */
export const firebaseConfigSchema = z.object({
  apiKey: z.string().check(z.minLength(1)),
  projectId: z.string().check(z.minLength(1)),
  authDomain: z.optional(z.string()),
  databaseURL: z.optional(z.string()),
  storageBucket: z.optional(z.string()),
  messagingSenderId: z.optional(z.string()),
  appId: z.optional(z.string()),
  measurementId: z.optional(z.string()),
});

/** /emulators.json, written by the local stack beside the built files. */
export const emulatorsSchema = z.object({
  /**
   * How often the admin role is re-checked, in ms, instead of every 10 minutes: lets a test see
   * a demotion end the session without waiting. Only ever read on localhost.
   */
  roleRecheckMs: z.optional(z.int().check(z.positive())),
  auth: z.optional(z.url()),
  database: z.optional(
    z.object({ host: z.string().check(z.minLength(1)), port: z.int().check(z.positive()) }),
  ),
});
export type Emulators = z.infer<typeof emulatorsSchema>;
