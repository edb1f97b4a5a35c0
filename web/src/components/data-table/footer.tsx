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
  const { t } = useTranslation();
  const from = total === 0 ? 0 : pageIndex * pageSize + 1;
  const to = Math.min(total, (pageIndex + 1) * pageSize);
  return (
    <div className="flex flex-col gap-3 border-t px-3 py-3 sm:px-4 md:flex-row md:items-center md:justify-between">
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
                total: total.toLocaleString('en-US'),
              })}
        </span>
      </div>
      <Pagination
        page={pageIndex + 1}
        pageCount={pageCount}
        onPageChange={(page) => onPageIndexChange(page - 1)}
      />
    </div>
  );
}
