import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarClockIcon, PencilIcon, XIcon } from 'lucide-react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Permitted } from '@/components/permitted';
import { Refusable } from '@/components/refusable';
import { Button } from '@/components/ui/button';
import { useChangePolicy } from '@/lib/changes/use-change-policy';
import { pushPermission } from '@/lib/roles/grants';
import { useAllows } from '@/lib/roles/roles';
import { formatDateTime } from '@/lib/time';
import { toast } from '@/lib/toast';
import { realtimeErrorLines } from '../api/realtime-errors';
import {
  usePendingScheduled,
  useScheduledStore,
  type PendingScheduled,
} from '../api/scheduled-store';
import { ScheduledEditDialog } from './scheduled-edit-dialog';

/**
 * The History's "Scheduled" section: notifications waiting to be sent, soonest first, each with
 * who it goes to and when (Los Angeles time), to edit or cancel until it goes. Hidden while
 * there is none (docs/decisions.md).
 */
export function ScheduledSection() {
  const { t } = useTranslation('notifications');
  const store = useScheduledStore();
  const list = usePendingScheduled(store);
  const [editing, setEditing] = useState<PendingScheduled | null>(null);
  const [cancelling, setCancelling] = useState<PendingScheduled | null>(null);
  const pending = list.status === 'ready' ? list.pending : [];
  // Read once for the section, and only while a send to everyone waits.
  const { policy } = useChangePolicy(pending.some((entry) => entry.target === 'all'));

  const cancel = async () => {
    if (!cancelling) return;
    await store.cancel(cancelling.key);
    toast.success(t('SCHEDULED.CANCELLED'));
  };

  return (
    <>
      {pending.length > 0 ? (
        <section aria-labelledby="scheduled-heading" className="grid gap-3" data-testid="scheduled">
          <div className="flex flex-col gap-1">
            <h2 id="scheduled-heading" className="text-lg font-semibold">
              {t('SCHEDULED.HEADING')}
            </h2>
            <p className="text-sm text-muted-foreground">{t('SCHEDULED.INTRO')}</p>
          </div>
          <ul className="grid gap-2">
            {pending.map((entry) => (
              <li
                key={entry.key}
                className="flex flex-col gap-3 rounded-lg border bg-card px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="grid min-w-0 gap-1">
                  <p className="font-medium break-words">{entry.title}</p>
                  <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
                    <span>{t('SCHEDULED.TO', { audience: audienceOf(entry, t) })}</span>
                    <span className="inline-flex items-center gap-1">
                      <CalendarClockIcon aria-hidden="true" className="size-3.5" />
                      <time
                        dateTime={new Date(entry.sendAt).toISOString()}
                        className="tabular-nums"
                      >
                        {formatDateTime(entry.sendAt)}
                      </time>
                      <span>({t('HISTORY.LOS_ANGELES_TIME')})</span>
                    </span>
                  </p>
                </div>
                <div className="flex shrink-0 gap-2">
                  <EditButton
                    entry={entry}
                    held={entry.target === 'all' && policy.pushAll}
                    onEdit={() => setEditing(entry)}
                  />
                  <Permitted permission={pushPermission(entry.target)}>
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      aria-label={t('SCHEDULED.CANCEL_LABEL', { title: entry.title })}
                      onClick={() => setCancelling(entry)}
                    >
                      <XIcon aria-hidden="true" />
                      {t('SCHEDULED.CANCEL')}
                    </Button>
                  </Permitted>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <ScheduledEditDialog
        entry={editing}
        store={store}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
      />
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => {
          if (!open) setCancelling(null);
        }}
        title={t('SCHEDULED.CANCEL_TITLE')}
        description={t('SCHEDULED.CANCEL_TEXT', { title: cancelling?.title ?? '' })}
        confirmLabel={t('SCHEDULED.CANCEL_CONFIRM')}
        cancelLabel={t('SCHEDULED.KEEP')}
        variant="destructive"
        onConfirm={cancel}
        describeError={(error) => realtimeErrorLines(error, t, 'delete')}
        testId="cancel-scheduled-dialog"
      />
    </>
  );
}

/**
 * Edit, refused while the admin's roles do not allow the send, or while it is `held`: a send to
 * everyone while the policy holds those for approval. The database then refuses the browser's
 * change of it, which can still be cancelled and asked for again.
 */
function EditButton({
  entry,
  held,
  onEdit,
}: {
  entry: PendingScheduled;
  held: boolean;
  onEdit: () => void;
}) {
  const { t } = useTranslation('notifications');
  const allowance = useAllows(pushPermission(entry.target));
  const reason = !allowance.allowed ? allowance.reason : held ? t('SCHEDULED.EDIT_HELD') : null;
  return (
    <Refusable reason={reason}>
      <Button
        type="button"
        variant="outline"
        size="sm"
        aria-label={t('SCHEDULED.EDIT_LABEL', { title: entry.title })}
        onClick={onEdit}
      >
        <PencilIcon aria-hidden="true" />
        {t('SCHEDULED.EDIT')}
      </Button>
    </Refusable>
  );
}

function audienceOf(
  entry: PendingScheduled,
  t: ReturnType<typeof useTranslation<'notifications'>>['t'],
): string {
  if (entry.target === 'all') return t('HISTORY.TO_ALL');
  return entry.userName || (entry.target === 'user' ? t('HISTORY.A_USER') : t('HISTORY.A_GROUP'));
}
