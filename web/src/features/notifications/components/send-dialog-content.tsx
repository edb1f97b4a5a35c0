import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { CircleAlertIcon, SendIcon, ShieldCheckIcon, TriangleAlertIcon } from 'lucide-react';
import type { AudienceQuery } from '@contracts/audience';
import { DialogSubmitFooter, PendingButton } from '@/components/dialog-submit-footer';
import { AudienceLine } from '@/components/push-composer/audience-line';
import { PushTextFields } from '@/components/push-composer/push-text-fields';
import { SendTestButton } from '@/components/push-composer/send-test-button';
import { SendLaterField, useSendLater } from '@/components/push-composer/send-later-field';
import { RealtimeUnavailableNotice } from '@/components/realtime-unavailable-notice';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { errorLines } from '@/lib/api/api-client';
import { useChangePolicy } from '@/lib/changes/use-change-policy';
import { useHeldToast } from '@/lib/changes/use-held-toast';
import { useAudience } from '@/lib/push/audience';
import { useRealtimeSession, useServices } from '@/lib/services';
import { formatDateTime } from '@/lib/time';
import { toast } from '@/lib/toast';
import { useAlertStore } from '../api/alert-store';
import { realtimeErrorLines } from '../api/realtime-errors';
import { useRequestApproval } from '../api/request-approval';
import { useScheduledStore } from '../api/scheduled-store';
import { alertDraft, sendAlertInputSchema, type Recipient, type SendAlertInput } from '../schemas';

export interface SendDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Who it goes to; `users` is how many an "all users" send reaches. */
  recipient: Recipient | null;
  users: number;
}

const EMPTY: SendAlertInput = { title: '', description: '' };

/** The audience the functions count for a recipient of this screen. */
function audienceOf(recipient: Recipient | null): AudienceQuery | null {
  if (recipient === null) return null;
  return recipient.kind === 'all'
    ? { target: 'all' }
    : { target: 'user', id: String(recipient.userId) };
}

/**
 * The Send Notification composer: title and description (both required) beside a live preview
 * on Android, iPhone and desktop, and who it reaches as the functions count it; then, for every
 * user, one more step that says how far it reaches and waits until a stale user list is synced.
 * A failure keeps what was typed. Without the admin's database session nothing can be sent: the
 * modal says why and waits for it. While the policy holds pushes to everyone, such a push is not
 * written (the rules would refuse it): a second admin is asked to approve it (POST /api/changes,
 * which needs no database session), and the toast leads to Approvals.
 */
export function SendDialogContent({ open, onOpenChange, recipient, users }: SendDialogProps) {
  const { t } = useTranslation(['notifications', 'push-composer']);
  const store = useAlertStore();
  const scheduled = useScheduledStore();
  const { now } = useServices();
  const later = useSendLater(now);
  const form = useForm<SendAlertInput>({
    resolver: zodResolver(sendAlertInputSchema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const [confirming, setConfirming] = useState<SendAlertInput | null>(null);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string[] | null>(null);
  const toAll = recipient?.kind === 'all';
  const realtime = useRealtimeSession();
  const unavailable = realtime.status === 'unavailable' ? realtime.reason : null;
  const audienceQuery = open ? audienceOf(recipient) : null;
  // A push to everyone goes once the functions have synced a stale user list (a count failure
  // leaves the send possible: the line says so and offers to count again).
  const counting = useAudience(audienceQuery).isPending && toAll;
  // The policy as the database says (held until it is read): the rules refuse the write then.
  const { policy } = useChangePolicy();
  const held = toAll && policy.pushAll;
  const approval = useRequestApproval();
  const heldToast = useHeldToast();
  const noteId = useId();

  const change = (next: boolean) => {
    if (pending) return;
    if (!next) {
      form.reset(EMPTY);
      setConfirming(null);
      setFailure(null);
      later.reset();
    }
    onOpenChange(next);
  };

  const send = async (values: SendAlertInput) => {
    if (!recipient) return;
    // Checked again at the send itself: the time may have passed on the confirmation step.
    const sendAt = later.check();
    if (sendAt === undefined) return setConfirming(null);
    setPending(true);
    setFailure(null);
    try {
      const draft = alertDraft(values, recipient);
      if (held) await approval.mutateAsync({ draft, sendAt });
      else await (sendAt === null ? store.send(draft) : scheduled.schedule(draft, sendAt));
    } catch (error) {
      setPending(false);
      setFailure(held ? errorLines(error, t) : realtimeErrorLines(error, t));
      return;
    }
    setPending(false);
    if (held) {
      heldToast(t('SEND.SENT_FOR_APPROVAL'));
    } else {
      toast.success(
        sendAt === null
          ? t('MESSAGES.NOTIFICATIONS_SENT')
          : t('push-composer:SEND_LATER.SCHEDULED', { when: formatDateTime(sendAt) }),
      );
    }
    form.reset(EMPTY);
    setConfirming(null);
    later.reset();
    onOpenChange(false);
  };

  const submit = form.handleSubmit(async (values) => {
    if (later.check() === undefined) return;
    if (toAll && !held) {
      setFailure(null);
      setConfirming(values);
      return;
    }
    await send(values);
  });

  const heading =
    recipient?.kind === 'user'
      ? t('SEND.TITLE_USER', { name: recipient.name })
      : t('SEND.TITLE_ALL');

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent closeLabel={t('COMMON.CLOSE')} aria-busy={pending} className="sm:max-w-3xl">
        {confirming ? (
          <div className="grid gap-5" data-testid="send-all-confirmation">
            <DialogHeader>
              <DialogTitle>{t('SEND.CONFIRM_TITLE')}</DialogTitle>
              <DialogDescription>
                {t('SEND.CONFIRM_TEXT', { users: users.toLocaleString('en-US') })}
              </DialogDescription>
            </DialogHeader>
            <figure className="grid gap-1 rounded-lg border bg-muted/40 px-4 py-3 text-sm">
              <figcaption className="font-medium break-words">{confirming.title}</figcaption>
              <p className="break-words whitespace-pre-line text-muted-foreground">
                {confirming.description}
              </p>
            </figure>
            <AudienceLine query={audienceQuery} />
            {unavailable ? <RealtimeUnavailableNotice reason={unavailable} /> : null}
            {failure ? <FailureAlert lines={failure} /> : null}
            <DialogFooter>
              <Button
                type="button"
                variant="outline"
                disabled={pending}
                onClick={() => {
                  setFailure(null);
                  setConfirming(null);
                }}
              >
                {t('SEND.BACK')}
              </Button>
              <PendingButton
                type="button"
                pending={pending}
                disabled={counting || unavailable !== null}
                aria-busy={pending || counting}
                icon={<SendIcon aria-hidden="true" />}
                onClick={() => void send(confirming)}
              >
                {t('SEND.CONFIRM_SUBMIT')}
              </PendingButton>
            </DialogFooter>
          </div>
        ) : (
          <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-5">
            <DialogHeader>
              <DialogTitle>{heading}</DialogTitle>
              <DialogDescription>
                {held
                  ? t('SEND.DESCRIPTION_HELD')
                  : toAll
                    ? t('SEND.DESCRIPTION_ALL')
                    : t('SEND.DESCRIPTION_USER')}
              </DialogDescription>
            </DialogHeader>
            {toAll ? (
              <Alert>
                <TriangleAlertIcon aria-hidden="true" className="text-warning" />
                <AlertDescription>
                  {t('SEND.REACH_ALL', { users: users.toLocaleString('en-US') })}
                </AlertDescription>
              </Alert>
            ) : null}
            <AudienceLine query={audienceQuery} />
            <PushTextFields
              form={form}
              labels={{ title: t('SEND.FIELD_TITLE'), description: t('SEND.FIELD_DESCRIPTION') }}
              placeholders={{
                title: t('SEND.FIELD_TITLE_PLACEHOLDER'),
                description: t('SEND.FIELD_DESCRIPTION_PLACEHOLDER'),
              }}
              pending={pending}
            />
            <SendLaterField {...later.field} disabled={pending} />
            {unavailable ? <RealtimeUnavailableNotice reason={unavailable} /> : null}
            {failure ? <FailureAlert lines={failure} /> : null}
            <DialogSubmitFooter
              start={
                <SendTestButton
                  disabled={pending}
                  prepare={async () => ((await form.trigger()) ? form.getValues() : null)}
                />
              }
              type="submit"
              pending={pending}
              // A request goes through the API: it needs no database session.
              disabled={unavailable !== null && !held}
              aria-describedby={held ? noteId : undefined}
              icon={held ? <ShieldCheckIcon aria-hidden="true" /> : <SendIcon aria-hidden="true" />}
            >
              {held
                ? t('SEND.REQUEST_APPROVAL')
                : toAll
                  ? t('SEND.NEXT')
                  : later.later
                    ? t('push-composer:SEND_LATER.SUBMIT')
                    : t('SEND.SUBMIT')}
            </DialogSubmitFooter>
            {held ? (
              <p id={noteId} className="text-xs text-muted-foreground sm:text-right">
                {t('SEND.APPROVAL_NOTE')}
              </p>
            ) : null}
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

function FailureAlert({ lines }: { lines: string[] }) {
  return (
    <Alert variant="destructive">
      <CircleAlertIcon aria-hidden="true" />
      <AlertDescription>
        {lines.map((line, at) => (
          <p key={at}>{line}</p>
        ))}
      </AlertDescription>
    </Alert>
  );
}
