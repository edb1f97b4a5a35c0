import { useTranslation } from 'react-i18next';
import {
  FileBarChartIcon,
  PackageIcon,
  RocketIcon,
  ShoppingCartIcon,
  StarIcon,
  UsersIcon,
} from 'lucide-react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { useFormatters } from '../components/format';
import { InertButton } from '../components/inert';
import { softTone } from '../components/tone';
import { COUNTERS } from '../sample-data';

const NS = 'dashboard';

const COUNTER_ICONS = {
  PRODUCTS: PackageIcon,
  CUSTOMERS: UsersIcon,
  ORDERS: ShoppingCartIcon,
  REVIEWS: StarIcon,
} as const;

/** The counter tiles: one figure each. */
export function CounterTiles() {
  const { t } = useTranslation(NS);
  const format = useFormatters();
  return (
    <section aria-labelledby="counter-tiles-title" data-testid="widget-counters">
      <h2 id="counter-tiles-title" className="sr-only">
        {t('COUNTERS.TITLE')}
      </h2>
      <ul className="grid grid-cols-2 gap-4 @4xl:grid-cols-4">
        {COUNTERS.map(({ key, value, tone }) => {
          const Icon = COUNTER_ICONS[key];
          return (
            <li key={key}>
              <Card className="h-full flex-row items-center gap-4 px-5 py-4 max-sm:flex-col max-sm:items-start max-sm:gap-3 max-sm:px-4">
                <span
                  className={cn(
                    'grid size-11 shrink-0 place-content-center rounded-xl',
                    softTone[tone],
                  )}
                >
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <span className="min-w-0">
                  <span className="block text-2xl font-semibold tracking-tight tabular-nums">
                    {format.number(value)}
                  </span>
                  <span className="block text-[13px] text-muted-foreground">
                    {t(`COUNTERS.${key}`)}
                  </span>
                </span>
              </Card>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Promo card: the template's call to create reports. */
export function ReportsPromo() {
  const { t } = useTranslation(NS);
  return (
    <Card
      className="relative h-full justify-between overflow-hidden border-0 bg-[linear-gradient(135deg,oklch(0.45_0.2_268),oklch(0.55_0.18_300))] px-6 py-6 text-white"
      data-testid="widget-promo-reports"
    >
      <FileBarChartIcon
        aria-hidden="true"
        className="pointer-events-none absolute -right-6 -bottom-8 size-40 text-white/10"
      />
      <div className="relative space-y-2">
        <h2 className="text-xl font-semibold tracking-tight">{t('PROMO.REPORTS_TITLE')}</h2>
        <p className="max-w-sm text-sm text-white/80">{t('PROMO.REPORTS_TEXT')}</p>
      </div>
      <div className="relative">
        <InertButton variant="secondary" className="bg-white text-slate-900 hover:bg-white/90">
          {t('PROMO.REPORTS_ACTION')}
        </InertButton>
      </div>
    </Card>
  );
}

/** Promo card: the template's upgrade offer. */
export function ProPromo() {
  const { t } = useTranslation(NS);
  return (
    <Card
      className="relative h-full justify-between overflow-hidden px-6 py-6"
      data-testid="widget-promo-pro"
    >
      <div className="flex items-start gap-4">
        <span className="grid size-12 shrink-0 place-content-center rounded-xl bg-warning/15 text-warning">
          <RocketIcon aria-hidden="true" className="size-6" />
        </span>
        <div className="space-y-2">
          <h2 className="text-xl font-semibold tracking-tight">{t('PROMO.PRO_TITLE')}</h2>
          <p className="max-w-sm text-sm text-muted-foreground">{t('PROMO.PRO_TEXT')}</p>
        </div>
      </div>
      <div>
        <InertButton variant="outline">{t('PROMO.PRO_ACTION')}</InertButton>
      </div>
    </Card>
  );
}
