import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { Skeleton } from '@/components/ui/skeleton';
import { useServices } from '@/lib/services';
import { useCapabilities } from '@/lib/api/capabilities';
import { readFuelPrices } from '../api/get-fuel-prices';
import { readPriceDays } from '../api/get-price-history';
import { priceKeys } from '../api/keys';
import { CHART_DAYS, loadChartDays } from './chart-days';
import { GRADE_KEYS } from './desk-row';
import { GRADES } from './grid';

/** The theme's own colours, so the lines follow light and dark. */
const COLORS = [
  'var(--color-primary)',
  'var(--color-success)',
  'var(--color-warning)',
  'var(--color-destructive)',
  'var(--color-muted-foreground)',
];

/** The day `days` before a YYYY-MM-DD day, as YYYY-MM-DD (calendar arithmetic in UTC). */
export function dayBefore(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() - days);
  return at.toISOString().slice(0, 10);
}

export interface HistoryChartProps {
  groupId: number;
  typeId: number;
  date: string;
  label: string;
}

/**
 * The last 30 days of one group and type, a line per grade: the price history, and the days it
 * lacks from the upstream where it answers per day.
 */
export default function HistoryChart({ groupId, typeId, date, label }: HistoryChartProps) {
  const { t } = useTranslation('prices');
  const { api, firebase } = useServices();
  const dayParam = useCapabilities()?.priceDayParam ?? null;
  // The day parameter is the deployment's, fixed for the app's life: not an input of the query.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  const history = useQuery({
    queryKey: priceKeys.history(groupId, typeId, date),
    queryFn: ({ signal }) =>
      loadChartDays(date, {
        history: (startDay, endDay) =>
          readPriceDays(firebase, { groupId, typeId, startDay, endDay, count: CHART_DAYS }),
        saved: (day) => readFuelPrices(api, { groupId, typeId, date: day }, dayParam, signal),
        readsDay: dayParam !== null,
      }),
  });
  const points = (history.data?.days ?? []).map(({ day, prices }) => ({
    day: day.slice(5),
    ...prices,
  }));
  const unread = history.data?.unread ?? 0;

  return (
    <figure className="grid gap-2" data-testid="desk-chart">
      <figcaption className="text-sm font-medium">
        {t('DESK.CHART_TITLE', { row: label })}
      </figcaption>
      {history.isPending ? (
        <Skeleton className="h-56 w-full" />
      ) : history.isError ? (
        <p className="text-sm text-muted-foreground">{t('DESK.CHART_FAILED')}</p>
      ) : points.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('DESK.CHART_EMPTY')}</p>
      ) : (
        <div
          role="img"
          aria-label={t('DESK.CHART_TITLE', { row: label })}
          // The days charted, in full: what the chart shows, for whoever checks it.
          data-days={(history.data?.days ?? []).map(({ day }) => day).join(' ')}
          data-testid="desk-chart-lines"
          className="text-xs [&_.recharts-cartesian-axis-tick_text]:fill-muted-foreground [&_.recharts-cartesian-grid_line]:stroke-border"
        >
          <ResponsiveContainer width="100%" height={224}>
            <LineChart data={points} margin={{ top: 4, right: 8, bottom: 0, left: -16 }}>
              <CartesianGrid vertical={false} />
              <XAxis dataKey="day" tickLine={false} axisLine={false} minTickGap={16} />
              <YAxis tickLine={false} axisLine={false} domain={['auto', 'auto']} width={48} />
              <Tooltip />
              <Legend />
              {GRADES.map((grade, at) => (
                <Line
                  key={grade}
                  type="monotone"
                  dataKey={grade}
                  name={t(GRADE_KEYS[grade])}
                  stroke={COLORS[at]}
                  strokeWidth={2}
                  dot={points.length < 2}
                  isAnimationActive={false}
                />
              ))}
            </LineChart>
          </ResponsiveContainer>
        </div>
      )}
      {unread > 0 ? (
        <p className="text-xs text-muted-foreground">{t('DESK.CHART_UNREAD', { count: unread })}</p>
      ) : null}
    </figure>
  );
}
