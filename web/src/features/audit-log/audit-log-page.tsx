import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { DataTable } from '@/components/data-table/data-table';
import {
  EXPORT_BATCH,
  pageOf,
  reachablePages,
  readAll,
  totalOf,
} from '@/components/data-table/time-paging';
import { FIRST_PAGE } from '@/components/data-table/time-paging-url';
import { useTimePagingUrl } from '@/components/data-table/use-time-paging-url';
import { readParam } from '@/components/data-table/url-state';
import { LoadFailed } from '@/components/load-failed';
import { usePageMeta } from '@/components/page-meta';
import { RealtimeUnavailableNotice } from '@/components/realtime-unavailable-notice';
import { useRealtimeSession } from '@/lib/services';
import { auditPageOptions, useAuditStore } from './api/audit-store';
import { auditColumns } from './components/audit-columns';
import { AuditFilters } from './components/audit-filters';
import { RevertDialog } from './components/revert-dialog';
import type { AuditRow } from './entries';
import { auditErrorLines } from './errors';
import { actionParamSchema, adminParamSchema, matchesFilter, type AuditFilter } from './reading';

/**
 * /audit-log: every change admins made, newest first, a page at a time from the database
 * (time-paging.ts, ordered by `at`). Filters, page and page size live in the address; the date
 * range bounds the query, the admin and action filters sift what it reads (reading.ts).
 */
export function AuditLogPage() {
  const { t } = useTranslation('audit-log');
  usePageMeta({ title: t('TITLE') });
  const store = useAuditStore();
  const realtime = useRealtimeSession();
  const { search, setParams, days, range, size, request, goTo, setDays, setSize } =
    useTimePagingUrl();
  const filter: AuditFilter = {
    admin: readParam(search, 'admin', adminParamSchema, ''),
    action: readParam(search, 'action', actionParamSchema, ''),
  };
  const keep = (row: AuditRow) => matchesFilter(row, filter);

  const entries = useQuery({
    ...auditPageOptions(store, request.query, filter),
    enabled: realtime.status === 'connected',
  });
  const page = entries.data ? pageOf(request, entries.data) : undefined;
  const shown = page ?? { index: request.index, rows: [], hasOlder: false };
  const total = totalOf(shown, size, undefined);
  // The entry a Revert was asked for; a new dialog for each ask (`asked`), none of the last one's
  // answer left in it.
  const [reverting, setReverting] = useState<{ row: AuditRow; open: boolean; asked: number }>();
  const columns = useMemo(
    () =>
      auditColumns(t, (row) =>
        setReverting((last) => ({ row, open: true, asked: (last?.asked ?? 0) + 1 })),
      ),
    [t],
  );

  return (
    <div className="grid gap-5">
      <header className="flex flex-col gap-1">
        <h2 className="text-lg font-semibold">{t('TITLE')}</h2>
        <p className="text-sm text-muted-foreground">{t('INTRO')}</p>
      </header>

      {/* Without the admin's database session the log cannot be read: say why instead of
          waiting, until the session keeper has it back. */}
      {realtime.status === 'unavailable' ? (
        <RealtimeUnavailableNotice reason={realtime.reason} />
      ) : (
        <>
          <AuditFilters
            filter={filter}
            days={days}
            onFilterChange={(next, mode) =>
              setParams(
                { admin: next.admin || null, action: next.action || null, ...FIRST_PAGE },
                mode,
              )
            }
            onDaysChange={setDays}
          />

          {entries.isError ? (
            <LoadFailed
              title={t('LOAD_FAILED')}
              lines={auditErrorLines(entries.error, t)}
              onRetry={() => void entries.refetch()}
            />
          ) : null}

          <DataTable
            label={t('TABLE_LABEL')}
            columns={columns}
            data={page?.rows}
            getRowId={(row) => row.key}
            isLoading={entries.isPending && !entries.isError}
            isFetching={entries.isFetching}
            urlState
            exportRows={(onRead) =>
              readAll(range, keep, (query) => store.read(query), EXPORT_BATCH, onRead)
            }
            remotePaging={{
              pageIndex: request.index,
              pageSize: size,
              total,
              reachable: page ? reachablePages(page, size, total) : [request.index],
              onPageIndexChange: (index) => goTo(index, shown, total),
              onPageSizeChange: setSize,
            }}
          />

          {reverting ? (
            <RevertDialog
              key={reverting.asked}
              open={reverting.open}
              onOpenChange={(open) => setReverting({ ...reverting, open })}
              row={reverting.row}
            />
          ) : null}
        </>
      )}
    </div>
  );
}
