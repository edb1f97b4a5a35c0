import type { TFunction } from 'i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  SPECIFICATION_DEFAULTS,
  type Specification,
  type SpecificationFields,
} from '../../schemas';
import { useShop } from '../../state/shop';
import { SPECIFICATION_LABELS } from '../labels';
import { ShopListPage } from '../shop-list-page';
import { CarRecordDialog } from '../shop-edit-dialog';
import {
  SPECIFICATION_FIELDS,
  specificationFormSchema,
  specificationFormValues,
} from './specification-form';

const SEARCH_FIELDS = ['value'] as const;

/** A specification is named from its specId, in the language shown. */
const specificationName = (specification: Specification, t: TFunction<'e-commerce'>) =>
  t(SPECIFICATION_LABELS[specification.specId]);

function specificationColumns(t: TFunction<'e-commerce'>): ColumnDef<Specification, unknown>[] {
  return [
    {
      id: 'name',
      // Sorts by the name shown, in the language shown.
      accessorFn: (specification) => specificationName(specification, t),
      header: t('SPECIFICATIONS.NAME'),
      cell: ({ row }) => (
        <span className="font-medium whitespace-nowrap">{specificationName(row.original, t)}</span>
      ),
    },
    { id: 'value', accessorKey: 'value', header: t('SPECIFICATIONS.VALUE') },
  ];
}

/**
 * A car's specifications (api/specificationsfind/{carId}), named from their specId; bulk
 * delete only (specifications have no bulk status).
 */
export function SpecificationsPanel({ carId }: { carId: number }) {
  const { specifications } = useShop();
  return (
    <ShopListPage
      section="SPECIFICATIONS"
      name="specification"
      list={specifications}
      scope={carId}
      description="SPECIFICATIONS.DESCRIPTION"
      columns={specificationColumns}
      rowName={specificationName}
      searchFields={SEARCH_FIELDS}
      deleteConfirm="SPECIFICATIONS.DELETE_CONFIRM"
      deleted="SPECIFICATIONS.DELETED"
      initialPageSize={5}
      edit={{
        dialog: (specification, close) => (
          <CarRecordDialog
            section="SPECIFICATIONS"
            testId="specification-edit-dialog"
            current={specification}
            onClose={close}
            resolver={zodResolver(specificationFormSchema)}
            values={specificationFormValues(specification ?? SPECIFICATION_DEFAULTS)}
            fields={SPECIFICATION_FIELDS}
            save={(fields: Omit<SpecificationFields, 'carId'>) =>
              specification
                ? specifications.actions.update(specification, { ...fields, carId })
                : specifications.actions.create({ ...fields, carId })
            }
          />
        ),
      }}
    />
  );
}
