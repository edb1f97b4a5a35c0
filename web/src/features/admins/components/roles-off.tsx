import { useTranslation } from 'react-i18next';
import { ShieldOffIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';

/** No owner is named, so there are no roles to manage: how to turn them on, not a failure. */
export function RolesOff() {
  const { t } = useTranslation('admins');
  return (
    <EmptyState
      icon={<ShieldOffIcon aria-hidden="true" />}
      title={t('OFF.TITLE')}
      description={t('OFF.TEXT')}
      data-testid="roles-off"
    />
  );
}
