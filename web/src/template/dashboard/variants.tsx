import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { LayoutTemplateIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import type { DemoVariant } from '@/lib/layout-config';
import { ActionNeeded, SalesProgress, SalesStat, WeeklySalesStats } from './widgets/stats';
import { AgentsStats, AuthorsEarnings, NewArrivals, Properties } from './widgets/tables';
import { CounterTiles, ProPromo, ReportsPromo } from './widgets/tiles';
import {
  Authors,
  MarketLeaders,
  MyActivity,
  Notifications,
  TasksOverview,
  Todo,
  Trends,
} from './widgets/lists';

const NS = 'dashboard';

/** "demo2" → "Demo 2": a name, the same in every language. */
export function variantName(variant: DemoVariant): string {
  return `Demo ${variant.slice('demo'.length)}`;
}

/**
 * The overview set: counters, sales, the chart, tasks and people. Columns follow the width the
 * page really has (a container query), not the window: the aside takes its share on desktops.
 */
function Demo2Dashboard() {
  return (
    <div className="grid gap-5" data-testid="dashboard-demo2">
      <CounterTiles />
      <div className="grid gap-5 @3xl:grid-flow-row-dense @3xl:grid-cols-2 @4xl:grid-cols-12">
        <div className="@4xl:col-span-4">
          <SalesStat />
        </div>
        <div className="@4xl:col-span-8">
          <WeeklySalesStats />
        </div>
        <div className="@4xl:col-span-4">
          <ActionNeeded />
        </div>
        <div className="@4xl:col-span-4">
          <TasksOverview />
        </div>
        <div className="@3xl:col-span-2 @4xl:col-span-4">
          <Authors />
        </div>
        <div className="@4xl:col-span-4">
          <Todo />
        </div>
        <div className="@4xl:col-span-4">
          <MyActivity />
        </div>
        <div className="@3xl:col-span-2 @4xl:col-span-4">
          <Notifications />
        </div>
        <div className="@4xl:col-span-6">
          <ReportsPromo />
        </div>
        <div className="@4xl:col-span-6">
          <ProPromo />
        </div>
      </div>
    </div>
  );
}

/** The sales set: progress, earnings, products, agents and the market. */
function Demo3Dashboard() {
  return (
    <div
      className="grid gap-5 @3xl:grid-flow-row-dense @3xl:grid-cols-2 @4xl:grid-cols-12"
      data-testid="dashboard-demo3"
    >
      <div className="@4xl:col-span-4">
        <SalesProgress />
      </div>
      <div className="@3xl:col-span-2 @4xl:col-span-8">
        <AuthorsEarnings />
      </div>
      <div className="@4xl:col-span-4">
        <Trends />
      </div>
      <div className="@4xl:col-span-4">
        <MarketLeaders />
      </div>
      <div className="@3xl:col-span-2 @4xl:col-span-4">
        <Properties />
      </div>
      <div className="@3xl:col-span-2 @4xl:col-span-12 @7xl:col-span-7">
        <NewArrivals />
      </div>
      <div className="@3xl:col-span-2 @4xl:col-span-12 @7xl:col-span-5">
        <AgentsStats />
      </div>
    </div>
  );
}

function EmptyDashboard({ variant }: { variant: DemoVariant }) {
  const { t } = useTranslation(NS);
  return (
    <EmptyState
      icon={<LayoutTemplateIcon aria-hidden="true" />}
      title={t('VARIANT.EMPTY_TITLE')}
      description={t('VARIANT.EMPTY_TEXT', {
        variant: variantName(variant),
        first: variantName('demo2'),
        second: variantName('demo3'),
      })}
      action={
        <Button asChild variant="outline">
          <Link href="/builder">{t('VARIANT.OPEN_BUILDER')}</Link>
        </Button>
      }
      data-testid="dashboard-empty"
    />
  );
}

/** Demo2 and demo3 show widgets; demo4 to demo7 are empty. */
export function DashboardVariant({ variant }: { variant: DemoVariant }) {
  if (variant === 'demo2') return <Demo2Dashboard />;
  if (variant === 'demo3') return <Demo3Dashboard />;
  return <EmptyDashboard variant={variant} />;
}
