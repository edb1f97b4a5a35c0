import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@/components/load-failed';

/** The chat could not be read (the history, or the realtime SDKs before it), with a retry. */
export function ChatLoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('chat');
  return (
    <div className="flex flex-1 items-center justify-center p-4" data-testid="chat-error">
      <div className="w-full max-w-lg">
        <LoadFailed
          title={t('LOAD_FAILED_TITLE')}
          lines={[t('LOAD_FAILED_DESCRIPTION')]}
          onRetry={onRetry}
        />
      </div>
    </div>
  );
}
