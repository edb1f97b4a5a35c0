import { useTranslation } from 'react-i18next';
import { HammerIcon } from 'lucide-react';
import { EmptyState } from './empty-state';

/** The honest state of a screen whose feature is still being built. */
export function UnderConstruction() {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<HammerIcon aria-hidden="true" />}
      title={t('PLACEHOLDER.TITLE')}
      description={t('PLACEHOLDER.DESCRIPTION')}
      data-testid="under-construction"
    />
  );
}
