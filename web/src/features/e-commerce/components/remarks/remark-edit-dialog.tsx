import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { REMARK_DEFAULTS, type Remark, type RemarkFields } from '../../schemas';
import { useShop } from '../../state/shop';
import { ShopEditDialog } from '../shop-edit-dialog';
import { REMARK_FIELDS, remarkFormSchema, remarkFormValues } from './remark-form';

/** A remark of a car to create (`remark` undefined, REMARK_DEFAULTS) or edit. */
export function RemarkEditDialog({
  carId,
  remark,
  onClose,
}: {
  carId: number;
  remark: Remark | undefined;
  onClose: (saved: boolean) => void;
}) {
  const { t } = useTranslation('e-commerce');
  const { actions } = useShop().remarks;
  return (
    <ShopEditDialog
      testId="remark-edit-dialog"
      title={remark ? t('REMARKS.EDIT_TITLE') : t('REMARKS.NEW')}
      description={t('REMARKS.DIALOG_DESCRIPTION')}
      onClose={onClose}
      form={{
        resolver: zodResolver(remarkFormSchema),
        values: remarkFormValues(remark ?? REMARK_DEFAULTS),
        fields: REMARK_FIELDS,
        record: 'REMARKS.RECORD',
        save: (fields: Omit<RemarkFields, 'carId'>) =>
          remark
            ? actions.update(remark, { ...fields, carId })
            : actions.create({ ...fields, carId }),
        saved: remark ? 'REMARKS.UPDATED' : 'REMARKS.CREATED',
      }}
    />
  );
}
