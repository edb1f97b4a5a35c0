import { useTranslation } from 'react-i18next';
import { CircleAlertIcon, RotateCcwIcon } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

/** What could not be loaded, every reason the server gave, and a way to try again. */
export function LoadFailed({
  title,
  lines,
  onRetry,
}: {
  title: string;
  lines: readonly string[];
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Alert variant="destructive">
      <CircleAlertIcon aria-hidden="true" />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>
        {lines.map((line, at) => (
          <p key={at}>{line}</p>
        ))}
        <Button size="sm" variant="outline" className="mt-2" onClick={onRetry}>
          <RotateCcwIcon aria-hidden="true" />
          {t('COMMON.RETRY')}
        </Button>
      </AlertDescription>
    </Alert>
  );
}
