import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon, Undo2Icon, XIcon } from 'lucide-react';
import { isOpen, type Decision } from '@contracts/changes/changes';
import { Permitted } from '@/components/permitted';
import { Button } from '@/components/ui/button';
import type { RequestRow } from '@/lib/changes/change-store';
import { DECIDER_LABELS, shownStatus, showsHeld } from '../requests';
import { Detail, When } from './detail';
import { HeldDetails } from './held-details';
import { StatusBadge } from './status-badge';

export interface RequestCardProps {
  row: RequestRow;
  now: number;
  /** The signed-in admin's uid. */
  ownUid: string | null;
  /** Whether the admin may approve (and so read what a request would do). */
  mayApprove: boolean;
  onDecide: (decision: Decision, row: RequestRow) => void;
}

/**
 * One request: what it is, who asked and when, until when it waits, whom a push reaches, how it
 * ended (what the upstream answered, when an approval could not make the change). While it is open, Approve and Reject for the others (refused, with why, to an admin
 * whose roles do not approve) and Withdraw for the admin who asked.
 */
export function RequestCard({ row, now, ownUid, mayApprove, onDecide }: RequestCardProps) {
  const { t } = useTranslation(['approvals', 'push-composer']);
  const headingId = useId();
  const open = isOpen(row, now);
  const own = ownUid !== null && row.requestedBy === ownUid;
  const status = shownStatus(row, now);
  const decider = DECIDER_LABELS[status];
  const requester = row.requesterEmail || t('REQUEST.UNKNOWN_ADMIN', { uid: row.requestedBy });
  const count = (value: number) => ({ count: value, value: value.toLocaleString('en-US') });

  return (
    <article
      aria-labelledby={headingId}
      className="grid gap-4 rounded-xl border bg-card p-4 shadow-xs sm:p-5"
      data-testid="change-request"
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="min-w-0 font-semibold break-words">
          {row.summary}
        </h3>
        <StatusBadge status={status} />
      </header>
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <Detail label={t('REQUEST.REQUESTED_BY')}>
          {own ? t('REQUEST.YOU', { email: requester }) : requester}
        </Detail>
        <Detail label={t('REQUEST.REQUESTED_AT')}>
          <When at={row.requestedAt} />
        </Detail>
        <Detail label={t('REQUEST.EXPIRES_AT')}>
          <When at={row.expiresAt} />
        </Detail>
        {row.kind === 'push' ? (
          <Detail label={t('REQUEST.AUDIENCE')}>
            {row.audience
              ? t('push-composer:AUDIENCE.REACHES', {
                  users: t('push-composer:AUDIENCE.USERS', count(row.audience.users)),
                  devices: t('push-composer:AUDIENCE.DEVICES', count(row.audience.devices)),
                })
              : t('REQUEST.AUDIENCE_UNKNOWN')}
          </Detail>
        ) : null}
        {decider && (row.decidedBy || row.deciderEmail) ? (
          <Detail label={t(decider)}>
            {row.deciderEmail || t('REQUEST.UNKNOWN_ADMIN', { uid: row.decidedBy ?? '' })}
          </Detail>
        ) : null}
        {decider && row.decidedAt !== undefined ? (
          <Detail label={t('REQUEST.DECIDED_AT')}>
            <When at={row.decidedAt} />
          </Detail>
        ) : null}
        {row.rejection ? (
          <Detail label={t('REQUEST.REJECTION')} className="sm:col-span-2 lg:col-span-4">
            <span className="whitespace-pre-line">{row.rejection}</span>
          </Detail>
        ) : null}
        {row.failure ? (
          <Detail label={t('REQUEST.FAILURE')} className="sm:col-span-2 lg:col-span-4">
            <span className="whitespace-pre-line">{row.failure}</span>
          </Detail>
        ) : null}
      </dl>
      {mayApprove && showsHeld(status) ? <HeldDetails id={row.id} /> : null}
      {open ? (
        <div className="flex flex-wrap gap-2">
          {own ? (
            <Button
              variant="outline"
              size="sm"
              aria-describedby={headingId}
              onClick={() => onDecide('withdraw', row)}
            >
              <Undo2Icon aria-hidden="true" />
              {t('ACTIONS.WITHDRAW')}
            </Button>
          ) : (
            <>
              <Permitted permission="changes.approve">
                <Button
                  size="sm"
                  aria-describedby={headingId}
                  onClick={() => onDecide('approve', row)}
                >
                  <CheckIcon aria-hidden="true" />
                  {t('ACTIONS.APPROVE')}
                </Button>
              </Permitted>
              <Permitted permission="changes.approve">
                <Button
                  variant="outline"
                  size="sm"
                  aria-describedby={headingId}
                  onClick={() => onDecide('reject', row)}
                >
                  <XIcon aria-hidden="true" />
                  {t('ACTIONS.REJECT')}
                </Button>
              </Permitted>
            </>
          )}
        </div>
      ) : null}
    </article>
  );
}
