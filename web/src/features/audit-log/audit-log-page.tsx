import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { DataTable } from '@/components/data-table/data-table';
import { pageOf, reachablePages, requestFor, totalOf } from '@/components/data-table/time-paging';
import { readParam } from '@/components/data-table/url-state';
import { useUrlParams } from '@/components/data-table/use-url-state';
import { dayInputSchema, dayRange } from '@/components/date-range/date-range';
import { LoadFailed } from '@/components/load-failed';
import { usePageMeta } from '@/components/page-meta';
import { RealtimeUnavailableNotice } from '@/components/realtime-unavailable-notice';
import { FIXED_PAGE_SIZE } from '@/lib/constants';
import { useRealtimeSession } from '@/lib/services';
import { auditPageOptions, useAuditStore } from './api/audit-store';
import { auditColumns } from './components/audit-columns';
import { AuditFilters } from './components/audit-filters';
import type { AuditRow } from './entries';
import { auditErrorLines } from './errors';
import {
  actionParamSchema,
  adminParamSchema,
  EXPORT_BATCH,
  matchesFilter,
  paramsOf,
  readAll,
  readCursor,
  requestOf,
  type AuditFilter,
} from './reading';

const sizeParam = z.enum(['3', '5', '10']);
const pageParam = z.string().check(z.regex(/^[1-9]\d{0,8}$/));
/** Any filter or page size change starts again from the newest page. */
const FIRST_PAGE = { page: null, before: null, after: null };

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
  const [search, setParams] = useUrlParams();

  const params = new URLSearchParams(search);
  const filter: AuditFilter = {
    admin: readParam(search, 'admin', adminParamSchema, ''),
    action: readParam(search, 'action', actionParamSchema, ''),
  };
  const days = {
    from: readParam(search, 'from', dayInputSchema, ''),
    to: readParam(search, 'to', dayInputSchema, ''),
  };
  const range = useMemo(() => dayRange(days.from, days.to), [days.from, days.to]);
  const size = Number(readParam(search, 'size', sizeParam, String(FIXED_PAGE_SIZE)));
  const request = requestOf(
    {
      page: Number(readParam(search, 'page', pageParam, '1')) - 1,
      before: readCursor(params.get('before')),
      after: readCursor(params.get('after')),
    },
    size,
    range,
  );
  const keep = (row: AuditRow) => matchesFilter(row, filter);

  const entries = useQuery({
    ...auditPageOptions(store, request.query, filter),
    enabled: realtime.status === 'connected',
  });
  const page = entries.data ? pageOf(request, entries.data) : undefined;
  const shown = page ?? { index: request.index, rows: [], hasOlder: false };
  const total = totalOf(shown, size, undefined);
  const columns = useMemo(() => auditColumns(t), [t]);

  const goTo = (index: number) => {
    const next = requestFor(index, shown, size, range, total);
    if (next) setParams(paramsOf(next), 'push');
  };

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
            onDaysChange={(next) =>
              setParams({ from: next.from || null, to: next.to || null, ...FIRST_PAGE }, 'push')
            }
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
            exportRows={() => readAll(range, keep, (query) => store.read(query), EXPORT_BATCH)}
            remotePaging={{
              pageIndex: request.index,
              pageSize: size,
              total,
              reachable: page ? reachablePages(page, size, total) : [request.index],
              onPageIndexChange: goTo,
              onPageSizeChange: (next) =>
                setParams(
                  { size: next === FIXED_PAGE_SIZE ? null : String(next), ...FIRST_PAGE },
                  'push',
                ),
            }}
          />
        </>
      )}
    </div>
  );
}
