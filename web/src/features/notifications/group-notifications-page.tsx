import { useEffect, useMemo, useState } from 'react';
import { LoadFailed } from '@/components/load-failed';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { SendIcon } from 'lucide-react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable } from '@/components/data-table/data-table';
import { usePageMeta } from '@/components/page-meta';
import { RealtimeUnavailableNotice } from '@/components/realtime-unavailable-notice';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { mark, markPainted } from '@/lib/perf';
import { useRealtimeSession, useServices } from '@/lib/services';
import { toast } from '@/lib/toast';
import { useAlertStore } from './api/alert-store';
import { realtimeErrorLines } from './api/realtime-errors';
import { useAlertCount, useAlertPage } from './api/use-alert-history';
import { historyColumns, type HistoryRow } from './components/history-columns';
import { ScheduledSection } from './components/scheduled-section';
import { DateRangeFilter } from '@/components/date-range/date-range-filter';
import {
  EXPORT_BATCH,
  pageOf,
  reachablePages,
  readAll,
  totalOf,
} from '@/components/data-table/time-paging';
import { useTimePagingUrl } from '@/components/data-table/use-time-paging-url';

/** An export takes every alert of the range: the history has no other filter. */
const everyAlert = () => true;

/**
 * /group-notifications: every notification sent, newest first, 10 per page, with its delivery
 * (sent, failed, or pending while the push goes out, live) and a delete. Only the page shown is
 * read (components/data-table/time-paging.ts), the total from the functions' count; a date range narrows it.
 * The range, page and page size live in the address; Export CSV walks the range in batches.
 */
export function GroupNotificationsPage() {
  const { t } = useTranslation('notifications');
  usePageMeta({ title: t('MENU.NOTIFICATIONS_HISTORY') });
  const { now } = useServices();
  const store = useAlertStore();
  const [attempt, setAttempt] = useState(0);
  const { days, range, size, request, goTo, setDays, setSize } = useTimePagingUrl();
  const ranged = range.from !== undefined || range.to !== undefined;
  const history = useAlertPage(store, request.query, attempt);
  const counted = useAlertCount(store, !ranged);
  const realtime = useRealtimeSession();
  const [deleting, setDeleting] = useState<HistoryRow | null>(null);

  const page = useMemo(
    () => (history.status === 'ready' ? pageOf(request, history.alerts) : undefined),
    [history, request],
  );
  const alerts = page?.rows;
  const rows = useMemo<HistoryRow[] | undefined>(
    () => alerts?.map((alert, index) => ({ ...alert, serial: request.index * size + index + 1 })),
    [alerts, request.index, size],
  );
  // For the benchmark (bench/suites/history.ts): from the page opening to its first rows painted.
  useEffect(() => mark('history:open'), []);
  const firstRows = page !== undefined && page.rows.length > 0;
  useEffect(() => {
    if (firstRows) markPainted('history:page');
  }, [firstRows]);
  const shown = page ?? { index: request.index, rows: [], hasOlder: false };
  const total = totalOf(shown, size, ranged ? undefined : counted);
  // Numbered newest first across the range, as the pages number them.
  const exportRows = async (onRead: (rows: number) => void) => {
    const all = await readAll(
      range,
      everyAlert,
      (query) => store.read(query),
      EXPORT_BATCH,
      onRead,
    );
    return all.map((alert, index): HistoryRow => ({ ...alert, serial: index + 1 }));
  };
  // A fresh "now" with every update of the history, for how long a push has been pending.
  const renderedAt = useMemo(() => (alerts ? now() : 0), [alerts, now]);
  const columns = useMemo(
    () => historyColumns({ t, now: renderedAt, onDelete: setDeleting }),
    [t, renderedAt],
  );

  const remove = async () => {
    if (!deleting) return;
    await store.remove(deleting.notificationId);
    toast.success(t('MESSAGES.DELETED_SUCCESSFULLY'));
  };

  return (
    <div className="grid gap-5">
      <ScheduledSection />
      <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-1">
          <h2 className="text-lg font-semibold">{t('HISTORY.HEADING')}</h2>
          <p className="text-sm text-muted-foreground">{t('HISTORY.INTRO')}</p>
        </div>
        <Button asChild variant="outline" className="self-start sm:self-auto">
          <Link href="/send-notification">
            <SendIcon aria-hidden="true" />
            {t('MENU.SEND_NOTIFICATION')}
          </Link>
        </Button>
      </header>

      {/* Without the admin's database session the history cannot be read: say why instead of
          waiting, until the session keeper has it back and the history follows. */}
      {realtime.status === 'unavailable' ? (
        <RealtimeUnavailableNotice reason={realtime.reason} />
      ) : (
        <>
          {history.status === 'error' ? (
            <LoadFailed
              title={t('HISTORY.LOAD_FAILED')}
              lines={realtimeErrorLines(history.error, t)}
              onRetry={() => setAttempt((n) => n + 1)}
            />
          ) : null}
          {history.status === 'waiting' ? (
            <p
              role="status"
              className="inline-flex items-center gap-2 text-sm text-muted-foreground"
            >
              <Spinner className="size-3.5" />
              {t('HISTORY.WAITING')}
            </p>
          ) : null}

          <DateRangeFilter value={days} onChange={setDays} />

          <DataTable
            label={t('HISTORY.TABLE_LABEL')}
            columns={columns}
            data={rows}
            getRowId={(alert) => alert.notificationId}
            isLoading={history.status === 'loading' || history.status === 'waiting'}
            urlState
            exportRows={exportRows}
            exportName="notifications-history"
            remotePaging={{
              pageIndex: request.index,
              pageSize: size,
              total,
              reachable: page ? reachablePages(page, size, total) : [request.index],
              onPageIndexChange: (index) => goTo(index, shown, total),
              onPageSizeChange: setSize,
            }}
          />
        </>
      )}

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('DELETE_DIALOG.TITLE')}
        description={t('DELETE_DIALOG.MESSAGE')}
        confirmLabel={t('DELETE_DIALOG.DELETE')}
        cancelLabel={t('COMMON.CLOSE')}
        variant="destructive"
        onConfirm={remove}
        describeError={(error) => realtimeErrorLines(error, t, 'delete')}
        testId="delete-dialog"
      />
    </div>
  );
}
