import { initializeApp } from 'firebase/app';
import { getMessaging } from 'firebase/messaging/sw';
import { firebaseConfigSchema } from '@/lib/firebase/config';

/**
 * Background push (registered only when the build has a VAPID key). The page passes the public
 * web config in the worker's URL because the push listener must exist on the worker's first
 * run, before any fetch could return. With no handler of ours, FCM shows each message's
 * notification itself.
 */
const config = firebaseConfigSchema.safeParse(
  JSON.parse(new URL(self.location.href).searchParams.get('config') ?? 'null'),
);
if (config.success) getMessaging(initializeApp(config.data));
