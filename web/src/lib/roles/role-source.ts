import type * as z from 'zod/mini';
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
 * roles, a lost session) counts as not known, which leaves every control as it was; a value
 * that does not parse counts as none. The schemas load with the Database SDK, after the first
 * paint, as everything the source does.
 */
export function firebaseRoleSource(firebase: FirebaseRuntime, logger: Logger): RoleSource {
  return {
    watch(uid, listener) {
      let stopped = false;
      const stops: (() => void)[] = [];
      let records: RoleRecords = {};
      const tell = (next: RoleRecords) => {
        records = { ...records, ...next };
        listener(records);
      };
      const follow = async () => {
        const [database, sdk, schemas] = await Promise.all([
          firebase.database(),
          import('firebase/database'),
          import('@contracts/admins/role-records'),
        ]);
        if (stopped) return;
        const watchPart = <K extends keyof RoleRecords>(
          part: K,
          path: string,
          schema: z.ZodMiniType<NonNullable<RoleRecords[K]>>,
        ) =>
          sdk.onValue(
            sdk.ref(database, path),
            (snapshot) => {
              const read = schema.safeParse(snapshot.val());
              tell({ [part]: read.success ? read.data : null });
            },
            (error) => {
              logger.info(`The admin's roles cannot be read at ${path}`, error);
              tell({ [part]: undefined });
            },
          );
        stops.push(
          watchPart('settings', paths.roleSettings(), schemas.roleSettingsSchema),
          watchPart('record', paths.adminRoles(uid), schemas.adminRolesSchema),
        );
      };
      follow().catch((error: unknown) => logger.info("The admin's roles cannot be read", error));
      return () => {
        stopped = true;
        for (const stop of stops) stop();
      };
    },
  };
}
