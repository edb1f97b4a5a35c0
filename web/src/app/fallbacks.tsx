import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';

/** While a page's chunk loads: quiet, centred, announced once. */
export function PageFallback({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className={
        fullScreen
          ? 'grid min-h-dvh place-content-center text-muted-foreground'
          : 'grid min-h-[40vh] place-content-center text-muted-foreground'
      }
    >
      <Spinner className="size-6" />
      <span className="sr-only">{t('TABLE.PLEASE_WAIT')}</span>
    </div>
  );
}
