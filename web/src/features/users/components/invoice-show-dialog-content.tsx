import { useTranslation } from 'react-i18next';
import { PencilIcon } from 'lucide-react';
import type { Report } from '@contracts/upstream/upstream';
import { Permitted } from '@/components/permitted';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { InvoiceLink } from './invoice-columns';

export interface InvoiceShowDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  invoice: Report | null;
  onEdit: (invoice: Report) => void;
}

/** Show Invoice: the whole invoice, read-only, with a way on to Edit. */
export function InvoiceShowDialogContent({
  open,
  onOpenChange,
  invoice,
  onEdit,
}: InvoiceShowDialogProps) {
  const { t } = useTranslation('users');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('COMMON.CLOSE')}>
        <DialogHeader>
          <DialogTitle>{t('INVOICES.SHOW_TITLE')}</DialogTitle>
          <DialogDescription>{t('INVOICES.SHOW_DESCRIPTION')}</DialogDescription>
        </DialogHeader>
        {invoice ? (
          <dl className="grid gap-4 text-sm">
            <div className="grid gap-1">
              <dt className="text-xs font-medium text-muted-foreground uppercase">
                {t('INVOICES.FIELDS.TITLE')}
              </dt>
              <dd className="font-medium break-words">{invoice.title}</dd>
            </div>
            <div className="grid gap-1">
              <dt className="text-xs font-medium text-muted-foreground uppercase">
                {t('INVOICES.FIELDS.DESCRIPTION')}
              </dt>
              <dd className="break-words whitespace-pre-line">{invoice.description}</dd>
            </div>
            <div className="grid min-w-0 gap-1">
              <dt className="text-xs font-medium text-muted-foreground uppercase">
                {t('INVOICES.FIELDS.URL')}
              </dt>
              <dd className="min-w-0">
                <InvoiceLink url={invoice.url} noLink={t('INVOICES.NO_LINK')} />
              </dd>
            </div>
          </dl>
        ) : null}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            {t('COMMON.CLOSE')}
          </Button>
          {invoice ? (
            <Permitted permission="invoices.write">
              <Button type="button" onClick={() => onEdit(invoice)}>
                <PencilIcon aria-hidden="true" />
                {t('INVOICES.EDIT_TITLE')}
              </Button>
            </Permitted>
          ) : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
