import { allows } from '@contracts/admins/roles';
import { useGrants, useRolesInUse } from '@/lib/roles/roles';
import { menuFor, type MenuSection } from './menu';

/**
 * The side menu for the signed-in admin, live as their roles change. While roles are not in use
 * every admin holds every permission, yet the owners' screen has nothing to show: it is left out.
 */
export function useSideMenu(): readonly MenuSection[] {
  const inUse = useRolesInUse();
  const grants = useGrants();
  return menuFor(inUse && allows(grants, 'roles.manage'));
}
