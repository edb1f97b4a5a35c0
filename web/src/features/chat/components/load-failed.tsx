import { useTranslation } from 'react-i18next';
import { CircleAlertIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';

/** The chat could not be read (the history, or the realtime SDKs before it), with a retry. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('chat');
  return (
    <div className="flex flex-1 items-center justify-center p-4">
      <EmptyState
        className="w-full max-w-lg border-0"
        icon={<CircleAlertIcon aria-hidden="true" />}
        title={t('LOAD_FAILED_TITLE')}
        description={t('LOAD_FAILED_DESCRIPTION')}
        action={
          <Button variant="outline" onClick={onRetry}>
            {t('RETRY')}
          </Button>
        }
        data-testid="chat-error"
      />
    </div>
  );
}
