import { lazy, Suspense, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { ChevronRightIcon } from 'lucide-react';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { useRealtimeSession } from '@/lib/services';
import { cn } from '@/lib/utils';
import { isActive, type MenuBadge, type MenuItem } from './menu';
import { useSideMenu } from './use-side-menu';

/** What an entry's count says after its label, read out rather than shown. */
function countText(badge: MenuBadge, count: number, t: TFunction): string {
  return badge === 'openRequests'
    ? t('MENU.WAITING', { number: count.toLocaleString('en-US') })
    : t('MENU.MISSING_PRICES', { count });
}

function MenuLink({
  item,
  collapsed,
  count,
  onNavigate,
}: {
  item: MenuItem;
  collapsed: boolean;
  /** The entry's live count (none, or zero: no badge). */
  count?: number;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const [path] = useLocation();
  const active = isActive(item, path);
  const Icon = item.icon;
  const waiting = count && item.badge ? countText(item.badge, count, t) : null;
  return (
    <Link
      href={item.href}
      onClick={onNavigate}
      aria-current={active ? 'page' : undefined}
      aria-label={collapsed ? [t(item.labelKey), waiting].filter(Boolean).join(' ') : undefined}
      data-testid={item.testId}
      className={cn(
        'group relative flex items-center gap-3 rounded-lg px-3 text-[13.5px] font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-sidebar-primary',
        collapsed ? 'h-9' : 'h-10',
        active
          ? 'bg-sidebar-accent text-sidebar-accent-foreground'
          : 'text-sidebar-foreground hover:bg-sidebar-accent/60 hover:text-sidebar-accent-foreground',
        collapsed && 'justify-center px-0',
      )}
    >
      {active ? (
        <span
          aria-hidden="true"
          className="absolute top-2 bottom-2 left-0 w-[3px] rounded-r bg-sidebar-primary"
        />
      ) : null}
      <Icon
        aria-hidden="true"
        className={cn(
          'size-[18px] shrink-0',
          active ? 'text-sidebar-primary' : 'text-sidebar-muted group-hover:text-sidebar-primary',
        )}
      />
      {collapsed ? (
        // On the icon rail the label shows beside the icon on hover and keyboard focus.
        <span className="pointer-events-none absolute left-full z-10 ml-3 hidden rounded-md bg-foreground px-2.5 py-1 text-xs whitespace-nowrap text-background shadow-md group-hover:block group-focus-visible:block">
          {t(item.labelKey)}
        </span>
      ) : (
        <span className="truncate">{t(item.labelKey)}</span>
      )}
      {count ? <CountBadge count={count} collapsed={collapsed} waiting={waiting} /> : null}
    </Link>
  );
}

// The counts, each in its own chunk: loaded once the database session is there, after the
// shell's first paint.
const OpenRequestsCounter = lazy(() => import('@/lib/changes/open-requests-counter'));
const MissingPricesCounter = lazy(() => import('@/lib/price-deadline/missing-prices-counter'));

/** A menu entry's live count: a pill after the label, a smaller one on the icon rail. */
function CountBadge({
  count,
  collapsed,
  waiting,
}: {
  count: number;
  collapsed: boolean;
  waiting: string | null;
}) {
  const shown = count > 99 ? '99+' : String(count);
  if (collapsed) {
    return (
      <span
        aria-hidden="true"
        className="absolute top-1 right-2.5 grid h-4 min-w-4 place-content-center rounded-full bg-sidebar-primary px-1 text-[10px] leading-none font-semibold text-sidebar tabular-nums"
      >
        {shown}
      </span>
    );
  }
  return (
    <>
      <span
        aria-hidden="true"
        className="ml-auto grid h-5 min-w-5 place-content-center rounded-full bg-sidebar-primary px-1.5 text-[11px] leading-none font-semibold text-sidebar tabular-nums"
        data-testid="menu-count"
      >
        {shown}
      </span>
      <span className="sr-only">{waiting}</span>
    </>
  );
}

/**
 * The side menu (docs/product.md#menus-and-layout), shared by the desktop aside and the phone's
 * drawer.
 */
export function SideMenu({
  collapsed = false,
  onNavigate,
}: {
  collapsed?: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const [path] = useLocation();
  const sideMenu = useSideMenu();
  const [openRequests, setOpenRequests] = useState<number | undefined>();
  const [missingPrices, setMissingPrices] = useState<number | undefined>();
  const counting = useRealtimeSession().status === 'connected';
  const counts: Record<MenuBadge, number | undefined> = counting
    ? { openRequests, missingPrices }
    : { openRequests: undefined, missingPrices: undefined };
  const templateActive = sideMenu.some(
    (section) => section.collapsible && section.items.some((item) => isActive(item, path)),
  );
  const [templateOpen, setTemplateOpen] = useState(templateActive);

  return (
    <nav
      aria-label={t('MENU.MAIN')}
      className={cn('flex flex-col px-3', collapsed ? 'gap-2.5 py-3' : 'gap-5 py-4')}
    >
      {counting ? (
        <Suspense fallback={null}>
          <OpenRequestsCounter onCount={setOpenRequests} />
          <MissingPricesCounter onCount={setMissingPrices} />
        </Suspense>
      ) : null}
      {sideMenu.map((section, at) => {
        const items = (
          <ul className="flex flex-col gap-0.5">
            {section.items.map((item) => (
              <li key={item.href}>
                <MenuLink
                  item={item}
                  collapsed={collapsed}
                  count={item.badge ? counts[item.badge] : undefined}
                  onNavigate={onNavigate}
                />
              </li>
            ))}
          </ul>
        );
        if (section.collapsible && !collapsed) {
          return (
            <Collapsible
              key={at}
              open={templateOpen || templateActive}
              onOpenChange={setTemplateOpen}
            >
              <CollapsibleTrigger className="flex w-full cursor-pointer items-center justify-between rounded-md px-3 py-1 text-[11px] font-semibold tracking-wider text-sidebar-muted uppercase outline-none hover:text-sidebar-foreground focus-visible:ring-2 focus-visible:ring-sidebar-primary">
                {section.headingKey ? t(section.headingKey) : null}
                <ChevronRightIcon
                  aria-hidden="true"
                  className={cn(
                    'size-3.5 transition-transform duration-200',
                    (templateOpen || templateActive) && 'rotate-90',
                  )}
                />
              </CollapsibleTrigger>
              <CollapsibleContent className="pt-1.5">{items}</CollapsibleContent>
            </Collapsible>
          );
        }
        return (
          <div key={at} className="flex flex-col gap-1.5">
            {section.headingKey && !collapsed ? (
              <h2 className="px-3 text-[11px] font-semibold tracking-wider text-sidebar-muted uppercase">
                {t(section.headingKey)}
              </h2>
            ) : null}
            {collapsed && at > 0 ? (
              <div aria-hidden="true" className="mx-3 h-px bg-sidebar-border" />
            ) : null}
            {items}
          </div>
        );
      })}
    </nav>
  );
}
