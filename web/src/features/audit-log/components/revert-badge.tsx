import { useTranslation } from 'react-i18next';
import { Undo2Icon } from 'lucide-react';
import { FlagBadge } from './flag-badge';

/** Marks a change that sent back the values before another entry's change. */
export function RevertBadge() {
  const { t } = useTranslation('audit-log');
  return (
    <FlagBadge
      label={t('REVERT.BADGE')}
      description={t('REVERT.BADGE_DESCRIPTION')}
      icon={Undo2Icon}
      variant="secondary"
      testId="audit-revert"
    />
  );
}
