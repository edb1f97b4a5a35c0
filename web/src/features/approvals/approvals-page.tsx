import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InboxIcon } from 'lucide-react';
import { isOpen, type Decision } from '@contracts/changes/changes';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { LoadFailed } from '@/components/load-failed';
import { usePageMeta } from '@/components/page-meta';
import { RealtimeUnavailableNotice } from '@/components/realtime-unavailable-notice';
import { Skeleton } from '@/components/ui/skeleton';
import type { RequestRow } from '@/lib/changes/change-store';
import { useChangeRequests, useExpiryClock } from '@/lib/changes/use-changes';
import { useAllows } from '@/lib/roles/roles';
import { useRealtimeSession, useSession } from '@/lib/services';
import { PolicyCard } from './components/policy-card';
import { RejectDialog } from './components/reject-dialog';
import { RequestCard } from './components/request-card';
import { useDecision } from './components/use-decision';
import { realtimeErrorLines } from './errors';
import { inboxOrder } from './requests';

interface OpenDialog {
  decision: Decision;
  row: RequestRow;
}

/**
 * /approvals: the changes held for a second admin, live, open ones first, then newest first;
 * Approve, Reject (with a reason) and Withdraw on an open one; and the policy that holds them.
 * Every admin reads it; what a request would do only the admins who may approve.
 */
export function ApprovalsPage() {
  const { t } = useTranslation('approvals');
  usePageMeta({ title: t('TITLE') });
  const realtime = useRealtimeSession();
  const session = useSession();
  const ownUid = session ? String(session.user.id) : null;
  const mayApprove = useAllows('changes.approve').allowed;
  const { live, retry } = useChangeRequests();
  const rows = live.status === 'ready' ? live.value : undefined;
  const now = useExpiryClock(rows);
  const ordered = useMemo(() => (rows ? inboxOrder(rows, now) : undefined), [rows, now]);
  const open = ordered?.filter((row) => isOpen(row, now)).length ?? 0;
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const decide = useDecision();

  const closeDialog = (next: boolean) => {
    if (!next) setDialog(null);
  };
  const confirming = dialog?.decision === 'reject' ? null : dialog;
  const confirm = () =>
    confirming ? decide(confirming.row.id, confirming.decision) : Promise.resolve();

  return (
    <div className="grid gap-5">
      <p className="max-w-3xl text-sm text-muted-foreground">{t('INTRO')}</p>

      {/* Without the admin's database session nothing here can be read: say why instead of
          waiting, until the session keeper has it back. */}
      {realtime.status === 'unavailable' ? (
        <RealtimeUnavailableNotice reason={realtime.reason} />
      ) : (
        <>
          <section aria-labelledby="approvals-requests" className="grid gap-3">
            <header className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id="approvals-requests" className="text-lg font-semibold">
                {t('LIST.HEADING')}
              </h2>
              {ordered ? (
                <p className="text-sm text-muted-foreground" data-testid="open-requests">
                  {t('LIST.OPEN', { open })}
                </p>
              ) : null}
            </header>
            {live.status === 'error' ? (
              <LoadFailed
                title={t('LIST.LOAD_FAILED')}
                lines={realtimeErrorLines(live.error, t)}
                onRetry={retry}
              />
            ) : ordered === undefined ? (
              <div role="status" className="grid gap-3">
                <span className="sr-only">{t('LIST.LOADING')}</span>
                <Skeleton className="h-36" aria-hidden="true" />
                <Skeleton className="h-36" aria-hidden="true" />
              </div>
            ) : ordered.length === 0 ? (
              <EmptyState
                icon={<InboxIcon aria-hidden="true" />}
                title={t('LIST.EMPTY_TITLE')}
                description={t('LIST.EMPTY_TEXT')}
                data-testid="no-requests"
              />
            ) : (
              <ul aria-label={t('LIST.LABEL')} className="grid gap-3">
                {ordered.map((row) => (
                  <li key={row.id}>
                    <RequestCard
                      row={row}
                      now={now}
                      ownUid={ownUid}
                      mayApprove={mayApprove}
                      onDecide={(decision, chosen) => setDialog({ decision, row: chosen })}
                    />
                  </li>
                ))}
              </ul>
            )}
          </section>

          <PolicyCard />
        </>
      )}

      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={closeDialog}
        title={
          confirming?.decision === 'withdraw'
            ? t('WITHDRAW_DIALOG.TITLE')
            : t('APPROVE_DIALOG.TITLE')
        }
        description={
          confirming?.decision === 'withdraw'
            ? t('WITHDRAW_DIALOG.TEXT', { summary: confirming.row.summary })
            : t('APPROVE_DIALOG.TEXT', { summary: confirming?.row.summary ?? '' })
        }
        confirmLabel={
          confirming?.decision === 'withdraw' ? t('ACTIONS.WITHDRAW') : t('ACTIONS.APPROVE')
        }
        cancelLabel={
          confirming?.decision === 'withdraw' ? t('WITHDRAW_DIALOG.KEEP') : t('COMMON.CANCEL')
        }
        variant={confirming?.decision === 'withdraw' ? 'destructive' : 'default'}
        onConfirm={confirm}
        testId="decision-dialog"
      />
      <RejectDialog
        open={dialog?.decision === 'reject'}
        onOpenChange={closeDialog}
        row={dialog?.decision === 'reject' ? dialog.row : null}
      />
    </div>
  );
}
