import type { TFunction } from 'i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { Badge } from '@/components/ui/badge';
import { REMARK_TYPES, type Remark } from '../../schemas';
import { useShop } from '../../state/shop';
import {
  choicesOf,
  demoDateToIso,
  formatDemoDate,
  REMARK_TYPE_LABELS,
  REMARK_TYPE_VARIANTS,
} from '../labels';
import { ShopListPage, type ShopListBulkStatus, type ShopListFilter } from '../shop-list-page';
import { RemarkEditDialog } from './remark-edit-dialog';

const TYPE_CHOICES = choicesOf(REMARK_TYPES, REMARK_TYPE_LABELS);
const FILTERS: readonly ShopListFilter[] = [
  { field: 'type', label: 'REMARKS.FILTER_TYPE', choices: TYPE_CHOICES },
];
const SEARCH_FIELDS = ['text'] as const;
/** A remark has no status: its bulk status sets its type. */
const BULK_TYPE: ShopListBulkStatus = {
  choices: TYPE_CHOICES,
  field: 'REMARKS.TYPE',
  title: 'REMARKS.TYPE_SELECTED_TITLE',
  text: 'REMARKS.TYPE_SELECTED_TEXT',
  updated: 'REMARKS.TYPE_UPDATED',
  action: 'REMARKS.CHANGE_TYPE',
};

const remarkText = (remark: Remark) => remark.text;

function remarkColumns(t: TFunction<'e-commerce'>): ColumnDef<Remark, unknown>[] {
  return [
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
  ];
}

/** A car's remarks (api/remarksfind/{carId}), with their own dialogs. */
export function RemarksPanel({ carId }: { carId: number }) {
  const { remarks } = useShop();
  return (
    <ShopListPage
      section="REMARKS"
      name="remark"
      list={remarks}
      scope={carId}
      description="REMARKS.DESCRIPTION"
      columns={remarkColumns}
      rowName={remarkText}
      filters={FILTERS}
      searchFields={SEARCH_FIELDS}
      bulkStatus={BULK_TYPE}
      deleteConfirm="REMARKS.DELETE_CONFIRM"
      deleted="REMARKS.DELETED"
      initialPageSize={5}
      edit={{
        dialog: (remark, close) => (
          <RemarkEditDialog carId={carId} remark={remark} onClose={close} />
        ),
      }}
    />
  );
}
