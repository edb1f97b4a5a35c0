import { useCallback, useMemo, useState } from 'react';
import { LoadFailed } from '@/components/load-failed';
import { useTranslation } from 'react-i18next';
import { MegaphoneIcon } from 'lucide-react';
import { DataTable } from '@/components/data-table/data-table';
import { usePageMeta } from '@/components/page-meta';
import { Permitted } from '@/components/permitted';
import { Button } from '@/components/ui/button';
import { useAppUsers, type AppUserRow } from '@/lib/app-users/app-users';
import { errorLines } from '@/lib/api/api-client';
import { useLinkRequest } from '@/lib/api/link-request';
import { useAllows } from '@/lib/roles/roles';
import { toast } from '@/lib/toast';
import { recipientColumns } from './components/recipient-columns';
import { SendDialog } from './components/send-dialog';
import { NOTIFY_USER_PARAM, notifiedUserId } from './notify-link';
import type { Recipient } from './schemas';

/**
 * /send-notification: the users with a per-user send and Send To All. A send
 * writes a `notificationsAlert` entry; the functions push it to every device of its target.
 */
export function SendNotificationPage() {
  const { t } = useTranslation('notifications');
  usePageMeta({ title: t('MENU.SEND_NOTIFICATION') });
  const users = useAppUsers();
  const [recipient, setRecipient] = useState<Recipient | null>(null);

  const sendTo = useCallback(
    (user: AppUserRow) => {
      // A user with no devices cannot receive it; nothing is written.
      if (user.devices === 0) {
        toast.error(t('MESSAGES.USER_CANNOT_RECEIVE'));
        return;
      }
      setRecipient({ kind: 'user', userId: user.id, name: user.name });
    },
    [t],
  );
  const columns = useMemo(() => recipientColumns({ t, onSend: sendTo }), [t, sendTo]);
  const targeted = useAllows('push.targeted');
  // A link naming a user (the command palette's) opens that user's send dialog once the list is in.
  useLinkRequest(NOTIFY_USER_PARAM, users.data !== undefined, (value) => {
    if (targeted.reason !== undefined) {
      toast.warning(targeted.reason);
      return;
    }
    const id = notifiedUserId(value);
    const user = users.data?.items.find((row) => row.id === id);
    if (user) sendTo(user);
    else toast.error(t('SEND_PAGE.LINKED_USER_MISSING'));
  });
  const count = users.data?.items.length ?? 0;

  return (
    <div className="grid gap-5">
      <header className="flex flex-col gap-1">
        <h2 className="text-lg font-semibold">{t('SEND_PAGE.HEADING')}</h2>
        <p className="text-sm text-muted-foreground">{t('SEND_PAGE.INTRO')}</p>
      </header>

      {users.isError ? (
        <LoadFailed
          title={t('SEND_PAGE.LOAD_FAILED')}
          lines={errorLines(users.error, t)}
          onRetry={() => void users.refetch()}
        />
      ) : null}

      <DataTable
        label={t('SEND_PAGE.TABLE_LABEL')}
        columns={columns}
        data={users.data?.items}
        skipped={users.data?.skipped}
        getRowId={(user) => String(user.id)}
        isLoading={users.isPending}
        isFetching={users.isFetching}
        searchText={(user) => user.name}
        urlState
        toolbar={() => (
          <Permitted permission="push.all">
            <Button size="sm" disabled={count === 0} onClick={() => setRecipient({ kind: 'all' })}>
              <MegaphoneIcon aria-hidden="true" />
              {t('SEND.ALL_BUTTON')}
            </Button>
          </Permitted>
        )}
      />

      <SendDialog
        open={recipient !== null}
        onOpenChange={(open) => {
          if (!open) setRecipient(null);
        }}
        recipient={recipient}
        users={count}
      />
    </div>
  );
}
