import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Column } from '@tanstack/react-table';
import { DownloadIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useServices } from '@/lib/services';
import { toast } from '@/lib/toast';

export interface ExportButtonProps<T> {
  /** The visible columns, in order. */
  columns: readonly Column<T, unknown>[];
  /** Every row the search and sort select, not only the page shown. */
  count: number;
  rowAt: (position: number) => T | undefined;
  /**
   * For a list read a page at a time: every row its filters select, read when asked, telling
   * `onRead` how many it holds so far.
   */
  readAll?: (onRead: (rows: number) => void) => Promise<readonly T[]>;
  /** The file name before its date; the page's path when not given. */
  name?: string | undefined;
}

type Progress = { read: number } | { built: number };

/**
 * "Export CSV", then its progress while the file is built; named after the page's path.
 * The CSV code and its worker load on the first export, not with the list.
 */
export function ExportButton<T>({ columns, count, rowAt, readAll, name }: ExportButtonProps<T>) {
  const { t, i18n } = useTranslation();
  // The app's clock, handed down like every side effect: a test can fix the file's day.
  const { now } = useServices();
  // Rows read so far while a paged list is read, then the share of the file built.
  const [progress, setProgress] = useState<Progress | null>(null);
  const start = async () => {
    setProgress(readAll ? { read: 0 } : { built: 0 });
    try {
      const { exportCsv } = await import('./csv-export');
      const all = await readAll?.((rows) => setProgress({ read: rows }));
      await exportCsv({
        columns,
        count: all ? all.length : count,
        rowAt: all ? (position) => all[position] : rowAt,
        screen: name ?? location.pathname.split('/').filter(Boolean).join('-'),
        now,
        onProgress: (built) => setProgress({ built }),
      });
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
          : 'read' in progress
            ? t('TABLE.EXPORT_READING', { value: progress.read.toLocaleString(i18n.language) })
            : t('TABLE.EXPORTING', { percent: Math.round(progress.built * 100) })}
      </span>
    </Button>
  );
}
