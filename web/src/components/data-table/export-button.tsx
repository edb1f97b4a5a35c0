import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';

export interface ExportButtonProps {
  /** Builds and downloads the file, reporting how far it got (0 to 1). */
  run: (onProgress: (fraction: number) => void) => Promise<void>;
}

/** "Export CSV", then its progress while the file is built. */
export function ExportButton({ run }: ExportButtonProps) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<number | null>(null);
  const start = async () => {
    setProgress(0);
    try {
      await run(setProgress);
    } catch {
      toast.error(t('TABLE.EXPORT_FAILED'));
    } finally {
      setProgress(null);
    }
  };
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={progress !== null}
      aria-busy={progress !== null}
      onClick={() => void start()}
    >
      <DownloadIcon aria-hidden="true" />
      <span aria-live="polite">
        {progress === null
          ? t('TABLE.EXPORT_CSV')
          : t('TABLE.EXPORTING', { percent: Math.round(progress * 100) })}
      </span>
    </Button>
  );
}
