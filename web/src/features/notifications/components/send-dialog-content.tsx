import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { CircleAlertIcon, SendIcon, TriangleAlertIcon } from 'lucide-react';
import { LIMITS } from '@contracts/realtime';
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
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { useRealtimeSession } from '@/lib/services';
import { toast } from '@/lib/toast';
import { useAlertStore } from '../api/alert-store';
import { realtimeErrorLines } from '../api/realtime-errors';
import { alertDraft, sendAlertInputSchema, type Recipient, type SendAlertInput } from '../schemas';

export interface SendDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Who it goes to; `users` is how many an "all users" send reaches. */
  recipient: Recipient | null;
  users: number;
}

const EMPTY: SendAlertInput = { title: '', description: '' };

/**
 * The Send Notification modal: title and description (both required), then, for every user,
 * one more step that says how far it reaches. A failure keeps what was typed. Without the
 * admin's database session nothing can be sent: the modal says why and waits for it.
 */
export function SendDialogContent({ open, onOpenChange, recipient, users }: SendDialogProps) {
  const { t } = useTranslation('notifications');
  const store = useAlertStore();
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

  const change = (next: boolean) => {
    if (pending) return;
    if (!next) {
      form.reset(EMPTY);
      setConfirming(null);
      setFailure(null);
    }
    onOpenChange(next);
  };

  const send = async (values: SendAlertInput) => {
    if (!recipient) return;
    setPending(true);
    setFailure(null);
    try {
      await store.send(alertDraft(values, recipient));
    } catch (error) {
      setPending(false);
      setFailure(realtimeErrorLines(error, t));
      return;
    }
    setPending(false);
    toast.success(t('MESSAGES.NOTIFICATIONS_SENT'));
    form.reset(EMPTY);
    setConfirming(null);
    onOpenChange(false);
  };

  const submit = form.handleSubmit(async (values) => {
    if (toAll) {
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
      <DialogContent closeLabel={t('COMMON.CLOSE')} aria-busy={pending}>
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
              <Button
                type="button"
                disabled={pending || unavailable !== null}
                aria-busy={pending}
                onClick={() => void send(confirming)}
              >
                {pending ? <Spinner /> : <SendIcon aria-hidden="true" />}
                {t('SEND.CONFIRM_SUBMIT')}
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-5">
            <DialogHeader>
              <DialogTitle>{heading}</DialogTitle>
              <DialogDescription>
                {toAll ? t('SEND.DESCRIPTION_ALL') : t('SEND.DESCRIPTION_USER')}
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
            <FormField
              control={form.control}
              name="title"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t('SEND.FIELD_TITLE')}</FormLabel>
                  <FormControl>
                    <Input
                      {...field}
                      autoComplete="off"
                      maxLength={LIMITS.alertTitle}
                      placeholder={t('SEND.FIELD_TITLE_PLACEHOLDER')}
                      readOnly={pending}
                    />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="description"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t('SEND.FIELD_DESCRIPTION')}</FormLabel>
                  <FormControl>
                    <Textarea
                      {...field}
                      rows={4}
                      maxLength={LIMITS.alertDescription}
                      placeholder={t('SEND.FIELD_DESCRIPTION_PLACEHOLDER')}
                      readOnly={pending}
                      className="max-h-64"
                    />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            {unavailable ? <RealtimeUnavailableNotice reason={unavailable} /> : null}
            {failure ? <FailureAlert lines={failure} /> : null}
            <DialogFooter>
              <Button
                type="button"
                variant="outline"
                onClick={() => change(false)}
                disabled={pending}
              >
                {t('COMMON.CANCEL')}
              </Button>
              <Button type="submit" disabled={pending || unavailable !== null} aria-busy={pending}>
                {pending ? <Spinner /> : <SendIcon aria-hidden="true" />}
                {toAll ? t('SEND.NEXT') : t('SEND.SUBMIT')}
              </Button>
            </DialogFooter>
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
