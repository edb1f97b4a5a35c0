import type { ReactElement } from 'react';
import type { Permission } from '@contracts/admins/roles';
import { useAllows } from '@/lib/roles/roles';
import { Refusable, type RefusableProps } from './refusable';

interface PermittedProps {
  permission: Permission;
  /** With `prices.write`: the group whose prices the control saves. */
  groupId?: string;
  children: RefusableProps['children'];
}

/**
 * A control the admin's roles may not allow: refused (aria-disabled, with the roles that would
 * allow it as its reason) when they do not.
 */
export function Permitted({ permission, groupId, children }: PermittedProps): ReactElement {
  const allowance = useAllows(permission, groupId);
  return <Refusable reason={allowance.allowed ? null : allowance.reason}>{children}</Refusable>;
}
