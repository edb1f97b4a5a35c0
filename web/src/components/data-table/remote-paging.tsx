import { useTranslation } from 'react-i18next';
import {
  ChevronLeftIcon,
  ChevronRightIcon,
  ChevronsLeftIcon,
  ChevronsRightIcon,
} from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FooterBar, PageSummary } from './footer';
import type { PageItem } from './page-items';

/**
 * Pages served from outside the table (a database query per page): the table shows the rows it
 * is given, and this footer offers only the pages the source can reach from the current one.
 */
export interface RemotePaging {
  /** 0-based. */
  pageIndex: number;
  pageSize: number;
  /** The rows in all pages; `exact: false` when only a lower bound is known ("n+"). */
  total: { count: number; exact: boolean };
  /** The 0-based pages a button may go to, ascending; the current one among them. */
  reachable: readonly number[];
  onPageIndexChange: (pageIndex: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

/**
 * The reachable pages as 1-based page numbers, a gap marker wherever numbers are skipped.
 * remotePageItems([0, 4, 5, 6, 19]) → [1, 'gap-start', 5, 6, 7, 'gap-end', 20]
 */
export function remotePageItems(reachable: readonly number[]): PageItem[] {
  const items: PageItem[] = [];
  let previous = 0;
  for (const index of reachable) {
    const page = index + 1;
    if (page > previous + 1) items.push(items.length <= 1 ? 'gap-start' : 'gap-end');
    items.push(page);
    previous = page;
  }
  return items;
}

/** Below a remotely paged table: rows per page, "Showing a–b of n", the reachable pages. */
export default function RemoteFooter({
  paging,
  rows,
  waiting,
}: {
  paging: RemotePaging;
  /** How many rows the current page holds. */
  rows: number;
  waiting: boolean;
}) {
  const { t } = useTranslation();
  const { pageIndex, pageSize, total, reachable } = paging;
  const from = rows === 0 ? 0 : pageIndex * pageSize + 1;
  const count = `${total.count.toLocaleString('en-US')}${total.exact ? '' : '+'}`;
  const can = (index: number) => index !== pageIndex && reachable.includes(index);
  const last = reachable.at(-1) ?? 0;
  const go = (index: number) => paging.onPageIndexChange(index);
  const ends = [
    { label: t('TABLE.FIRST_PAGE'), index: 0, Icon: ChevronsLeftIcon },
    { label: t('TABLE.PREVIOUS_PAGE'), index: pageIndex - 1, Icon: ChevronLeftIcon },
    { label: t('TABLE.NEXT_PAGE'), index: pageIndex + 1, Icon: ChevronRightIcon },
    // Without an exact count the last page is not known, only the next one.
    { label: t('TABLE.LAST_PAGE'), index: total.exact ? last : -1, Icon: ChevronsRightIcon },
  ];
  const endButton = ({ label, index, Icon }: (typeof ends)[number]) => (
    <Button
      key={label}
      variant="outline"
      size="icon-sm"
      onClick={() => go(index)}
      disabled={!can(index)}
      aria-label={label}
    >
      <Icon aria-hidden="true" />
    </Button>
  );
  return (
    <FooterBar>
      <PageSummary
        pageSize={pageSize}
        onPageSizeChange={paging.onPageSizeChange}
        waiting={waiting}
        from={from}
        to={pageIndex * pageSize + rows}
        total={count}
      />
      <nav aria-label={t('TABLE.PAGINATION')} className="flex items-center gap-1">
        {ends.slice(0, 2).map(endButton)}
        <span className="px-2 text-sm text-muted-foreground tabular-nums sm:hidden">
          {t('TABLE.PAGE_OF', {
            page: pageIndex + 1,
            total: total.exact ? last + 1 : `${last + 1}+`,
          })}
        </span>
        <ul className="hidden items-center gap-1 sm:flex">
          {remotePageItems(reachable).map((item) =>
            typeof item === 'number' ? (
              <li key={item}>
                <Button
                  variant={item === pageIndex + 1 ? 'default' : 'ghost'}
                  size="icon-sm"
                  className="w-auto min-w-8 px-2 tabular-nums"
                  onClick={() => go(item - 1)}
                  aria-label={t('TABLE.PAGE_N', { page: item })}
                  aria-current={item === pageIndex + 1 ? 'page' : undefined}
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
        {ends.slice(2).map(endButton)}
      </nav>
    </FooterBar>
  );
}
