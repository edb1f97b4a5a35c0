import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from '@/components/brand';
import type { LayoutConfig } from '@/lib/layout-config';
import { cn } from '@/lib/utils';

export function Footer({ config, year }: { config: LayoutConfig; year: number }) {
  const { t } = useTranslation();
  return (
    <footer
      className={cn('border-t bg-card', config.footerFixed && 'lg:sticky lg:bottom-0 lg:z-[99]')}
      data-fixed={config.footerFixed || undefined}
    >
      <div
        className={cn(
          'flex flex-col gap-2 px-4 py-4 text-[13px] text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6',
          config.width === 'fixed' && 'mx-auto max-w-[1200px]',
          // A fixed footer leaves room for the scroll-to-top button that floats over its corner.
          config.footerFixed && 'lg:pr-20',
        )}
      >
        <p data-testid="footer-year">
          <span className="font-medium text-foreground">{year}</span> © {PRODUCT_NAME}
        </p>
        <nav aria-label={t('LAYOUT.FOOTER_LINKS')}>
          <ul className="flex gap-4">
            <li>
              <a
                href="/terms"
                target="_blank"
                rel="noopener"
                className="rounded hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                {t('AUTH.GENERAL.TERMS')}
              </a>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
