import { useTranslation } from 'react-i18next';
import { CircleCheckIcon, CircleXIcon, ClockIcon } from 'lucide-react';
import type { Alert } from '@contracts/push/alerts';
import { Badge } from '@/components/ui/badge';
import { Spinner } from '@/components/ui/spinner';

/** A push normally reports back within seconds; past this, "pending" would mislead. */
export const DELIVERY_REPORT_EXPECTED_MS = 10 * 60_000;

/**
 * The delivery the functions recorded for an alert: devices reached and failed, FCM's reason
 * when it refused the message itself, or pending while the push is still going out.
 */
export function DeliveryStatus({ alert, now }: { alert: Alert; now: number }) {
  const { t } = useTranslation('notifications');
  const delivery = alert.delivery;
  if (!delivery) {
    if (now - alert.timeStamp > DELIVERY_REPORT_EXPECTED_MS) {
      return (
        <Badge variant="outline" className="text-muted-foreground">
          <ClockIcon aria-hidden="true" />
          {t('DELIVERY.NO_REPORT')}
        </Badge>
      );
    }
    return (
      <Badge variant="warning">
        <Spinner className="size-3" />
        {t('DELIVERY.PENDING')}
      </Badge>
    );
  }
  if (delivery.sent + delivery.failed === 0) {
    return (
      <Badge variant="outline" className="text-muted-foreground">
        {t('DELIVERY.NO_DEVICES')}
      </Badge>
    );
  }
  return (
    <div className="flex flex-wrap gap-1">
      <Badge variant="success" className="tabular-nums">
        <CircleCheckIcon aria-hidden="true" />
        {t('DELIVERY.SENT', { sent: delivery.sent.toLocaleString('en-US') })}
      </Badge>
      {delivery.failed > 0 ? (
        <Badge variant="destructive" className="tabular-nums">
          <CircleXIcon aria-hidden="true" />
          {t('DELIVERY.FAILED', { failed: delivery.failed.toLocaleString('en-US') })}
        </Badge>
      ) : null}
      {/* FCM's reasons are long unbroken codes: a wrapping line, not a badge that widens the column. */}
      {delivery.error === undefined ? null : (
        <p className="max-w-48 basis-full text-xs wrap-anywhere text-destructive">
          {t('DELIVERY.REFUSED', { reason: delivery.error })}
        </p>
      )}
    </div>
  );
}
