import { useMemo, useState } from 'react';
import { LoadFailed } from '@/components/load-failed';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { DataTable } from '@/components/data-table/data-table';
import { DeleteDialog } from '@/components/delete-dialog';
import { usePageMeta } from '@/components/page-meta';
import {
  appUserKeys,
  removeAppUser,
  useAppUsers,
  type AppUserRow,
} from '@/lib/app-users/app-users';
import { errorLines } from '@/lib/api/api-client';
import { invoiceKeys } from './api/invoice-keys';
import { userColumns, type UserAction } from './components/user-columns';
import type { ViewUserState } from './schemas';
import { viewUserPath } from './view-user-link';

interface OpenDialog {
  action: 'delete';
  user: AppUserRow;
}

/**
 * /all-users: every app user with ID, Image, Name, View and Delete; sorted,
 * searched by name and paged in the browser, fast with 100 000 users.
 */
export function AllUsersPage() {
  const { t } = useTranslation('users');
  usePageMeta({ title: t('MENU.ALL_USERS') });
  const users = useAppUsers();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [dialog, setDialog] = useState<OpenDialog | null>(null);

  const columns = useMemo(
    () =>
      userColumns({
        t,
        onAction: (action: UserAction, user) => {
          if (action === 'delete') {
            setDialog({ action, user });
            return;
          }
          const state: ViewUserState = {
            user: { id: user.id, name: user.name, email: user.email, image: user.image },
          };
          navigate(viewUserPath(user.id), { state });
        },
      }),
    [t, navigate],
  );

  const deleting = dialog?.user ?? null;

  return (
    <div className="grid gap-5">
      <header className="flex flex-col gap-1">
        <h2 className="text-lg font-semibold">{t('HEADING')}</h2>
        <p className="text-sm text-muted-foreground">{t('INTRO')}</p>
      </header>

      {users.isError ? (
        <LoadFailed
          title={t('LOAD_FAILED')}
          lines={errorLines(users.error, t)}
          onRetry={() => void users.refetch()}
        />
      ) : null}

      <DataTable
        label={t('TABLE_LABEL')}
        columns={columns}
        data={users.data?.items}
        skipped={users.data?.skipped}
        getRowId={(user) => String(user.id)}
        isLoading={users.isPending}
        isFetching={users.isFetching}
        searchText={(user) => user.name}
        perfLabel="users"
        urlState
      />

      <DeleteDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDialog(null);
        }}
        url={deleting ? `/admin/user/${deleting.id}` : ''}
        listKey={appUserKeys.list()}
        rowId={deleting?.id ?? null}
        deletedMessage={t('USER_DELETED')}
        itemName={deleting?.name ?? ''}
        heldBy="userDelete"
        onDeleted={() => {
          if (!deleting) return;
          removeAppUser(queryClient, deleting.id);
          queryClient.removeQueries({ queryKey: invoiceKeys.ofUser(deleting.id) });
        }}
      />
    </div>
  );
}
