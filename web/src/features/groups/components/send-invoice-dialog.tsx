import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { CircleAlertIcon, TriangleAlertIcon } from 'lucide-react';
import { LIMITS } from '@contracts/realtime';
import type { Group } from '@contracts/upstream/upstream';
import { DialogCancelButton, PendingButton } from '@/components/dialog-submit-footer';
import { TextField } from '@/components/form-field';
import { RealtimeUnavailableNotice } from '@/components/realtime-unavailable-notice';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { errorLines } from '@/lib/api/api-client';
import { useApi, useRealtimeSession } from '@/lib/services';
import { toast } from '@/lib/toast';
import { createReport } from '../api/create-report';
import { membersQueryOptions, type Member } from '../api/get-members';
import { useNotifyMembers } from '../api/notify-members';
import { groupInvoiceSchema, INVOICE_FIELD_REQUIRED, type GroupInvoiceInput } from '../schemas';
import { createReports, type InvoiceFailure } from '../send-invoices';
import { describeFailure } from './describe-failure';
import { TextAreaField } from './form-fields';

export interface SendInvoiceDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  group: Group;
}

type Phase =
  | { kind: 'form' }
  | { kind: 'running'; done: number; total: number }
  | { kind: 'partial'; members: Member[]; failed: InvoiceFailure<Member>[] };

/** Names shown in the summary of failures; the rest are counted. */
const FAILED_NAMES_SHOWN = 5;

/**
 * Send Invoice: one report (title, description, link) for every member of the group, created a
 * few at a time with progress, then one notification to the group. Some failures leave the
 * admin a summary, a retry of just those, or notifying the rest anyway. Nothing starts while
 * the admin has no database session: the reports would go out and the notification could not,
 * and sending again later would make every report twice.
 */
export function SendInvoiceDialog({ open, onOpenChange, group }: SendInvoiceDialogProps) {
  const { t } = useTranslation('groups');
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotifyMembers();
  const [phase, setPhase] = useState<Phase>({ kind: 'form' });
  const [failure, setFailure] = useState<string[] | null>(null);
  const form = useForm<GroupInvoiceInput>({
    resolver: zodResolver(groupInvoiceSchema),
    defaultValues: { title: '', description: '', url: '' },
  });
  const busy = phase.kind === 'running' || notify.isPending || form.formState.isSubmitting;
  const realtime = useRealtimeSession();
  const unavailable = realtime.status === 'unavailable' ? realtime.reason : null;

  const close = (next: boolean) => {
    if (busy) return;
    onOpenChange(next);
  };

  const finish = async (members: readonly Member[], values: GroupInvoiceInput, all: boolean) => {
    try {
      await notify.mutateAsync({
        group,
        title: values.title,
        description: values.description,
        memberIds: members.map((member) => member.id),
      });
    } catch (error) {
      setFailure([t('INVOICES_NOT_NOTIFIED'), ...describeFailure(error, t)]);
      return;
    }
    if (all) toast.success(t('MESSAGES.INVOICE_SENT'));
    else toast.warning(t('INVOICES_PARTIAL_SENT'));
    onOpenChange(false);
  };

  const run = async (members: readonly Member[], everyone: readonly Member[]) => {
    const values = form.getValues();
    setFailure(null);
    setPhase({ kind: 'running', done: 0, total: members.length });
    const outcome = await createReports({
      members,
      create: (member, signal) =>
        createReport(
          api,
          {
            user_id: member.id,
            title: values.title.trim(),
            description: values.description.trim(),
            url: values.url.trim() || null,
          },
          signal,
        ),
      onProgress: (done, total) => setPhase({ kind: 'running', done, total }),
    });
    if (outcome.failed.length === 0) {
      setPhase({ kind: 'form' });
      await finish(everyone, values, true);
      return;
    }
    const createdBefore = everyone.length - members.length;
    if (outcome.created.length === 0 && createdBefore === 0) {
      setPhase({ kind: 'form' });
      setFailure([t('INVOICES_ALL_FAILED'), ...errorLines(outcome.failed[0]?.error, t)]);
      return;
    }
    setPhase({ kind: 'partial', members: [...everyone], failed: outcome.failed });
  };

  const submit = form.handleSubmit(
    async () => {
      setFailure(null);
      let members: Member[];
      try {
        const list = await queryClient.fetchQuery({
          ...membersQueryOptions(api, group.id),
          staleTime: 0,
        });
        members = list.items;
      } catch (error) {
        setFailure(errorLines(error, t));
        return;
      }
      if (members.length === 0) {
        setFailure([t('NO_MEMBERS_TO_INVOICE')]);
        return;
      }
      await run(members, members);
    },
    (errors) => {
      const messages = [errors.title, errors.description, errors.url].map((e) => e?.message);
      // An empty field: the form as a whole says 'Please Enter All Fields'.
      if (messages.includes(INVOICE_FIELD_REQUIRED)) toast.error(t('MESSAGES.ENTER_ALL_FIELDS'));
    },
  );

  const failedNames =
    phase.kind === 'partial'
      ? phase.failed.slice(0, FAILED_NAMES_SHOWN).map((f) => f.member.name)
      : [];

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        closeLabel={t('COMMON.CLOSE')}
        aria-busy={busy}
        data-testid="send-invoice-dialog"
      >
        <DialogHeader>
          <DialogTitle>{t('INVOICE_TITLE')}</DialogTitle>
          <DialogDescription>
            {t('INVOICE_DESCRIPTION', { name: group.name, value: group.users.length })}
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-5" noValidate onSubmit={(event) => void submit(event)}>
          <TextField
            form={form}
            name="title"
            label={t('TITLE')}
            disabled={busy || phase.kind === 'partial'}
          />
          <TextAreaField
            form={form}
            name="description"
            label={t('DESCRIPTION')}
            rows={3}
            maxLength={LIMITS.alertDescription}
            disabled={busy || phase.kind === 'partial'}
          />
          <TextField
            form={form}
            name="url"
            label={t('INVOICE_URL')}
            placeholder="https://"
            disabled={busy || phase.kind === 'partial'}
          />
          {phase.kind === 'running' ? (
            <div className="grid gap-2" data-testid="invoice-progress">
              <div className="flex items-center justify-between text-sm">
                <span className="flex items-center gap-2">
                  <Spinner />
                  {t('INVOICES_CREATING')}
                </span>
                <span className="text-muted-foreground tabular-nums">
                  {t('PROGRESS_OF', { done: phase.done, total: phase.total })}
                </span>
              </div>
              <div
                role="progressbar"
                aria-label={t('INVOICES_CREATING')}
                aria-valuemin={0}
                aria-valuemax={phase.total}
                aria-valuenow={phase.done}
                className="h-2 overflow-hidden rounded-full bg-muted"
              >
                <div
                  className="h-full rounded-full bg-primary transition-[width] duration-200"
                  style={{ width: `${(phase.done / Math.max(1, phase.total)) * 100}%` }}
                />
              </div>
            </div>
          ) : null}
          {phase.kind === 'partial' ? (
            <Alert data-testid="invoice-summary">
              <TriangleAlertIcon aria-hidden="true" className="text-warning" />
              <AlertTitle>
                {t('INVOICES_SOME_FAILED', {
                  failed: phase.failed.length,
                  total: phase.members.length,
                })}
              </AlertTitle>
              <AlertDescription>
                <p>
                  {failedNames.join(', ')}
                  {phase.failed.length > failedNames.length
                    ? ` ${t('AND_MORE', { value: phase.failed.length - failedNames.length })}`
                    : ''}
                </p>
                <p>{errorLines(phase.failed[0]?.error, t)[0]}</p>
              </AlertDescription>
            </Alert>
          ) : null}
          {unavailable ? <RealtimeUnavailableNotice reason={unavailable} /> : null}
          {failure ? (
            <Alert variant="destructive">
              <CircleAlertIcon aria-hidden="true" />
              <AlertDescription>
                {failure.map((line, at) => (
                  <p key={at}>{line}</p>
                ))}
              </AlertDescription>
            </Alert>
          ) : null}
          <DialogFooter>
            <DialogCancelButton pending={busy} />
            {phase.kind === 'partial' ? (
              <>
                <PendingButton
                  type="button"
                  variant="outline"
                  pending={notify.isPending}
                  disabled={busy || unavailable !== null}
                  onClick={() => void finish(phase.members, form.getValues(), false)}
                >
                  {t('NOTIFY_ANYWAY')}
                </PendingButton>
                <Button
                  type="button"
                  disabled={busy || unavailable !== null}
                  onClick={() =>
                    void run(
                      phase.failed.map((f) => f.member),
                      phase.members,
                    )
                  }
                >
                  {t('RETRY_FAILED', { value: phase.failed.length })}
                </Button>
              </>
            ) : (
              <PendingButton type="submit" pending={busy} disabled={unavailable !== null}>
                {t('SEND')}
              </PendingButton>
            )}
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
