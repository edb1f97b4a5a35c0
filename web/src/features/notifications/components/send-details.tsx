import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ListIcon } from 'lucide-react';
import type { Alert, Delivery } from '@contracts/push/alerts';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { formatDateTime } from '@/lib/time';

const number = (value: number) => value.toLocaleString('en-US');

/** Who the send went to: everyone, one user, or a group under the name it was sent with. */
export function audienceOf(alert: Alert, t: TFunction<'notifications'>): string {
  if (alert.target === 'all') return t('DETAILS.TO_ALL');
  if (alert.target === 'user')
    return t('DETAILS.TO_USER', { name: alert.userName || t('HISTORY.UNNAMED') });
  return t('DETAILS.TO_GROUP', { name: alert.delivery?.group?.name ?? alert.userName });
}

/**
 * The figures of one delivery record, in the order a reader asks them. Records written before
 * the failures were split (and the tokens counted) show those figures as not recorded.
 */
export function SendDetailsList({ alert, delivery }: { alert: Alert; delivery: Delivery }) {
  const { t } = useTranslation('notifications');
  const optional = (value: number | undefined) =>
    value === undefined ? t('DETAILS.NOT_RECORDED') : number(value);
  const rows: [string, string][] = [
    [t('DETAILS.AUDIENCE'), audienceOf(alert, t)],
    [t('DETAILS.DEVICES'), number(delivery.devices ?? delivery.sent + delivery.failed)],
    [t('DETAILS.SENT'), number(delivery.sent)],
    [t('DETAILS.FAILED'), number(delivery.failed)],
    [t('DETAILS.TRANSIENT'), optional(delivery.transient)],
    [t('DETAILS.PERMANENT'), optional(delivery.permanent)],
    [t('DETAILS.PRUNED'), optional(delivery.pruned)],
    [t('DETAILS.WHEN'), formatDateTime(delivery.at)],
  ];
  return (
    <div className="grid gap-2">
      <dl className="grid text-sm" data-testid="send-details">
        {rows.map(([term, value]) => (
          <div key={term} className="flex justify-between gap-4 border-b py-2 last:border-b-0">
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="min-w-0 text-right font-medium break-words tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {delivery.error === undefined ? null : (
        <p className="text-xs wrap-anywhere text-destructive">
          {t('DELIVERY.REFUSED', { reason: delivery.error })}
        </p>
      )}
    </div>
  );
}

/** A history row's "Details" button and the dialog it opens; none before the push reported. */
export function SendDetails({ alert }: { alert: Alert }) {
  const { t } = useTranslation('notifications');
  const [open, setOpen] = useState(false);
  const { delivery } = alert;
  if (delivery === undefined) return null;
  return (
    <>
      <Button
        type="button"
        size="sm"
        variant="ghost"
        aria-label={t('DETAILS.OPEN', { title: alert.title })}
        onClick={() => setOpen(true)}
      >
        <ListIcon aria-hidden="true" />
        {t('DETAILS.BUTTON')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent closeLabel={t('COMMON.CLOSE')} className="sm:max-w-lg">
          <DialogHeader>
            <DialogTitle>{t('DETAILS.TITLE')}</DialogTitle>
            <DialogDescription className="break-words">{alert.title}</DialogDescription>
          </DialogHeader>
          <SendDetailsList alert={alert} delivery={delivery} />
        </DialogContent>
      </Dialog>
    </>
  );
}
