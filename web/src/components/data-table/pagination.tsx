import { useTranslation } from 'react-i18next';
import {
  ChevronLeftIcon,
  ChevronRightIcon,
  ChevronsLeftIcon,
  ChevronsRightIcon,
} from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { pageItems } from './page-items';

export interface PaginationProps {
  /** 1-based: pages are numbered from 1. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** First/previous/next/last buttons around the numbers. */
  withEnds?: boolean;
  className?: string;
}

/** Page-number pagination; every control is a button with a translated accessible name. */
export function Pagination({
  page,
  pageCount,
  onPageChange,
  withEnds = true,
  className,
}: PaginationProps) {
  const { t } = useTranslation();
  const go = (target: number) => onPageChange(Math.min(pageCount, Math.max(1, target)));
  const atStart = page <= 1;
  const atEnd = page >= pageCount;
  return (
    <nav aria-label={t('TABLE.PAGINATION')} className={cn('flex items-center gap-1', className)}>
      {withEnds ? (
        <>
          <Button
            variant="outline"
            size="icon-sm"
            onClick={() => go(1)}
            disabled={atStart}
            aria-label={t('TABLE.FIRST_PAGE')}
          >
            <ChevronsLeftIcon aria-hidden="true" />
          </Button>
          <Button
            variant="outline"
            size="icon-sm"
            onClick={() => go(page - 1)}
            disabled={atStart}
            aria-label={t('TABLE.PREVIOUS_PAGE')}
          >
            <ChevronLeftIcon aria-hidden="true" />
          </Button>
        </>
      ) : null}
      <span className="px-2 text-sm text-muted-foreground tabular-nums sm:hidden">
        {t('TABLE.PAGE_OF', { page, total: pageCount })}
      </span>
      <ul className="hidden items-center gap-1 sm:flex">
        {pageItems(page, pageCount).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <Button
                variant={item === page ? 'default' : 'ghost'}
                size="icon-sm"
                className="w-auto min-w-8 px-2 tabular-nums"
                onClick={() => go(item)}
                aria-label={t('TABLE.PAGE_N', { page: item })}
                aria-current={item === page ? 'page' : undefined}
              >
                {item}
              </Button>
            </li>
          ) : (
            <li key={item} aria-hidden="true" className="px-1 text-muted-foreground">
              …
            </li>
          ),
        )}
      </ul>
      {withEnds ? (
        <>
          <Button
            variant="outline"
            size="icon-sm"
            onClick={() => go(page + 1)}
            disabled={atEnd}
            aria-label={t('TABLE.NEXT_PAGE')}
          >
            <ChevronRightIcon aria-hidden="true" />
          </Button>
          <Button
            variant="outline"
            size="icon-sm"
            onClick={() => go(pageCount)}
            disabled={atEnd}
            aria-label={t('TABLE.LAST_PAGE')}
          >
            <ChevronsRightIcon aria-hidden="true" />
          </Button>
        </>
      ) : null}
    </nav>
  );
}
