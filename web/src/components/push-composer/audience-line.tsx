import { useTranslation } from 'react-i18next';
import { RadioTowerIcon, RefreshCwIcon } from 'lucide-react';
import type { AudienceQuery } from '@contracts/audience';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useAudience } from '@/lib/push/audience';
import { useServices } from '@/lib/services';
import { formatTimeAgo, timeAgo } from '@/lib/time';

/**
 * Who a composed push will reach: users and devices as the functions count them, and how fresh
 * the user list they counted from is. A push to everyone waits for a stale list to be synced.
 */
export function AudienceLine({ query }: { query: AudienceQuery | null }) {
  const { t } = useTranslation('push-composer');
  const { now } = useServices();
  const audience = useAudience(query);
  if (query === null) return null;
  if (audience.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner className="size-3.5" />
        {query.target === 'all' ? t('AUDIENCE.COUNTING_ALL') : t('AUDIENCE.COUNTING')}
      </p>
    );
  }
  if (audience.isError) {
    return (
      <p role="status" className="flex flex-wrap items-center gap-2 text-sm text-destructive">
        {t('AUDIENCE.FAILED')}
        <Button type="button" size="sm" variant="outline" onClick={() => void audience.refetch()}>
          <RefreshCwIcon aria-hidden="true" />
          {t('AUDIENCE.RETRY')}
        </Button>
      </p>
    );
  }
  const { users, devices, syncedAt, refreshed } = audience.data;
  return (
    <p
      role="status"
      data-testid="audience"
      className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm"
    >
      <RadioTowerIcon aria-hidden="true" className="size-4 text-primary" />
      <span className="font-medium">
        {t('AUDIENCE.REACHES', {
          users: t('AUDIENCE.USERS', { count: users, value: users.toLocaleString('en-US') }),
          devices: t('AUDIENCE.DEVICES', {
            count: devices,
            value: devices.toLocaleString('en-US'),
          }),
        })}
      </span>
      <span className="text-muted-foreground">
        {syncedAt === null
          ? t('AUDIENCE.NEVER_SYNCED')
          : refreshed || timeAgo(syncedAt, now()).unit === 'today'
            ? t('AUDIENCE.JUST_SYNCED')
            : t('AUDIENCE.SYNCED', { ago: formatTimeAgo(syncedAt, now(), t) })}
      </span>
    </p>
  );
}
