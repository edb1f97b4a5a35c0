import type { ReactNode } from 'react';
import { act } from '@testing-library/react';
import type { Role } from '@contracts/admins/roles';
import type { RoleRecords } from '@/lib/roles/grants';
import type { RoleSource } from '@/lib/roles/role-source';
import { RoleSourceProvider, RolesProvider } from '@/lib/roles/roles';

/** The records of roles in use, the admin holding `roles` (and `prices` for `priceGroups` only). */
export function rolesInUse(roles: readonly Role[], priceGroups?: readonly string[]): RoleRecords {
  const set = (keys: readonly string[]) =>
    Object.fromEntries(keys.map((key) => [key, true as const]));
  return {
    settings: { inUse: true },
    record: {
      roles: set(roles),
      ...(priceGroups ? { priceGroups: set(priceGroups) } : {}),
      updatedAt: 1,
      updatedBy: 'deployment',
    },
  };
}

/** The records of a database from before roles. */
export const ROLES_NOT_IN_USE: RoleRecords = { settings: null, record: null };

export interface MemoryRoleSource extends RoleSource {
  /** Changes the records, as the functions would; every watcher is told (wrap it in act). */
  set(records: RoleRecords): void;
  /** The uids being watched now. */
  watching(): string[];
}

export function memoryRoleSource(initial: RoleRecords): MemoryRoleSource {
  let records = initial;
  const watchers = new Map<(records: RoleRecords) => void, string>();
  return {
    watch(uid, listener) {
      watchers.set(listener, uid);
      listener(records);
      return () => void watchers.delete(listener);
    },
    set(next) {
      records = next;
      for (const listener of watchers.keys()) listener(records);
    },
    watching: () => [...watchers.values()],
  };
}

/** `children` under the shell's roles, read from `source` (the session must be connected). */
export function WithRoles({ source, children }: { source: RoleSource; children: ReactNode }) {
  return (
    <RoleSourceProvider source={source}>
      <RolesProvider>{children}</RolesProvider>
    </RoleSourceProvider>
  );
}

/**
 * Lets the tooltips of refused controls load, as they have long before an admin reaches one: a
 * control focused before would be replaced by the one inside its tooltip.
 */
export async function tooltipsLoaded(): Promise<void> {
  await act(async () => {
    await import('@/components/reason-tooltip');
  });
}
