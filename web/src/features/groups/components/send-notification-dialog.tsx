import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlertIcon, InfoIcon } from 'lucide-react';
import type { Group } from '@contracts/upstream/upstream';
import { DialogSubmitFooter } from '@/components/dialog-submit-footer';
import { AudienceLine } from '@/components/push-composer/audience-line';
import { PushTextFields } from '@/components/push-composer/push-text-fields';
import { SendLaterField, useSendLater } from '@/components/push-composer/send-later-field';
import { SendTestButton } from '@/components/push-composer/send-test-button';
import { RealtimeUnavailableNotice } from '@/components/realtime-unavailable-notice';
import { Alert, AlertDescription } from '@/components/ui/alert';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useRealtimeSession, useServices } from '@/lib/services';
import { formatDateTime } from '@/lib/time';
import { toast } from '@/lib/toast';
import { useNotifyMembers } from '../api/notify-members';
import { groupNotificationSchema, type GroupNotificationInput } from '../schemas';
import { describeFailure } from './describe-failure';

export interface SendNotificationDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  group: Group;
}

/**
 * A push to every member's devices, through a `notificationsAlert` entry targeting the group,
 * composed beside its live preview and with the members and devices it reaches; refused, with
 * the reason, while the admin has no database session to write it with.
 */
export function SendNotificationDialog({ open, onOpenChange, group }: SendNotificationDialogProps) {
  const { t } = useTranslation(['groups', 'push-composer']);
  const notify = useNotifyMembers();
  const later = useSendLater(useServices().now);
  const [failure, setFailure] = useState<string[] | null>(null);
  const form = useForm<GroupNotificationInput>({
    resolver: zodResolver(groupNotificationSchema),
    defaultValues: { title: '', description: '' },
  });
  const empty = group.users.length === 0;
  const realtime = useRealtimeSession();
  const unavailable = realtime.status === 'unavailable' ? realtime.reason : null;

  const close = (next: boolean) => {
    if (notify.isPending) return;
    onOpenChange(next);
  };

  const submit = form.handleSubmit(async (values) => {
    const sendAt = later.check();
    if (sendAt === undefined) return;
    setFailure(null);
    try {
      await notify.mutateAsync({
        group,
        title: values.title,
        description: values.description,
        sendAt: sendAt ?? undefined,
      });
    } catch (error) {
      setFailure(describeFailure(error, t));
      return;
    }
    toast.success(
      sendAt === null
        ? t('MESSAGES.NOTIFICATIONS_SENT')
        : t('push-composer:SEND_LATER.SCHEDULED', { when: formatDateTime(sendAt) }),
    );
    later.reset();
    onOpenChange(false);
  });

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        closeLabel={t('COMMON.CLOSE')}
        aria-busy={notify.isPending}
        data-testid="send-notification-dialog"
        className="sm:max-w-3xl"
      >
        <DialogHeader>
          <DialogTitle>{t('NOTIFY_TITLE')}</DialogTitle>
          <DialogDescription>
            {t('NOTIFY_DESCRIPTION', { name: group.name, value: group.users.length })}
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-5" noValidate onSubmit={(event) => void submit(event)}>
          {empty ? null : (
            <AudienceLine query={open ? { target: 'group', id: String(group.id) } : null} />
          )}
          <PushTextFields
            form={form}
            labels={{ title: t('TITLE'), description: t('DESCRIPTION') }}
            pending={notify.isPending}
          />
          {empty ? null : <SendLaterField {...later.field} disabled={notify.isPending} />}
          {empty ? (
            <Alert>
              <InfoIcon aria-hidden="true" />
              <AlertDescription>{t('NO_MEMBERS_TO_NOTIFY')}</AlertDescription>
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
          <DialogSubmitFooter
            start={
              <SendTestButton
                disabled={notify.isPending}
                prepare={async () => ((await form.trigger()) ? form.getValues() : null)}
              />
            }
            type="submit"
            pending={notify.isPending}
            disabled={empty || unavailable !== null}
          >
            {later.later ? t('push-composer:SEND_LATER.SUBMIT') : t('SEND')}
          </DialogSubmitFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
