import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { LockIcon } from 'lucide-react';
import type { Permission } from '@contracts/admins/roles';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { useAllows } from '@/lib/roles/roles';
import { HOME_PATH } from '../guards';

/**
 * A page the admin's roles do not open is not shown: the shell says which roles would open it
 * and leads home, rather than sending the admin to the not-found page.
 */
export function PermissionGuard({
  permission,
  children,
}: {
  permission: Permission | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  // Every admin holds `view`: a page that names no permission is open to all.
  const { allowed, reason } = useAllows(permission ?? 'view');
  if (allowed) return children;
  return (
    <EmptyState
      icon={<LockIcon aria-hidden="true" />}
      title={t('ROLES.PAGE_TITLE')}
      description={reason}
      action={
        <Button asChild variant="outline">
          <Link href={HOME_PATH}>{t('ROLES.BACK_HOME')}</Link>
        </Button>
      }
      data-testid="needs-role"
    />
  );
}
