import type { TFunction } from 'i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { zodResolver } from '@hookform/resolvers/zod';
import { Badge } from '@/components/ui/badge';
import { REMARK_DEFAULTS, REMARK_TYPES, type Remark, type RemarkFields } from '../../schemas';
import { useShop } from '../../state/shop';
import { fieldColumn } from '../columns';
import {
  choicesOf,
  demoDateToIso,
  formatDemoDate,
  REMARK_TYPE_LABELS,
  REMARK_TYPE_VARIANTS,
} from '../labels';
import { ShopListPage, type ShopListBulkStatus, type ShopListFilter } from '../shop-list-page';
import { CarRecordDialog } from '../shop-edit-dialog';
import { REMARK_FIELDS, remarkFormSchema, remarkFormValues } from './remark-form';

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
    fieldColumn<Remark>('text', t('REMARKS.TEXT'), ({ text }) => (
      <span className="block min-w-48">{text}</span>
    )),
    fieldColumn<Remark>('type', t('REMARKS.TYPE'), ({ type }) => (
      <Badge variant={REMARK_TYPE_VARIANTS[type]}>{t(REMARK_TYPE_LABELS[type])}</Badge>
    )),
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
          <CarRecordDialog
            section="REMARKS"
            testId="remark-edit-dialog"
            current={remark}
            onClose={close}
            resolver={zodResolver(remarkFormSchema)}
            values={remarkFormValues(remark ?? REMARK_DEFAULTS)}
            fields={REMARK_FIELDS}
            save={(fields: Omit<RemarkFields, 'carId'>) =>
              remark
                ? remarks.actions.update(remark, { ...fields, carId })
                : remarks.actions.create({ ...fields, carId })
            }
          />
        ),
      }}
    />
  );
}
