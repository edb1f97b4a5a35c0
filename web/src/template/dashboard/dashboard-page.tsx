import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { usePageMeta } from '@/components/page-meta';
import { readLayoutConfig } from '@/lib/layout-config';
import { useServices } from '@/lib/services';
import { InertProvider } from './components/inert';
import { DashboardVariant, variantName } from './variants';

const NS = 'dashboard';

/** The template's dashboard: the widget set of the demo variant in the layout config. */
export function DashboardPage() {
  const { t } = useTranslation(NS);
  const { storage } = useServices();
  usePageMeta({ title: t('MENU.DASHBOARD') });
  const variant = useMemo(() => readLayoutConfig(storage).demo, [storage]);
  return (
    <InertProvider>
      <div className="@container space-y-5">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-[13px] text-muted-foreground">
          <span data-testid="dashboard-variant">
            {t('VARIANT.CURRENT', { variant: variantName(variant) })}
          </span>
          <Link
            href="/builder"
            className="rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/40"
          >
            {t('VARIANT.CHANGE')}
          </Link>
        </p>
        <DashboardVariant variant={variant} />
      </div>
    </InertProvider>
  );
}
