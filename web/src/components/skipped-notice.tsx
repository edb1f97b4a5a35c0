import { useTranslation } from 'react-i18next';
import { FileWarningIcon } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { cn } from '@/lib/utils';

/**
 * Says that a list is shown without some of the records the server sent, because they could
 * not be read: an admin must not take a shorter list for the whole one.
 */
export function SkippedNotice({
  count,
  className,
}: {
  count: number | undefined;
  className?: string;
}) {
  const { t } = useTranslation();
  if (!count) return null;
  return (
    <Alert role="status" className={cn('py-2', className)} data-testid="skipped-notice">
      <FileWarningIcon aria-hidden="true" />
      <AlertDescription>{t('TABLE.SKIPPED', { count })}</AlertDescription>
    </Alert>
  );
}
