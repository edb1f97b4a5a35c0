import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchIcon } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';

export interface ToolbarProps {
  /** The search box, when the list is searchable. */
  search?: { value: string; onChange: (value: string) => void };
  /** Refreshing data already shown. */
  refreshing: boolean;
  /** How many rows are selected, when rows can be. */
  selectedCount?: number;
  /** The list's own controls (bulk actions…). */
  children?: ReactNode;
}

/** Above the table: the search box, a refreshing indicator, the selection count, the list's controls. */
export function Toolbar({ search, refreshing, selectedCount, children }: ToolbarProps) {
  const { t } = useTranslation();
  const searchId = useId();
  return (
    <div className="flex flex-col gap-3 border-b p-3 sm:flex-row sm:items-center sm:justify-between sm:p-4">
      {search ? (
        <div className="relative w-full sm:max-w-xs">
          <label htmlFor={searchId} className="sr-only">
            {t('TABLE.SEARCH')}
          </label>
          <SearchIcon
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id={searchId}
            type="search"
            value={search.value}
            onChange={(event) => search.onChange(event.target.value)}
            placeholder={t('TABLE.SEARCH_PLACEHOLDER')}
            className="h-9 pl-9"
            autoComplete="off"
          />
        </div>
      ) : (
        <span />
      )}
      <div className="flex flex-wrap items-center gap-2">
        {refreshing ? (
          <span
            role="status"
            className="inline-flex items-center gap-1.5 text-xs text-muted-foreground"
          >
            <Spinner className="size-3.5" />
            {t('TABLE.LOADING')}
          </span>
        ) : null}
        {selectedCount ? (
          <span className="text-sm text-muted-foreground">
            {t('TABLE.SELECTED', { selected: selectedCount.toLocaleString('en-US') })}
          </span>
        ) : null}
        {children}
      </div>
    </div>
  );
}
