import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { PlusIcon } from 'lucide-react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable } from '@/components/data-table/data-table';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import type { Specification } from '../../schemas';
import { useShop } from '../../state/shop';
import { failureLines } from '../failure';
import { SPECIFICATION_LABELS } from '../labels';
import { ListError, RowActions, SearchField, SelectionActions } from '../list-controls';
import { useShopList } from '../use-shop-list';
import { SpecificationEditDialog } from './specification-edit-dialog';

type Dialog =
  | { kind: 'edit'; specification: Specification | undefined }
  | { kind: 'delete'; specification: Specification }
  | { kind: 'delete-selected'; ids: number[] };

/**
 * A car's specifications (api/specificationsfind/{carId}), named from their specId; bulk
 * delete only (specifications have no bulk status).
 */
export function SpecificationsPanel({ carId }: { carId: number }) {
  const { t } = useTranslation('e-commerce');
  const { specifications } = useShop();
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const filter = useMemo(() => {
    const query: Record<string, string> = {};
    if (search) query['value'] = search;
    return query;
  }, [search]);
  const list = useShopList(specifications, filter, carId);
  const { refresh } = list;

  const columns = useMemo<ColumnDef<Specification, unknown>[]>(
    () => [
      {
        id: 'name',
        // Sorts by the name shown, in the language shown.
        accessorFn: (specification) => t(SPECIFICATION_LABELS[specification.specId]),
        header: t('SPECIFICATIONS.NAME'),
        cell: ({ row }) => (
          <span className="font-medium whitespace-nowrap">
            {t(SPECIFICATION_LABELS[row.original.specId])}
          </span>
        ),
      },
      {
        id: 'value',
        accessorKey: 'value',
        header: t('SPECIFICATIONS.VALUE'),
      },
      {
        id: 'actions',
        meta: { actions: true },
        header: () => <span className="sr-only">{t('SHOP.ACTIONS')}</span>,
        enableSorting: false,
        cell: ({ row }) => (
          <RowActions
            name={t(SPECIFICATION_LABELS[row.original.specId])}
            onEdit={() => setDialog({ kind: 'edit', specification: row.original })}
            onDelete={() => setDialog({ kind: 'delete', specification: row.original })}
          />
        ),
      },
    ],
    [t],
  );

  const closeDialog = (open: boolean) => {
    if (!open) setDialog(null);
  };
  const remove = async (specification: Specification) => {
    await specifications.actions.remove(specification.id);
    toast.success(t('SPECIFICATIONS.DELETED'));
    void refresh();
  };
  const removeSelected = async (ids: number[]) => {
    await specifications.actions.removeMany(ids);
    toast.success(t('SPECIFICATIONS.DELETED_SELECTED'));
    void refresh();
  };

  return (
    <div className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <p className="text-sm text-muted-foreground">{t('SPECIFICATIONS.DESCRIPTION')}</p>
        <Button
          onClick={() => setDialog({ kind: 'edit', specification: undefined })}
          className="self-start"
        >
          <PlusIcon aria-hidden="true" />
          {t('SPECIFICATIONS.NEW')}
        </Button>
      </div>
      {list.failed ? <ListError onRetry={() => void refresh()} /> : null}
      <DataTable
        label={t('SPECIFICATIONS.TABLE_LABEL')}
        columns={columns}
        data={list.rows}
        getRowId={(specification) => String(specification.id)}
        isLoading={list.rows === undefined && !list.failed}
        isFetching={list.state.listLoading}
        enableRowSelection
        initialPageSize={5}
        toolbar={({ selectedIds, clearSelection }) => {
          const ids = [...selectedIds].map(Number);
          return (
            <>
              <SearchField onSearch={setSearch} />
              {ids.length > 0 ? (
                <SelectionActions
                  onDelete={() => setDialog({ kind: 'delete-selected', ids })}
                  onClear={clearSelection}
                />
              ) : null}
            </>
          );
        }}
      />

      {dialog?.kind === 'edit' ? (
        <SpecificationEditDialog
          carId={carId}
          specification={dialog.specification}
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
        title={t('SPECIFICATIONS.DELETE_TITLE')}
        description={t('SPECIFICATIONS.DELETE_CONFIRM')}
        confirmLabel={t('SHOP.DELETE')}
        variant="destructive"
        onConfirm={() =>
          dialog?.kind === 'delete' ? remove(dialog.specification) : Promise.resolve()
        }
        describeError={(error) => failureLines(error, t, t('SPECIFICATIONS.RECORD'))}
        testId="specification-delete-dialog"
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete-selected'}
        onOpenChange={closeDialog}
        title={t('SPECIFICATIONS.DELETE_SELECTED_TITLE')}
        description={t('SPECIFICATIONS.DELETE_SELECTED_CONFIRM', {
          selected: dialog?.kind === 'delete-selected' ? dialog.ids.length : 0,
        })}
        confirmLabel={t('SHOP.DELETE')}
        variant="destructive"
        onConfirm={() =>
          dialog?.kind === 'delete-selected' ? removeSelected(dialog.ids) : Promise.resolve()
        }
        describeError={(error) => failureLines(error, t)}
        testId="specifications-delete-dialog"
      />
    </div>
  );
}
