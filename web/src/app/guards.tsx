import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { hasRole } from '@/lib/session/session';
import { useSession } from '@/lib/services';

export const LOGIN_PATH = '/auth/login';
export const HOME_PATH = '/all-users';
export const NOT_FOUND_PATH = '/error/error-v1';

/** Without a stored session every signed-in route goes to /auth/login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  if (!session) return <Redirect to={`~${LOGIN_PATH}`} replace />;
  return children;
}

/** With a session the sign-in area goes to /all-users. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session) return <Redirect to={`~${HOME_PATH}`} replace />;
  return children;
}

/**
 * The route guard accepts one role or a list; the first role of the stored user must equal it
 * or be in the list, otherwise the user goes to /error/error-v1.
 */
export function RoleGuard({
  roles,
  children,
}: {
  roles: string | readonly string[] | undefined;
  children: ReactNode;
}) {
  const session = useSession();
  if (roles !== undefined && !hasRole(session?.user ?? null, roles)) {
    return <Redirect to={`~${NOT_FOUND_PATH}`} replace />;
  }
  return children;
}
