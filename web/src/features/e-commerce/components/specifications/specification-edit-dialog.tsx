import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import {
  SPECIFICATION_DEFAULTS,
  type Specification,
  type SpecificationFields,
} from '../../schemas';
import { useShop } from '../../state/shop';
import { ShopEditDialog } from '../shop-edit-dialog';
import {
  SPECIFICATION_FIELDS,
  specificationFormSchema,
  specificationFormValues,
} from './specification-form';

/** A specification of a car to create (`specification` undefined) or edit. */
export function SpecificationEditDialog({
  carId,
  specification: current,
  onClose,
}: {
  carId: number;
  specification: Specification | undefined;
  onClose: (saved: boolean) => void;
}) {
  const { t } = useTranslation('e-commerce');
  const { actions } = useShop().specifications;
  return (
    <ShopEditDialog
      testId="specification-edit-dialog"
      title={current ? t('SPECIFICATIONS.EDIT_TITLE') : t('SPECIFICATIONS.NEW')}
      description={t('SPECIFICATIONS.DIALOG_DESCRIPTION')}
      onClose={onClose}
      form={{
        resolver: zodResolver(specificationFormSchema),
        values: specificationFormValues(current ?? SPECIFICATION_DEFAULTS),
        fields: SPECIFICATION_FIELDS,
        record: 'SPECIFICATIONS.RECORD',
        save: (fields: Omit<SpecificationFields, 'carId'>) =>
          current
            ? actions.update(current, { ...fields, carId })
            : actions.create({ ...fields, carId }),
        saved: current ? 'SPECIFICATIONS.UPDATED' : 'SPECIFICATIONS.CREATED',
      }}
    />
  );
}
