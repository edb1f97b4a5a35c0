import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { LayoutConfig } from '@/lib/layout-config';
import { cn } from '@/lib/utils';
import { isActive, topMenu } from './menu';

/** The top menu (Dashboard, All Users); the layout config picks pills or tabs. */
export function TopMenu({ layout }: { layout: LayoutConfig['headerMenuLayout'] }) {
  const { t } = useTranslation();
  const [path] = useLocation();
  return (
    <nav aria-label={t('MENU.TOP')} className="h-full">
      <ul className={cn('flex h-full items-center', layout === 'tab' ? 'gap-5' : 'gap-1')}>
        {topMenu.map((item) => {
          const active = isActive(item, path);
          return (
            <li key={item.href} className="h-full">
              <Link
                href={item.href}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'inline-flex h-full items-center text-sm font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40',
                  layout === 'tab'
                    ? cn(
                        'border-b-2 px-1',
                        active
                          ? 'border-primary text-foreground'
                          : 'border-transparent text-muted-foreground hover:text-foreground',
                      )
                    : 'py-3',
                )}
              >
                {layout === 'tab' ? (
                  t(item.labelKey)
                ) : (
                  <span
                    className={cn(
                      'rounded-md px-3 py-2',
                      active
                        ? 'bg-accent text-accent-foreground'
                        : 'text-muted-foreground hover:bg-muted hover:text-foreground',
                    )}
                  >
                    {t(item.labelKey)}
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
