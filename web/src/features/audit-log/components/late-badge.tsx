import { useTranslation } from 'react-i18next';
import { ClockAlertIcon } from 'lucide-react';
import { FlagBadge } from './flag-badge';

/** Marks a price save made after its day's deadline. */
export function LateBadge() {
  const { t } = useTranslation('audit-log');
  return (
    <FlagBadge
      label={t('LATE.LABEL')}
      description={t('LATE.DESCRIPTION')}
      icon={ClockAlertIcon}
      variant="warning"
      testId="audit-late"
    />
  );
}
