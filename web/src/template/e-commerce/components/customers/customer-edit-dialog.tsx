import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { CUSTOMER_DEFAULTS, type CustomerFields } from '../../schemas';
import { useShop } from '../../state/shop';
import { ShopEditDialog } from '../shop-edit-dialog';
import { useRecordForEdit } from '../shop-form';
import { customerName } from './customer-columns';
import { CUSTOMER_FIELDS, customerFormSchema, customerFormValues } from './customer-form';

/**
 * A customer to create (`id` null, with CUSTOMER_DEFAULTS) or edit, over the list: the record
 * is fetched into the list state's item for edit; an unknown id says so (the endpoint's 400).
 */
export function CustomerEditDialog({
  id,
  onClose,
}: {
  id: number | null;
  onClose: (saved: boolean) => void;
}) {
  const { t } = useTranslation('e-commerce');
  const { customers } = useShop();
  const { actions } = customers;
  const { record: customer, failure } = useRecordForEdit(customers, id, 'CUSTOMERS.RECORD');
  return (
    <ShopEditDialog
      testId="customer-edit-dialog"
      wide
      title={id === null ? t('CUSTOMERS.NEW') : t('CUSTOMERS.EDIT_TITLE')}
      description={
        customer
          ? t('CUSTOMERS.EDIT_DESCRIPTION', { name: customerName(customer) })
          : id === null
            ? t('CUSTOMERS.NEW_DESCRIPTION')
            : t('CUSTOMERS.NUMBER', { id })
      }
      onClose={onClose}
      load={failure ?? (id === null || customer ? null : 'loading')}
      form={{
        resolver: zodResolver(customerFormSchema),
        values: customerFormValues(customer ?? CUSTOMER_DEFAULTS),
        fields: CUSTOMER_FIELDS,
        record: 'CUSTOMERS.RECORD',
        save: (fields: CustomerFields) =>
          customer ? actions.update(customer, fields) : actions.create(fields),
        saved: customer ? 'ECOMMERCE.CUSTOMERS.UPDATED' : 'ECOMMERCE.CUSTOMERS.CREATED',
      }}
    />
  );
}
