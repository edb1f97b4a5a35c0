import { z } from 'zod';

/** The web config Hosting serves at /__/firebase/init.json; unknown keys are dropped. */
export const firebaseConfigSchema = z.object({
  apiKey: z.string().min(1),
  projectId: z.string().min(1),
  authDomain: z.string().optional(),
  databaseURL: z.string().optional(),
  storageBucket: z.string().optional(),
  messagingSenderId: z.string().optional(),
  appId: z.string().optional(),
  measurementId: z.string().optional(),
});

/** /emulators.json, written by the local stack beside the built files. */
export const emulatorsSchema = z.object({
  auth: z.url().optional(),
  database: z.object({ host: z.string().min(1), port: z.number().int().positive() }).optional(),
});
export type Emulators = z.infer<typeof emulatorsSchema>;
