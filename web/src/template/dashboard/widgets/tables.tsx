import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowRightIcon, CarIcon, FuelIcon, StoreIcon, WarehouseIcon } from 'lucide-react';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { PersonAvatar, ProgressBar, StatusBadge } from '../components/bits';
import { useFormatters } from '../components/format';
import { InertButton, InertLink } from '../components/inert';
import { WidgetCard } from '../components/widget-card';
import {
  AGENTS,
  AUTHORS_EARNINGS,
  EARNINGS_PERIODS,
  NEW_ARRIVALS,
  PROPERTIES,
  type EarningsPeriod,
} from '../sample-data';

const NS = 'dashboard';

/**
 * Month, Week, Day: the choice only moves the highlight, the figures stay, so
 * these are toggle buttons rather than tabs with panels of their own.
 */
function PeriodSwitch({
  value,
  onChange,
}: {
  value: EarningsPeriod;
  onChange: (period: EarningsPeriod) => void;
}) {
  const { t } = useTranslation(NS);
  return (
    <div
      role="group"
      aria-label={t('EARNINGS.PERIOD')}
      className="inline-flex rounded-lg bg-muted p-1"
    >
      {EARNINGS_PERIODS.map((period) => (
        <button
          key={period}
          type="button"
          aria-pressed={value === period}
          onClick={() => onChange(period)}
          className={cn(
            'h-7 cursor-pointer rounded-md px-3 text-[13px] font-medium text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40',
            value === period && 'bg-card text-foreground shadow-sm',
          )}
        >
          {t(`EARNINGS.${period}`)}
        </button>
      ))}
    </div>
  );
}

export function AuthorsEarnings() {
  const { t } = useTranslation(NS);
  const format = useFormatters();
  const [period, setPeriod] = useState<EarningsPeriod>('MONTH');
  return (
    <WidgetCard
      id="authors-earnings"
      title={t('EARNINGS.TITLE')}
      description={t('EARNINGS.SUBTITLE')}
      action={<PeriodSwitch value={period} onChange={setPeriod} />}
      contentClassName="px-0"
    >
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead className="pl-5">{t('EARNINGS.AUTHOR')}</TableHead>
            <TableHead className="text-right">{t('EARNINGS.EARNINGS')}</TableHead>
            <TableHead className="hidden text-right @2xl:table-cell">
              {t('EARNINGS.COMMISSION')}
            </TableHead>
            <TableHead className="hidden w-36 @xl:table-cell">{t('EARNINGS.PROGRESS')}</TableHead>
            <TableHead className="hidden @sm:table-cell">{t('EARNINGS.STATUS')}</TableHead>
            <TableHead className="w-12 pr-5">
              <span className="sr-only">{t('COMMON.VIEW')}</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {AUTHORS_EARNINGS.map((row) => (
            <TableRow key={row.name}>
              <TableCell className="pl-5">
                <div className="flex items-center gap-3">
                  <PersonAvatar name={row.name} className="size-9" />
                  <div className="min-w-0 @lg:whitespace-nowrap">
                    <InertLink className="block font-medium hover:text-primary">
                      {row.name}
                    </InertLink>
                    <span className="block text-[13px] text-muted-foreground">{row.company}</span>
                  </div>
                </div>
              </TableCell>
              <TableCell className="text-right font-semibold tabular-nums">
                {format.compactMoney(row.earnings)}
              </TableCell>
              <TableCell className="hidden text-right tabular-nums @2xl:table-cell">
                {format.money(row.commission)}
              </TableCell>
              <TableCell className="hidden @xl:table-cell">
                <div className="flex items-center gap-2">
                  <ProgressBar value={row.progress} label={t('EARNINGS.PROGRESS')} />
                  <span className="w-9 text-right text-[13px] text-muted-foreground tabular-nums">
                    {format.percent(row.progress)}
                  </span>
                </div>
              </TableCell>
              <TableCell className="hidden @sm:table-cell">
                <StatusBadge status={row.status} />
              </TableCell>
              <TableCell className="pr-5 text-right">
                <InertButton
                  variant="ghost"
                  size="icon-sm"
                  aria-label={t('EARNINGS.OPEN', { name: row.name })}
                >
                  <ArrowRightIcon aria-hidden="true" />
                </InertButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </WidgetCard>
  );
}

export function NewArrivals() {
  const { t } = useTranslation(NS);
  const format = useFormatters();
  return (
    <WidgetCard
      id="new-arrivals"
      title={t('ARRIVALS.TITLE')}
      description={t('ARRIVALS.SUBTITLE')}
      menu="add-new"
      contentClassName="px-0"
    >
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead className="pl-5">{t('ARRIVALS.PRODUCT')}</TableHead>
            <TableHead className="text-right">{t('ARRIVALS.PRICE')}</TableHead>
            <TableHead className="hidden text-right @2xl:table-cell">
              {t('ARRIVALS.DEPOSIT')}
            </TableHead>
            <TableHead className="hidden @xl:table-cell">{t('ARRIVALS.AGENT')}</TableHead>
            <TableHead className="pr-5">{t('ARRIVALS.STATUS')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {NEW_ARRIVALS.map((row) => (
            <TableRow key={row.product}>
              <TableCell className="pl-5">
                <div className="flex items-center gap-3">
                  <PersonAvatar name={row.product} className="size-9 max-sm:hidden" />
                  <div className="min-w-0 @lg:whitespace-nowrap">
                    <InertLink className="block font-medium hover:text-primary">
                      {row.product}
                    </InertLink>
                    <span className="block text-[13px] text-muted-foreground">{row.code}</span>
                  </div>
                </div>
              </TableCell>
              <TableCell className="text-right font-semibold tabular-nums">
                {format.money(row.price)}
              </TableCell>
              <TableCell className="hidden text-right tabular-nums @2xl:table-cell">
                {format.money(row.deposit)}
              </TableCell>
              <TableCell className="hidden @xl:table-cell">{row.agent}</TableCell>
              <TableCell className="pr-5">
                <StatusBadge status={row.status} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </WidgetCard>
  );
}

export function AgentsStats() {
  const { t } = useTranslation(NS);
  const format = useFormatters();
  return (
    <WidgetCard
      id="agents-stats"
      title={t('AGENTS.TITLE')}
      description={t('AGENTS.SUBTITLE')}
      menu="contact"
      contentClassName="px-0"
    >
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead className="pl-5">{t('AGENTS.AGENT')}</TableHead>
            <TableHead className="hidden text-right @md:table-cell">{t('AGENTS.DEALS')}</TableHead>
            <TableHead className="text-right">{t('AGENTS.EARNINGS')}</TableHead>
            <TableHead className="pr-5">{t('AGENTS.STATUS')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {AGENTS.map((row) => (
            <TableRow key={row.name}>
              <TableCell className="pl-5">
                <div className="flex items-center gap-3">
                  <PersonAvatar name={row.name} className="size-9 max-sm:hidden" />
                  <div className="min-w-0 @lg:whitespace-nowrap">
                    <InertLink className="block font-medium hover:text-primary">
                      {row.name}
                    </InertLink>
                    <span className="block text-[13px] text-muted-foreground">{row.company}</span>
                  </div>
                </div>
              </TableCell>
              <TableCell className="hidden text-right tabular-nums @md:table-cell">
                {format.number(row.deals)}
              </TableCell>
              <TableCell className="text-right font-semibold tabular-nums">
                {format.money(row.earnings)}
              </TableCell>
              <TableCell className="pr-5">
                <StatusBadge status={row.status} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </WidgetCard>
  );
}

const PROPERTY_ICONS = {
  STATION: FuelIcon,
  DEPOT: WarehouseIcon,
  CAR_WASH: CarIcon,
  SHOP: StoreIcon,
} as const;

export function Properties() {
  const { t } = useTranslation(NS);
  const format = useFormatters();
  return (
    <WidgetCard
      id="properties"
      title={t('PROPERTIES.TITLE')}
      description={t('PROPERTIES.SUBTITLE')}
      menu="label"
    >
      <ul className="space-y-4">
        {PROPERTIES.map((row) => {
          const Icon = PROPERTY_ICONS[row.type];
          return (
            <li key={row.name} className="flex items-center gap-3.5">
              <span className="grid size-10 shrink-0 place-content-center rounded-lg bg-muted text-muted-foreground">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <span className="min-w-0 flex-1">
                <InertLink className="block text-sm font-medium hover:text-primary">
                  {row.name}
                </InertLink>
                <span className="block text-[13px] text-muted-foreground">
                  {t(`PROPERTIES.${row.type}`)} · {row.city}
                </span>
              </span>
              <span className="flex flex-col items-end gap-1">
                <span className="text-sm font-semibold tabular-nums">
                  {format.compactMoney(row.price)}
                </span>
                <StatusBadge status={row.status} />
              </span>
            </li>
          );
        })}
      </ul>
    </WidgetCard>
  );
}
