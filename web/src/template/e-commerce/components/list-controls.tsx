import { useEffect, useId, useState, type ReactNode } from 'react';
import { LoadFailed } from '@/components/load-failed';
import { useTranslation } from 'react-i18next';
import { PencilIcon, RefreshCwIcon, SearchIcon, Trash2Icon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { SHOP_SEARCH_SETTLE_MS } from '@/lib/constants';
import { OptionList } from './form-controls';

/** A filter over one coded field: '' is all. */
export function FilterSelect({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
}) {
  const { t } = useTranslation('e-commerce');
  return (
    <label className="inline-flex items-center gap-2 text-sm text-muted-foreground">
      <span>{label}</span>
      <NativeSelect value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t('SHOP.ALL')}</option>
        <OptionList options={options} />
      </NativeSelect>
    </label>
  );
}

/** The search box: the text is sent to the server once typing pauses. */
export function SearchField({ onSearch }: { onSearch: (text: string) => void }) {
  const { t } = useTranslation('e-commerce');
  const id = useId();
  const [text, setText] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => onSearch(text.trim()), SHOP_SEARCH_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [text, onSearch]);
  return (
    <div className="relative w-full sm:w-56">
      <label htmlFor={id} className="sr-only">
        {t('SHOP.SEARCH_LABEL')}
      </label>
      <SearchIcon
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        id={id}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t('SHOP.SEARCH_PLACEHOLDER')}
        autoComplete="off"
        className="h-8 pl-8"
      />
    </div>
  );
}

/** The list could not be loaded: why, and a way to try again. */
export function ListError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('e-commerce');
  return <LoadFailed title={t('SHOP.LOAD_FAILED')} lines={[t('SHOP.FAILED')]} onRetry={onRetry} />;
}

/** Edit and delete buttons of a row, named after the row for assistive technology. */
export function RowActions({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('e-commerce');
  return (
    <div className="flex items-center justify-end gap-1">
      <Button
        size="icon-sm"
        variant="ghost"
        className="text-primary hover:bg-primary/10 hover:text-primary"
        aria-label={t('SHOP.EDIT_ROW', { name })}
        title={t('SHOP.EDIT')}
        onClick={onEdit}
      >
        <PencilIcon aria-hidden="true" />
      </Button>
      <Button
        size="icon-sm"
        variant="ghost"
        className="text-destructive hover:bg-destructive/10 hover:text-destructive"
        aria-label={t('SHOP.DELETE_ROW', { name })}
        title={t('SHOP.DELETE')}
        onClick={onDelete}
      >
        <Trash2Icon aria-hidden="true" />
      </Button>
    </div>
  );
}

/**
 * A list's heading: its title and a line about it (a page's), or the line alone (a panel's
 * within a page), and its main action.
 */
export function ListHeader({
  title,
  description,
  action,
}: {
  title?: string;
  description: string;
  action?: ReactNode;
}) {
  const line = <p className="text-sm text-muted-foreground">{description}</p>;
  return title ? (
    <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold">{title}</h2>
        {line}
      </div>
      {action}
    </header>
  ) : (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      {line}
      {action}
    </div>
  );
}

/** What can be done to the selected rows at once. */
export function SelectionActions({
  onDelete,
  onStatus,
  onClear,
  statusLabel,
}: {
  onDelete: () => void;
  /** Absent where the list has no bulk status (specifications). */
  onStatus?: () => void;
  onClear: () => void;
  statusLabel?: string;
}) {
  const { t } = useTranslation('e-commerce');
  return (
    <div role="group" aria-label={t('SHOP.SELECTION_ACTIONS')} className="flex flex-wrap gap-2">
      <Button
        size="sm"
        variant="outline"
        className="text-destructive hover:text-destructive"
        onClick={onDelete}
      >
        <Trash2Icon aria-hidden="true" />
        {t('SHOP.DELETE_SELECTED')}
      </Button>
      {onStatus ? (
        <Button size="sm" variant="outline" onClick={onStatus}>
          <RefreshCwIcon aria-hidden="true" />
          {statusLabel ?? t('SHOP.UPDATE_STATUS')}
        </Button>
      ) : null}
      <Button size="sm" variant="ghost" onClick={onClear}>
        {t('SHOP.CLEAR_SELECTION')}
      </Button>
    </div>
  );
}
