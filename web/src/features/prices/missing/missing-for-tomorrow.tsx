import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { CircleAlertIcon, CircleCheckIcon, ClockIcon } from 'lucide-react';
import type { FuelPriceType } from '@contracts/upstream/upstream';
import { LoadFailed } from '@/components/load-failed';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { withParams } from '@/lib/api/query-string';
import { useMissingPrices } from '@/lib/price-deadline/use-missing-prices';
import { formatLongDate, formatTime } from '@/lib/time';
import type { PriceGroup } from '@/lib/price-lists/price-groups';
import { missingByGroup } from './missing-by-group';

/**
 * The rows with prices for today and none yet for tomorrow, live, with tomorrow's deadline; each
 * opens tomorrow's desk at that row. Shown once the price history's index has answered, and only
 * when it holds rows for today: without them nothing can be missing.
 */
export function MissingForTomorrow({
  groups,
  types,
}: {
  groups: readonly PriceGroup[];
  types: readonly FuelPriceType[];
}) {
  const { t } = useTranslation('prices');
  const titleId = useId();
  const [path] = useLocation();
  const search = useSearch();
  const { day, dueAt, overdue, missing, retry } = useMissingPrices();
  if (missing.status === 'loading' || (missing.status === 'ready' && missing.value.today === 0)) {
    return null;
  }
  const rows = missing.status === 'ready' ? missing.value.rows : [];
  const late = overdue && rows.length > 0;
  const time = formatTime(dueAt);
  const byGroup = missingByGroup(rows, groups, types, {
    group: (id) => t('MISSING.UNKNOWN_GROUP', { id }),
    type: (id) => t('MISSING.UNKNOWN_TYPE', { id }),
  });

  let body;
  if (missing.status === 'error') {
    body = <LoadFailed title={t('MISSING.LOAD_FAILED')} lines={[]} onRetry={retry} />;
  } else if (rows.length === 0) {
    body = (
      <p className="flex items-center gap-2 text-sm" data-testid="missing-none">
        <CircleCheckIcon aria-hidden="true" className="size-4 shrink-0 text-success" />
        {t('MISSING.NONE')}
      </p>
    );
  } else {
    body = (
      <ul aria-labelledby={titleId} className="grid gap-3">
        {byGroup.map((group) => (
          <li key={group.id} className="grid gap-1.5 sm:flex sm:flex-wrap sm:items-center sm:gap-3">
            <span className="text-sm font-medium wrap-anywhere">{group.name}</span>
            <ul aria-label={group.name} className="flex flex-wrap gap-2">
              {group.rows.map((row) => (
                <li key={row.key}>
                  <Button asChild variant="outline" size="sm">
                    <Link
                      href={`${path}?${withParams(search, { day, row: row.key })}`}
                      aria-label={t('MISSING.OPEN', { row: `${group.name} · ${row.type}` })}
                    >
                      {row.type}
                    </Link>
                  </Button>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section
      aria-labelledby={titleId}
      className="grid grid-cols-[minmax(0,1fr)] gap-3 rounded-xl border bg-card p-5 shadow-xs"
      data-testid="missing-for-tomorrow"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="grid gap-1">
          <h2 id={titleId} className="font-semibold">
            {t('MISSING.TITLE')}
          </h2>
          <p className="text-sm text-muted-foreground">
            {/* Midday in Los Angeles: the day shown is the day counted. */}
            {t('MISSING.FOR_DAY', { date: formatLongDate(`${day}T20:00:00Z`) })}
          </p>
        </div>
        <Badge variant={late ? 'destructive' : 'secondary'} className="whitespace-normal">
          {late ? <CircleAlertIcon aria-hidden="true" /> : <ClockIcon aria-hidden="true" />}
          {late ? t('MISSING.OVERDUE', { time }) : t('MISSING.DUE', { time })}
        </Badge>
      </div>
      {body}
      <p className="text-xs text-muted-foreground">{t('MISSING.NOTE')}</p>
    </section>
  );
}
