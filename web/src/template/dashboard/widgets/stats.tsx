import { useTranslation } from 'react-i18next';
import { BugIcon, ShoppingBagIcon, TrendingUpIcon, UserPlusIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { ProgressBar, RadialProgress } from '../components/bits';
import { useFormatters } from '../components/format';
import { InertButton, InertLink } from '../components/inert';
import { SalesChart } from '../components/sales-chart';
import { softTone } from '../components/tone';
import { WidgetCard } from '../components/widget-card';
import {
  ACTION_NEEDED_PROGRESS,
  SALES_PROGRESS,
  SALES_STAT,
  WEEKLY_SALES,
  WEEKLY_SALES_HEIGHT,
  WEEKLY_SALES_Y_MAX,
} from '../sample-data';

const NS = 'dashboard';

const SALES_ICONS = {
  WEEKLY_SALES: TrendingUpIcon,
  NEW_USERS: UserPlusIcon,
  ITEM_ORDERS: ShoppingBagIcon,
  BUG_REPORTS: BugIcon,
} as const;

export function SalesStat() {
  const { t } = useTranslation(NS);
  const format = useFormatters();
  return (
    <WidgetCard
      id="sales-stat"
      title={t('SALES_STAT.TITLE')}
      description={t('SALES_STAT.SUBTITLE')}
      menu="add-new"
    >
      <div className="mb-5 flex flex-wrap items-end justify-between gap-2">
        <div>
          <p className="text-3xl font-semibold tracking-tight tabular-nums">
            {format.money(SALES_STAT.total)}
          </p>
          <p className="text-[13px] text-muted-foreground">{t('SALES_STAT.TOTAL')}</p>
        </div>
        <Badge variant="success">
          {t('SALES_STAT.CHANGE', { value: format.change(SALES_STAT.change) })}
        </Badge>
      </div>
      <ul className="grid grid-cols-2 gap-3">
        {SALES_STAT.tiles.map(({ key, value, money, tone }) => {
          const Icon = SALES_ICONS[key];
          return (
            <li key={key}>
              <InertLink
                className={cn('flex h-full flex-col gap-3 rounded-lg p-3.5', softTone[tone])}
              >
                <Icon aria-hidden="true" className="size-5" />
                <span>
                  <span className="block text-lg font-semibold tabular-nums">
                    {money ? format.money(value) : format.number(value)}
                  </span>
                  <span className="block text-[13px] font-medium">{t(`SALES_STAT.${key}`)}</span>
                </span>
              </InertLink>
            </li>
          );
        })}
      </ul>
    </WidgetCard>
  );
}

const Y_TICKS = [0, 10, 20, 30, WEEKLY_SALES_Y_MAX] as const;

export function WeeklySalesStats() {
  const { t } = useTranslation(NS);
  const format = useFormatters();
  const thousands = (value: number) => t('WEEKLY.TOOLTIP', { value: format.number(value) });
  const total = WEEKLY_SALES.reduce((sum, value) => sum + value, 0);
  const best = WEEKLY_SALES.indexOf(Math.max(...WEEKLY_SALES));
  const figures = [
    { key: 'TOTAL' as const, value: thousands(total) },
    {
      key: 'AVERAGE' as const,
      value: thousands(Math.round((total / WEEKLY_SALES.length) * 10) / 10),
    },
    {
      key: 'BEST' as const,
      value: `${format.months[best] ?? ''} · ${thousands(WEEKLY_SALES[best] ?? 0)}`,
    },
  ];
  return (
    <WidgetCard
      id="weekly-sales"
      title={t('WEEKLY.TITLE')}
      description={t('WEEKLY.SUBTITLE')}
      menu="label"
      contentClassName="flex flex-col gap-5"
    >
      <SalesChart
        values={WEEKLY_SALES}
        labels={format.months}
        yMax={WEEKLY_SALES_Y_MAX}
        yTicks={Y_TICKS}
        height={WEEKLY_SALES_HEIGHT}
        formatValue={thousands}
        seriesLabel={t('WEEKLY.SALES')}
        label={t('WEEKLY.CHART_LABEL')}
        hint={t('WEEKLY.CHART_HINT')}
        labelColumn={t('WEEKLY.MONTH')}
      />
      <dl className="mt-auto grid gap-3 @md:grid-cols-3">
        {figures.map(({ key, value }) => (
          <div key={key} className="rounded-lg bg-muted/70 px-4 py-3">
            <dt className="text-[13px] text-muted-foreground">{t(`WEEKLY.${key}`)}</dt>
            <dd className="text-base font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </WidgetCard>
  );
}

export function ActionNeeded() {
  const { t } = useTranslation(NS);
  const format = useFormatters();
  return (
    <WidgetCard
      id="action-needed"
      title={t('ACTION_NEEDED.TITLE')}
      description={t('ACTION_NEEDED.SUBTITLE')}
      menu="contact"
      contentClassName="flex flex-col gap-5"
    >
      <RadialProgress
        value={ACTION_NEEDED_PROGRESS}
        label={t('ACTION_NEEDED.PROGRESS')}
        text={format.percent(ACTION_NEEDED_PROGRESS)}
      />
      <p className="text-center text-sm text-muted-foreground">{t('ACTION_NEEDED.NOTE')}</p>
      <InertButton className="mt-auto w-full">{t('ACTION_NEEDED.ACTION')}</InertButton>
    </WidgetCard>
  );
}

export function SalesProgress() {
  const { t } = useTranslation(NS);
  const format = useFormatters();
  return (
    <WidgetCard
      id="sales-progress"
      title={t('SALES_PROGRESS.TITLE')}
      description={t('SALES_PROGRESS.SUBTITLE')}
      menu="add-new"
    >
      <div className="mb-6 rounded-lg bg-primary/8 p-4">
        <p className="text-[13px] text-muted-foreground">{t('SALES_PROGRESS.AVERAGE')}</p>
        <p className="text-3xl font-semibold tracking-tight text-primary tabular-nums">
          {format.money(SALES_PROGRESS.average)}
        </p>
      </div>
      <ul className="space-y-5">
        {SALES_PROGRESS.channels.map(({ key, percent, tone }) => (
          <li key={key} className="space-y-2">
            <div className="flex items-center justify-between text-sm">
              <span className="font-medium">{t(`SALES_PROGRESS.${key}`)}</span>
              <span className="text-muted-foreground tabular-nums">{format.percent(percent)}</span>
            </div>
            <ProgressBar value={percent} tone={tone} label={t(`SALES_PROGRESS.${key}`)} />
          </li>
        ))}
      </ul>
    </WidgetCard>
  );
}
