import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { PlusIcon } from 'lucide-react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable } from '@/components/data-table/data-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { REMARK_TYPES, type Remark } from '../../schemas';
import { useShop } from '../../state/shop';
import { BulkStatusDialog } from '../bulk-dialogs';
import { failureLines } from '../failure';
import { demoDateToIso, formatDemoDate, REMARK_TYPE_LABELS, REMARK_TYPE_VARIANTS } from '../labels';
import {
  FilterSelect,
  ListError,
  RowActions,
  SearchField,
  SelectionActions,
} from '../list-controls';
import { useShopList } from '../use-shop-list';
import { RemarkEditDialog } from './remark-edit-dialog';

type Dialog =
  | { kind: 'edit'; remark: Remark | undefined }
  | { kind: 'delete'; remark: Remark }
  | { kind: 'delete-selected'; ids: number[] }
  | { kind: 'type-selected'; ids: number[] };

/** A car's remarks (api/remarksfind/{carId}), with their own dialogs. */
export function RemarksPanel({ carId }: { carId: number }) {
  const { t } = useTranslation('e-commerce');
  const { remarks } = useShop();
  const [type, setType] = useState('');
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<Dialog | null>(null);

  const filter = useMemo(() => {
    const query: Record<string, string | number> = {};
    if (type !== '') query['type'] = Number(type);
    if (search) query['text'] = search;
    return query;
  }, [type, search]);
  const list = useShopList(remarks, filter, carId);
  const { refresh } = list;
  const typeOptions = REMARK_TYPES.map((value) => ({ value, label: t(REMARK_TYPE_LABELS[value]) }));

  const columns = useMemo<ColumnDef<Remark, unknown>[]>(
    () => [
      {
        id: 'text',
        accessorKey: 'text',
        header: t('REMARKS.TEXT'),
        cell: ({ row }) => <span className="block min-w-48">{row.original.text}</span>,
      },
      {
        id: 'type',
        accessorKey: 'type',
        header: t('REMARKS.TYPE'),
        cell: ({ row }) => (
          <Badge variant={REMARK_TYPE_VARIANTS[row.original.type]}>
            {t(REMARK_TYPE_LABELS[row.original.type])}
          </Badge>
        ),
      },
      {
        id: 'dueDate',
        // Sorts as a date, not as MM/DD/YYYY text.
        accessorFn: (remark) => demoDateToIso(remark.dueDate),
        header: t('REMARKS.DUE_DATE'),
        cell: ({ row }) => (
          <time
            dateTime={demoDateToIso(row.original.dueDate)}
            className="whitespace-nowrap tabular-nums"
          >
            {formatDemoDate(row.original.dueDate)}
          </time>
        ),
      },
      {
        id: 'actions',
        meta: { actions: true },
        header: () => <span className="sr-only">{t('SHOP.ACTIONS')}</span>,
        enableSorting: false,
        cell: ({ row }) => (
          <RowActions
            name={row.original.text}
            onEdit={() => setDialog({ kind: 'edit', remark: row.original })}
            onDelete={() => setDialog({ kind: 'delete', remark: row.original })}
          />
        ),
      },
    ],
    [t],
  );

  const closeDialog = (open: boolean) => {
    if (!open) setDialog(null);
  };
  const remove = async (remark: Remark) => {
    await remarks.actions.remove(remark.id);
    toast.success(t('REMARKS.DELETED'));
    void refresh();
  };
  const removeSelected = async (ids: number[]) => {
    await remarks.actions.removeMany(ids);
    toast.success(t('REMARKS.DELETED_SELECTED'));
    void refresh();
  };
  const updateSelected = async (ids: number[], value: number) => {
    await remarks.actions.updateStatus(ids, value);
    toast.success(t('REMARKS.TYPE_UPDATED'));
    void refresh();
  };

  return (
    <div className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <p className="text-sm text-muted-foreground">{t('REMARKS.DESCRIPTION')}</p>
        <Button
          onClick={() => setDialog({ kind: 'edit', remark: undefined })}
          className="self-start"
        >
          <PlusIcon aria-hidden="true" />
          {t('REMARKS.NEW')}
        </Button>
      </div>
      {list.failed ? <ListError onRetry={() => void refresh()} /> : null}
      <DataTable
        label={t('REMARKS.TABLE_LABEL')}
        columns={columns}
        data={list.rows}
        getRowId={(remark) => String(remark.id)}
        isLoading={list.rows === undefined && !list.failed}
        isFetching={list.state.listLoading}
        enableRowSelection
        initialPageSize={5}
        toolbar={({ selectedIds, clearSelection }) => {
          const ids = [...selectedIds].map(Number);
          return (
            <>
              <FilterSelect
                label={t('REMARKS.FILTER_TYPE')}
                value={type}
                onChange={setType}
                options={typeOptions.map((option) => ({ ...option, value: String(option.value) }))}
              />
              <SearchField onSearch={setSearch} />
              {ids.length > 0 ? (
                <SelectionActions
                  onDelete={() => setDialog({ kind: 'delete-selected', ids })}
                  onStatus={() => setDialog({ kind: 'type-selected', ids })}
                  statusLabel={t('REMARKS.CHANGE_TYPE')}
                  onClear={clearSelection}
                />
              ) : null}
            </>
          );
        }}
      />

      {dialog?.kind === 'edit' ? (
        <RemarkEditDialog
          carId={carId}
          remark={dialog.remark}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            void refresh();
          }}
        />
      ) : null}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        onOpenChange={closeDialog}
        title={t('REMARKS.DELETE_TITLE')}
        description={t('REMARKS.DELETE_CONFIRM')}
        confirmLabel={t('SHOP.DELETE')}
        variant="destructive"
        onConfirm={() => (dialog?.kind === 'delete' ? remove(dialog.remark) : Promise.resolve())}
        describeError={(error) => failureLines(error, t, t('REMARKS.RECORD'))}
        testId="remark-delete-dialog"
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete-selected'}
        onOpenChange={closeDialog}
        title={t('REMARKS.DELETE_SELECTED_TITLE')}
        description={t('REMARKS.DELETE_SELECTED_CONFIRM', {
          selected: dialog?.kind === 'delete-selected' ? dialog.ids.length : 0,
        })}
        confirmLabel={t('SHOP.DELETE')}
        variant="destructive"
        onConfirm={() =>
          dialog?.kind === 'delete-selected' ? removeSelected(dialog.ids) : Promise.resolve()
        }
        describeError={(error) => failureLines(error, t)}
        testId="remarks-delete-dialog"
      />
      {dialog?.kind === 'type-selected' ? (
        <BulkStatusDialog
          open
          onOpenChange={closeDialog}
          title={t('REMARKS.TYPE_SELECTED_TITLE')}
          description={t('REMARKS.TYPE_SELECTED_TEXT', { selected: dialog.ids.length })}
          fieldLabel={t('REMARKS.TYPE')}
          options={typeOptions}
          confirmLabel={t('REMARKS.CHANGE_TYPE')}
          onConfirm={(value) => updateSelected(dialog.ids, value)}
        />
      ) : null}
    </div>
  );
}
