import { paths } from '@contracts/realtime';
import type { FirebaseRuntime } from '../firebase/runtime';
import type { Logger } from '../logger';
import type { RoleRecords } from './grants';

/** Where the admin's role records come from: the database, or what a test hands over. */
export interface RoleSource {
  /**
   * Tells `listener` the records now and at every change, until the returned function stops
   * it. Needs the admin's Firebase session.
   */
  watch(uid: string, listener: (records: RoleRecords) => void): () => void;
}

/**
 * Follows `roleSettings` and `adminRoles/{uid}`. A path that cannot be read (rules from before
 * roles, a lost session) counts as not known, which leaves every control as it was.
 */
export function firebaseRoleSource(firebase: FirebaseRuntime, logger: Logger): RoleSource {
  return {
    watch(uid, listener) {
      let stopped = false;
      const stops: (() => void)[] = [];
      let records: RoleRecords = {};
      const tell = (part: keyof RoleRecords, value: unknown) => {
        records = { ...records, [part]: value };
        listener(records);
      };
      const follow = async () => {
        const [database, sdk] = await Promise.all([
          firebase.database(),
          import('firebase/database'),
        ]);
        if (stopped) return;
        const watched = { settings: paths.roleSettings(), record: paths.adminRoles(uid) };
        for (const [part, path] of Object.entries(watched) as [keyof RoleRecords, string][]) {
          stops.push(
            sdk.onValue(
              sdk.ref(database, path),
              (snapshot) => tell(part, snapshot.val()),
              (error) => {
                logger.info(`The admin's roles cannot be read at ${path}`, error);
                tell(part, undefined);
              },
            ),
          );
        }
      };
      follow().catch((error: unknown) => logger.info("The admin's roles cannot be read", error));
      return () => {
        stopped = true;
        for (const stop of stops) stop();
      };
    },
  };
}
