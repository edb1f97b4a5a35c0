import { useMemo, useState, type ReactNode } from 'react';
import type { ParseKeys, TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ColumnDef, SortingState } from '@tanstack/react-table';
import { PlusIcon } from 'lucide-react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable } from '@/components/data-table/data-table';
import { useLatestCallback } from '@/components/data-table/use-latest-callback';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import type { ListActions, StatusListActions } from '../state/list-actions';
import type { ListState } from '../state/list-state';
import type { Store } from '../state/store';
import { BulkStatusDialog } from './bulk-dialogs';
import { failureLines } from './failure';
import type { Choice } from './labels';
import {
  FilterSelect,
  ListError,
  ListHeader,
  RowActions,
  SearchField,
  SelectionActions,
} from './list-controls';
import { useShopList } from './use-shop-list';

type Key = ParseKeys<'e-commerce'>;

/**
 * A list's section of the locales, where its table label, record name, 'New …' and delete
 * texts are (`TABLE_LABEL`, `RECORD`, `NEW`, `DELETE_TITLE`, `DELETE_SELECTED_*`).
 */
type ShopSection = 'CUSTOMERS' | 'PRODUCTS' | 'REMARKS' | 'SPECIFICATIONS';

/** A filter over one coded field, which the find endpoint matches exactly. */
export interface ShopListFilter {
  field: string;
  label: Key;
  choices: readonly Choice<number>[];
}

/** Setting one coded field on the selected rows (a status; the type of remarks). */
export interface ShopListBulkStatus {
  choices: readonly Choice<number>[];
  /** The select's label. */
  field: Key;
  title: Key;
  /** How many are selected: `{{selected}}`. */
  text: Key;
  updated: Key;
  /** The action's name where it is not 'Update status'. */
  action?: Key;
}

interface ShopListPageProps<T extends { id: number }, F, A> {
  section: ShopSection;
  /** 'customer': its delete dialogs are `customer-delete-dialog` and `customers-delete-dialog`. */
  name: string;
  list: {
    store: Store<ListState<T>, A>;
    actions: ListActions<T, F> & Partial<Pick<StatusListActions<T, F>, 'updateStatus'>>;
  };
  /** The car whose remarks or specifications these are. */
  scope?: number;
  /** A page's title; a panel within a page has the description alone. */
  title?: Key;
  description: Key;
  /** The columns but the row actions, which come last. A stable function. */
  columns: (t: TFunction<'e-commerce'>) => ColumnDef<T, unknown>[];
  /** The row as its edit and delete buttons name it. A stable function. */
  rowName: (row: T, t: TFunction<'e-commerce'>) => string;
  filters?: readonly ShopListFilter[];
  /** The fields the search text is looked for in (a substring of any of them matches). */
  searchFields: readonly string[];
  /** Offered where the list's actions have `updateStatus`. */
  bulkStatus?: ShopListBulkStatus;
  deleteConfirm: Key;
  deleted: Key;
  edit: ShopListEdit<T>;
  initialPageSize?: number;
  initialSort?: SortingState;
}

/**
 * Where a row is created and edited: elsewhere, a page or a dialog with an address of its own
 * (`editor` is shown over the list, and refreshes it once saved); or in a `dialog` the list
 * opens, given the row (undefined for a new one).
 */
type ShopListEdit<T> =
  | { onNew: () => void; onEdit: (row: T) => void; editor?: (refresh: () => void) => ReactNode }
  | { dialog: (row: T | undefined, close: (saved: boolean) => void) => ReactNode };

type Dialog<T> =
  | { kind: 'edit'; row: T | undefined }
  | { kind: 'delete'; row: T }
  | { kind: 'delete-selected'; ids: number[] }
  | { kind: 'status-selected'; ids: number[] };

const NO_FILTERS: readonly ShopListFilter[] = [];

/**
 * One of the shop's lists as its page or panel shows it: found by its coded filters and the
 * search text through the mock find endpoint; a new one, an edit and a delete per row; delete
 * and (where the list has it) a bulk status for the selected rows.
 */
export function ShopListPage<T extends { id: number }, F, A>({
  section,
  name,
  list,
  scope,
  title,
  description,
  columns: columnsOf,
  rowName,
  filters = NO_FILTERS,
  searchFields,
  bulkStatus: bulkOf,
  deleteConfirm,
  deleted,
  edit,
  initialPageSize,
  initialSort,
}: ShopListPageProps<T, F, A>) {
  const { t } = useTranslation('e-commerce');
  const [coded, setCoded] = useState<Readonly<Record<string, string>>>({});
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<Dialog<T> | null>(null);

  const filter = useMemo(() => {
    const query: Record<string, string | number> = {};
    for (const { field } of filters) {
      const value = coded[field];
      if (value) query[field] = Number(value);
    }
    if (search) for (const field of searchFields) query[field] = search;
    return query;
  }, [filters, coded, search, searchFields]);
  const view = useShopList(list, filter, scope);
  const { refresh } = view;
  const { actions } = list;
  const bulkStatus = actions.updateStatus ? bulkOf : undefined;

  const onNew = 'dialog' in edit ? () => setDialog({ kind: 'edit', row: undefined }) : edit.onNew;
  const onEdit = useLatestCallback((row: T) =>
    'dialog' in edit ? setDialog({ kind: 'edit', row }) : edit.onEdit(row),
  );
  const columns = useMemo<ColumnDef<T, unknown>[]>(
    () => [
      ...columnsOf(t),
      {
        id: 'actions',
        meta: { actions: true },
        header: () => <span className="sr-only">{t('SHOP.ACTIONS')}</span>,
        enableSorting: false,
        cell: ({ row }) => (
          <RowActions
            name={rowName(row.original, t)}
            onEdit={() => onEdit(row.original)}
            onDelete={() => setDialog({ kind: 'delete', row: row.original })}
          />
        ),
      },
    ],
    [t, columnsOf, rowName, onEdit],
  );

  const closeDialog = (open: boolean) => {
    if (!open) setDialog(null);
  };
  /** A change made, said and shown; a failure stays with the dialog that asked. */
  const changed = async (change: Promise<void> | undefined, message: Key) => {
    await change;
    toast.success(t(message));
    void refresh();
  };

  return (
    <div className="grid gap-4">
      <ListHeader
        title={title && t(title)}
        description={t(description)}
        action={
          <Button onClick={onNew} className="self-start">
            <PlusIcon aria-hidden="true" />
            {t(`${section}.NEW`)}
          </Button>
        }
      />
      {view.failed ? <ListError onRetry={() => void refresh()} /> : null}
      <DataTable
        label={t(`${section}.TABLE_LABEL`)}
        columns={columns}
        data={view.rows}
        getRowId={(row) => String(row.id)}
        isLoading={view.rows === undefined && !view.failed}
        isFetching={view.state.listLoading}
        enableRowSelection
        initialPageSize={initialPageSize}
        initialSort={initialSort}
        // A car's remarks and specifications sit on its edit page: their keys carry their name.
        urlState={scope === undefined ? true : `${name}.`}
        toolbar={({ selectedIds, clearSelection }) => {
          const ids = [...selectedIds].map(Number);
          return (
            <>
              {filters.map(({ field, label, choices }) => (
                <FilterSelect
                  key={field}
                  label={t(label)}
                  value={coded[field] ?? ''}
                  onChange={(value) => setCoded((current) => ({ ...current, [field]: value }))}
                  options={choices.map((choice) => ({
                    value: String(choice.value),
                    label: t(choice.label),
                  }))}
                />
              ))}
              <SearchField onSearch={setSearch} />
              {ids.length > 0 ? (
                <SelectionActions
                  onDelete={() => setDialog({ kind: 'delete-selected', ids })}
                  onStatus={
                    bulkStatus ? () => setDialog({ kind: 'status-selected', ids }) : undefined
                  }
                  statusLabel={bulkStatus?.action && t(bulkStatus.action)}
                  onClear={clearSelection}
                />
              ) : null}
            </>
          );
        }}
      />

      {'dialog' in edit
        ? dialog?.kind === 'edit' &&
          edit.dialog(dialog.row, (saved) => {
            setDialog(null);
            if (saved) void refresh();
          })
        : edit.editor?.(() => void refresh())}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        onOpenChange={closeDialog}
        title={t(`${section}.DELETE_TITLE`)}
        description={t(deleteConfirm)}
        confirmLabel={t('SHOP.DELETE')}
        variant="destructive"
        onConfirm={() =>
          dialog?.kind === 'delete'
            ? changed(actions.remove(dialog.row.id), deleted)
            : Promise.resolve()
        }
        describeError={(error) => failureLines(error, t, t(`${section}.RECORD`))}
        testId={`${name}-delete-dialog`}
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete-selected'}
        onOpenChange={closeDialog}
        title={t(`${section}.DELETE_SELECTED_TITLE`)}
        description={t(`${section}.DELETE_SELECTED_CONFIRM`, {
          selected: dialog?.kind === 'delete-selected' ? dialog.ids.length : 0,
        })}
        confirmLabel={t('SHOP.DELETE')}
        variant="destructive"
        onConfirm={() =>
          dialog?.kind === 'delete-selected'
            ? changed(actions.removeMany(dialog.ids), `${section}.DELETED_SELECTED`)
            : Promise.resolve()
        }
        describeError={(error) => failureLines(error, t)}
        testId={`${name}s-delete-dialog`}
      />
      {dialog?.kind === 'status-selected' && bulkStatus ? (
        <BulkStatusDialog
          open
          onOpenChange={closeDialog}
          title={t(bulkStatus.title)}
          description={t(bulkStatus.text, { selected: dialog.ids.length })}
          fieldLabel={t(bulkStatus.field)}
          options={bulkStatus.choices.map((choice) => ({
            value: choice.value,
            label: t(choice.label),
          }))}
          confirmLabel={bulkStatus.action && t(bulkStatus.action)}
          onConfirm={(value) =>
            changed(actions.updateStatus?.(dialog.ids, value), bulkStatus.updated)
          }
        />
      ) : null}
    </div>
  );
}
