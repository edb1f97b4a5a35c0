import { createContext, use, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FULL_GRANTS, type Grants, type Permission } from '@contracts/admins/roles';
import { useRealtimeSession, useServices, useSession } from '../services';
import { grantsFrom, refusalOf, refusalText, rolesInUseFrom, type RoleRecords } from './grants';
import { firebaseRoleSource, type RoleSource } from './role-source';

const RoleSourceContext = createContext<RoleSource | null>(null);

/** Hands the shell another source of role records (tests give an in-memory one). */
export function RoleSourceProvider({
  source,
  children,
}: {
  source: RoleSource;
  children: ReactNode;
}) {
  return <RoleSourceContext value={source}>{children}</RoleSourceContext>;
}

/** Every permission outside a RolesProvider: a screen shown on its own behaves as before roles. */
const GrantsContext = createContext<Grants>(FULL_GRANTS);
/** Not in use outside a RolesProvider, likewise. */
const RolesInUseContext = createContext(false);

/**
 * Follows the signed-in admin's roles while their Firebase session is there, and gives the
 * grants to every control below. The shell starts the session after its first paint (and the
 * session's own writes load the Database SDK), so following the roles loads nothing earlier.
 */
export function RolesProvider({ children }: { children: ReactNode }) {
  const given = use(RoleSourceContext);
  const { firebase, logger } = useServices();
  const source = useMemo(
    () => given ?? firebaseRoleSource(firebase, logger),
    [given, firebase, logger],
  );
  const session = useSession();
  const realtime = useRealtimeSession();
  const uid = session && realtime.status === 'connected' ? String(session.user.id) : null;
  const [seen, setSeen] = useState<{ uid: string; records: RoleRecords } | null>(null);
  useEffect(() => {
    if (uid === null) return;
    return source.watch(uid, (records) => setSeen({ uid, records }));
  }, [source, uid]);
  const records = uid !== null && seen?.uid === uid ? seen.records : null;
  const grants = useMemo(() => (records ? grantsFrom(records) : FULL_GRANTS), [records]);
  const inUse = records ? rolesInUseFrom(records) : false;
  return (
    <GrantsContext value={grants}>
      <RolesInUseContext value={inUse}>{children}</RolesInUseContext>
    </GrantsContext>
  );
}

/** What the signed-in admin may do; updates live as their roles change. */
export function useGrants(): Grants {
  return use(GrantsContext);
}

/**
 * Whether roles are in use here, read from the same records as the grants (false until both are
 * known, and while the Firebase session is not there).
 */
export function useRolesInUse(): boolean {
  return use(RolesInUseContext);
}

/** Allowed, or not with why, to show the admin: the role(s) that would allow it. */
export type Allowance = { allowed: true; reason?: undefined } | { allowed: false; reason: string };

/** Whether the admin may use a control, and why not (`groupId`: the price group it saves). */
export function useAllows(permission: Permission, groupId?: string): Allowance {
  const grants = useGrants();
  const { t, i18n } = useTranslation();
  const refusal = refusalOf(grants, permission, groupId);
  return refusal === null
    ? { allowed: true }
    : { allowed: false, reason: refusalText(t, i18n.language, refusal) };
}
