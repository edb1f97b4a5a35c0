import { Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { SaveIcon } from 'lucide-react';
import { DialogSubmitFooter } from '@/components/dialog-submit-footer';
import { PushTextFields } from '@/components/push-composer/push-text-fields';
import { SendLaterField } from '@/components/push-composer/send-later-field';
import {
  resolveSendAt,
  valuesAt,
  type SendLaterError,
  type SendLaterValues,
} from '@/components/push-composer/send-later-time';
import { Alert, AlertDescription } from '@/components/ui/alert';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useServices } from '@/lib/services';
import { toast } from '@/lib/toast';
import { realtimeErrorLines } from '../api/realtime-errors';
import type { PendingScheduled, ScheduledStore } from '../api/scheduled-store';
import { sendAlertInputSchema, type SendAlertInput } from '../schemas';

/**
 * The composer again over a scheduled notification: its title, text and time (Los Angeles) can
 * change until it goes; who it goes to stays.
 */
export function ScheduledEditDialog({ entry, store, onOpenChange }: EditProps) {
  return (
    <Dialog open={entry !== null} onOpenChange={onOpenChange}>
      {/* A form of its own per entry: each opens with that entry's values. Its first opening
          waits for the composer's strings here, not at the page's boundary, which would hide the
          page and the focused Edit button with it: the focus could not go back there on close. */}
      {entry ? (
        <Suspense fallback={null}>
          <EditForm key={entry.key} entry={entry} store={store} onOpenChange={onOpenChange} />
        </Suspense>
      ) : null}
    </Dialog>
  );
}

interface EditProps {
  entry: PendingScheduled | null;
  store: ScheduledStore;
  onOpenChange: (open: boolean) => void;
}

function EditForm({ entry, store, onOpenChange }: EditProps & { entry: PendingScheduled }) {
  const { t } = useTranslation(['notifications', 'push-composer']);
  const { now } = useServices();
  const form = useForm<SendAlertInput>({
    resolver: zodResolver(sendAlertInputSchema),
    mode: 'onTouched',
    defaultValues: { title: entry.title, description: entry.description },
  });
  const [later, setLater] = useState<SendLaterValues>(() => valuesAt(entry.sendAt));
  const [laterError, setLaterError] = useState<SendLaterError>();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string[] | null>(null);

  const save = form.handleSubmit(async (values) => {
    const when = resolveSendAt({ ...later, later: true }, now());
    if (!when.ok) {
      setLaterError(when.error);
      return;
    }
    // A later choice always resolves to a time.
    if (when.sendAt === null) return;
    const { title, description } = sendAlertInputSchema.parse(values);
    setPending(true);
    setFailure(null);
    try {
      await store.edit(entry.key, { title, description, sendAt: when.sendAt });
    } catch (error) {
      setPending(false);
      setFailure(realtimeErrorLines(error, t));
      return;
    }
    setPending(false);
    toast.success(t('SCHEDULED.SAVED'));
    onOpenChange(false);
  });

  return (
    <DialogContent closeLabel={t('COMMON.CLOSE')} aria-busy={pending} className="sm:max-w-3xl">
      <form onSubmit={(event) => void save(event)} noValidate className="grid gap-5">
        <DialogHeader>
          <DialogTitle>{t('SCHEDULED.EDIT_TITLE')}</DialogTitle>
          <DialogDescription>{t('SCHEDULED.EDIT_TEXT')}</DialogDescription>
        </DialogHeader>
        <PushTextFields
          form={form}
          labels={{ title: t('SEND.FIELD_TITLE'), description: t('SEND.FIELD_DESCRIPTION') }}
          pending={pending}
        />
        <SendLaterField
          value={later}
          onChange={(value) => {
            setLater(value);
            setLaterError(undefined);
          }}
          error={laterError}
          disabled={pending}
          alwaysLater
        />
        {failure ? (
          <Alert variant="destructive">
            <AlertDescription>
              {failure.map((line, at) => (
                <p key={at}>{line}</p>
              ))}
            </AlertDescription>
          </Alert>
        ) : null}
        <DialogSubmitFooter type="submit" pending={pending} icon={<SaveIcon aria-hidden="true" />}>
          {t('SCHEDULED.SAVE')}
        </DialogSubmitFooter>
      </form>
    </DialogContent>
  );
}
