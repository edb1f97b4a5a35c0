import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { PlugZapIcon } from 'lucide-react';
import type { FirebaseUnavailable } from '@contracts/api-replies';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';

const REASON_KEYS: Record<FirebaseUnavailable['reason'], ParseKeys> = {
  'signing-refused': 'SESSION.UNAVAILABLE_SIGNING_REFUSED',
  unreachable: 'SESSION.UNAVAILABLE_UNREACHABLE',
  unknown: 'SESSION.UNAVAILABLE_UNKNOWN',
};

/**
 * What a realtime screen (chat, notification history, a send) shows while the admin has no
 * Firebase session: why, and that it comes back by itself (the session keeper keeps asking).
 * A status rather than an alert: it says what is so, and is announced without interrupting.
 */
export function RealtimeUnavailableNotice({
  reason,
  className,
}: {
  reason: FirebaseUnavailable['reason'];
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <Alert role="status" className={className} data-testid="realtime-unavailable">
      <PlugZapIcon aria-hidden="true" />
      <AlertTitle>{t('SESSION.UNAVAILABLE_TITLE')}</AlertTitle>
      <AlertDescription>
        <p>{t(REASON_KEYS[reason])}</p>
        <p>{t('SESSION.UNAVAILABLE_RETRYING')}</p>
      </AlertDescription>
    </Alert>
  );
}
