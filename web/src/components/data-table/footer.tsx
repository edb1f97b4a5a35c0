import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NativeSelect } from '@/components/ui/native-select';
import { PAGE_SIZE_OPTIONS } from '@/lib/constants';
import { Pagination } from './pagination';

export interface FooterProps {
  /** 0-based. */
  pageIndex: number;
  pageSize: number;
  pageCount: number;
  total: number;
  /** Waiting for the first reply: the count reads 'Loading...'. */
  waiting: boolean;
  onPageIndexChange: (pageIndex: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

/** Below the table: rows per page, "Showing a–b of n", and the page buttons. */
export function Footer({
  pageIndex,
  pageSize,
  pageCount,
  total,
  waiting,
  onPageIndexChange,
  onPageSizeChange,
}: FooterProps) {
  const from = total === 0 ? 0 : pageIndex * pageSize + 1;
  const to = Math.min(total, (pageIndex + 1) * pageSize);
  return (
    <FooterBar>
      <PageSummary
        pageSize={pageSize}
        onPageSizeChange={onPageSizeChange}
        waiting={waiting}
        from={from}
        to={to}
        total={total.toLocaleString('en-US')}
      />
      <Pagination
        page={pageIndex + 1}
        pageCount={pageCount}
        onPageChange={(page) => onPageIndexChange(page - 1)}
      />
    </FooterBar>
  );
}

/** The bar below a table: its summary on the left, its page buttons on the right. */
export function FooterBar({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col gap-3 border-t px-3 py-3 sm:px-4 md:flex-row md:items-center md:justify-between">
      {children}
    </div>
  );
}

/** Rows per page, and "Showing a–b of n" (announced as it changes). */
export function PageSummary({
  pageSize,
  onPageSizeChange,
  waiting,
  from,
  to,
  total,
}: {
  pageSize: number;
  onPageSizeChange: (pageSize: number) => void;
  /** Waiting for the first reply: the count reads 'Loading...'. */
  waiting: boolean;
  from: number;
  to: number;
  /** Formatted: a remote source may know only a lower bound ("n+"). */
  total: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted-foreground">
      <label className="inline-flex items-center gap-2">
        <span>{t('TABLE.ROWS_PER_PAGE')}</span>
        <NativeSelect
          value={String(pageSize)}
          onChange={(event) => onPageSizeChange(Number(event.target.value))}
        >
          {PAGE_SIZE_OPTIONS.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </NativeSelect>
      </label>
      <span aria-live="polite" className="tabular-nums">
        {waiting
          ? t('TABLE.LOADING')
          : t('TABLE.SHOWING', {
              from: from.toLocaleString('en-US'),
              to: to.toLocaleString('en-US'),
              total,
            })}
      </span>
    </div>
  );
}
