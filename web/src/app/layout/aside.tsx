import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PanelLeftCloseIcon, PanelLeftOpenIcon } from 'lucide-react';
import { Brand } from '@/components/brand';
import { cn } from '@/lib/utils';
import { SideMenu } from './side-menu';

/** The desktop aside (lg and up): fixed, dark, foldable to an icon rail. */
export function Aside({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  return (
    <aside
      className={cn(
        'fixed inset-y-0 left-0 z-[102] hidden flex-col border-r border-sidebar-border bg-sidebar transition-[width] duration-200 lg:flex',
        collapsed ? 'w-[72px]' : 'w-[264px]',
      )}
      data-testid="aside"
    >
      <div
        className={cn(
          'flex h-16 shrink-0 items-center border-b border-sidebar-border',
          collapsed ? 'justify-center px-2' : 'justify-between px-5',
        )}
      >
        {collapsed ? null : (
          <Link
            href="/all-users"
            className="rounded-md outline-none focus-visible:ring-2 focus-visible:ring-sidebar-primary"
          >
            <Brand tone="inverted" />
          </Link>
        )}
        <button
          type="button"
          onClick={onToggle}
          aria-label={collapsed ? t('LAYOUT.EXPAND_MENU') : t('LAYOUT.COLLAPSE_MENU')}
          aria-expanded={!collapsed}
          className="grid size-8 cursor-pointer place-content-center rounded-md text-sidebar-muted transition-colors outline-none hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-2 focus-visible:ring-sidebar-primary"
        >
          {collapsed ? (
            <PanelLeftOpenIcon aria-hidden="true" className="size-[18px]" />
          ) : (
            <PanelLeftCloseIcon aria-hidden="true" className="size-[18px]" />
          )}
        </button>
      </div>
      {/* The icon rail lets the labels float out beside it. */}
      <div
        className={cn('flex-1 thin-scrollbar', collapsed ? 'overflow-visible' : 'overflow-y-auto')}
      >
        <SideMenu collapsed={collapsed} />
      </div>
    </aside>
  );
}
