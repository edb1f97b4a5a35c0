import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { CalendarDaysIcon, HouseIcon } from 'lucide-react';
import type { Crumb } from '@/components/page-meta';
import {
  Breadcrumb,
  BreadcrumbItem,
  BreadcrumbList,
  BreadcrumbPage,
  BreadcrumbSeparator,
} from '@/components/ui/breadcrumb';
import type { LayoutConfig } from '@/lib/layout-config';
import { formatLongDate } from '@/lib/time';
import { cn } from '@/lib/utils';

/** Title, breadcrumbs and today's date in Los Angeles, the product's time zone. */
export function Subheader({
  title,
  breadcrumbs,
  config,
  today,
}: {
  title: string;
  breadcrumbs: readonly Crumb[];
  config: LayoutConfig;
  today: number;
}) {
  const { t } = useTranslation();
  const trail = breadcrumbs.length > 0 ? breadcrumbs : [{ label: title }];
  return (
    <div
      className={cn(config.subheaderStyle === 'solid' ? 'border-b bg-card' : 'bg-transparent')}
      data-testid="subheader"
    >
      <div
        className={cn(
          'flex flex-col gap-1 px-4 py-3.5 sm:px-6 md:flex-row md:items-center md:justify-between md:gap-2 md:py-4',
          config.width === 'fixed' && 'mx-auto max-w-[1200px]',
        )}
      >
        <div className="flex min-w-0 flex-col gap-1.5 md:flex-row md:items-center md:gap-4">
          <h1 className="truncate text-lg font-semibold tracking-tight" data-testid="page-title">
            {title}
          </h1>
          <span aria-hidden="true" className="hidden h-5 w-px bg-border md:block" />
          {/* Phones show the title alone: the trail would mostly repeat it. */}
          <Breadcrumb aria-label={t('LAYOUT.BREADCRUMBS')} className="hidden md:block">
            <BreadcrumbList>
              <BreadcrumbItem>
                <Link
                  href="/all-users"
                  aria-label={t('LAYOUT.HOME')}
                  className="rounded transition-colors outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <HouseIcon aria-hidden="true" className="size-3.5" />
                </Link>
              </BreadcrumbItem>
              {trail.map((crumb, at) => (
                <Crumbs key={at} crumb={crumb} last={at === trail.length - 1} />
              ))}
            </BreadcrumbList>
          </Breadcrumb>
        </div>
        <p
          className="flex items-center gap-2 text-xs whitespace-nowrap text-muted-foreground md:text-[13px]"
          data-testid="today"
        >
          <CalendarDaysIcon aria-hidden="true" className="size-3.5 md:size-4" />
          <span className="sr-only">{t('LAYOUT.TODAY')}</span>
          <time dateTime={new Date(today).toISOString()}>{formatLongDate(today)}</time>
        </p>
      </div>
    </div>
  );
}

function Crumbs({ crumb, last }: { crumb: Crumb; last: boolean }) {
  return (
    <>
      <BreadcrumbSeparator />
      <BreadcrumbItem>
        {last || !crumb.href ? (
          <BreadcrumbPage className={last ? undefined : 'font-normal text-muted-foreground'}>
            {crumb.label}
          </BreadcrumbPage>
        ) : (
          <Link
            href={crumb.href}
            className="rounded transition-colors outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
          >
            {crumb.label}
          </Link>
        )}
      </BreadcrumbItem>
    </>
  );
}
