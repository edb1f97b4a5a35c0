import { useEffect, useState } from 'react';
import type { AuditAction } from '@contracts/admins/audit';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ArrowRightIcon } from 'lucide-react';
import { LoadFailed } from '@/components/load-failed';
import { RealtimeUnavailableNotice } from '@/components/realtime-unavailable-notice';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useRealtimeSession } from '@/lib/services';
import { formatDateTime } from '@/lib/time';
import { cn } from '@/lib/utils';
import { useAuditStore, type AuditStore } from '../api/audit-store';
import { ACTION_LABELS, outcomeOf, type AuditRow } from '../entries';
import { auditErrorLines } from '../errors';
import { LateBadge } from './late-badge';
import { RevertBadge } from './revert-badge';

/** How many of the newest entries the quick panel follows. */
export const LATEST_COUNT = 10;

/** The dot beside an entry: green done, red failed, grey sent with no outcome recorded. */
const DOT = {
  succeeded: 'bg-success',
  failed: 'bg-destructive',
  unrecorded: 'bg-muted-foreground',
} as const;

/** Actions whose name says enough in the quick panel's short lines. */
const SAYS_IT_ALL: ReadonlySet<AuditAction> = new Set(['session.sign-in', 'session.sign-out']);

type Latest = { status: 'ready'; rows: AuditRow[] } | { status: 'error'; error: unknown };

/**
 * The quick panel's audit tab: the newest entries, live, while it is shown (it is unmounted
 * with the tab), and the way to the whole log.
 */
export function LatestEntries({ onViewAll }: { onViewAll: () => void }) {
  const { t } = useTranslation('audit-log');
  const store = useAuditStore();
  const realtime = useRealtimeSession();
  const connected = realtime.status === 'connected';
  const [attempt, setAttempt] = useState(0);
  const [latest, setLatest] = useState<{ store: AuditStore; attempt: number; state: Latest }>();
  useEffect(() => {
    if (!connected) return;
    return store.watchLatest(
      LATEST_COUNT,
      (rows) => setLatest({ store, attempt, state: { status: 'ready', rows } }),
      (error) => setLatest({ store, attempt, state: { status: 'error', error } }),
    );
  }, [store, connected, attempt]);
  // What an earlier listener said is not the answer to this one.
  const state = latest?.store === store && latest.attempt === attempt ? latest.state : undefined;

  return (
    <div className="grid gap-4">
      {realtime.status === 'unavailable' ? (
        <RealtimeUnavailableNotice reason={realtime.reason} />
      ) : state === undefined ? (
        <p role="status" className="flex justify-center py-6">
          <Spinner className="size-5" />
          <span className="sr-only">{t('LATEST.LABEL')}</span>
        </p>
      ) : state.status === 'error' ? (
        <LoadFailed
          title={t('LATEST.LOAD_FAILED')}
          lines={auditErrorLines(state.error, t)}
          onRetry={() => setAttempt((n) => n + 1)}
        />
      ) : state.rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('LATEST.EMPTY')}</p>
      ) : (
        <ol aria-label={t('LATEST.LABEL')} className="relative ml-1 space-y-4 border-l pl-5">
          {state.rows.map((row) => (
            <li key={row.key} className="relative">
              <span
                aria-hidden="true"
                className={cn(
                  'absolute top-1.5 -left-[25px] size-2 rounded-full ring-4 ring-popover',
                  DOT[outcomeOf(row.status)],
                )}
              />
              <p className="flex flex-wrap items-center gap-1.5 text-sm font-medium">
                {t(ACTION_LABELS[row.action])}
                {row.late ? <LateBadge /> : null}
                {row.revertOf === undefined ? null : <RevertBadge />}
              </p>
              {SAYS_IT_ALL.has(row.action) ? null : (
                <p className="text-sm break-words text-muted-foreground">{row.summary}</p>
              )}
              <p className="mt-0.5 flex flex-wrap gap-x-2 text-xs text-muted-foreground">
                <time dateTime={new Date(row.at).toISOString()} className="tabular-nums">
                  {formatDateTime(row.at)}
                </time>
                <span className="break-words">{row.email || t('UNKNOWN_ADMIN')}</span>
              </p>
            </li>
          ))}
        </ol>
      )}
      <Button asChild variant="outline" size="sm" className="justify-self-start">
        <Link href="/audit-log" onClick={onViewAll}>
          {t('LATEST.VIEW_ALL')}
          <ArrowRightIcon aria-hidden="true" />
        </Link>
      </Button>
    </div>
  );
}
