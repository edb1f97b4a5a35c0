import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminSummary } from '@contracts/admins/admins';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable } from '@/components/data-table/data-table';
import { LoadFailed } from '@/components/load-failed';
import { usePageMeta } from '@/components/page-meta';
import { TooltipProvider } from '@/components/ui/tooltip';
import { errorLines } from '@/lib/api/api-client';
import { useSession } from '@/lib/services';
import { toast } from '@/lib/toast';
import { useEndSessions } from './api/end-sessions';
import { rolesAreOff, useAdmins } from './api/get-admins';
import { adminColumns, rolesText, type AdminAction } from './components/admin-columns';
import { nameOf } from './components/admin-name';
import { DefaultRolesCard } from './components/default-roles-card';
import { cachedGroups } from './components/price-groups-cell';
import { RolesDialog } from './components/roles-dialog';
import { RolesOff } from './components/roles-off';

interface OpenDialog {
  action: AdminAction;
  admin: AdminSummary;
}

/**
 * /admins, owners only: every admin seen with their roles, price groups, last sign-in and live
 * sessions; Change roles and End sessions per row, and the default roles above.
 */
export function AdminsPage() {
  const { t } = useTranslation('admins');
  usePageMeta({ title: t('MENU.ADMINS') });
  const admins = useAdmins();
  const endSessions = useEndSessions();
  const session = useSession();
  const ownUid = session ? String(session.user.id) : null;
  const [dialog, setDialog] = useState<OpenDialog | null>(null);

  const queryClient = useQueryClient();
  // The columns must stay the same object while the page lives: the table renders each cell
  // as a component of its column, so new columns would rebuild every row (and lose the focus).
  const columns = useMemo(
    () =>
      adminColumns({
        t,
        ownUid,
        groups: () => cachedGroups(queryClient),
        onAction: (action, admin) => setDialog({ action, admin }),
      }),
    [t, ownUid, queryClient],
  );

  if (admins.isError && rolesAreOff(admins.error)) return <RolesOff />;

  const closeDialog = (open: boolean) => {
    if (!open) setDialog(null);
  };
  const ending = dialog?.action === 'sessions' ? dialog.admin : null;
  const end = async (admin: AdminSummary) => {
    await endSessions.mutateAsync(admin.uid);
    toast.success(t('END_DIALOG.ENDED', { name: nameOf(admin, t) }));
  };

  return (
    <TooltipProvider delayDuration={300}>
      <div className="grid gap-5">
        <p className="max-w-3xl text-sm text-muted-foreground">{t('INTRO')}</p>

        {admins.isError ? (
          <LoadFailed
            title={t('LOAD_FAILED')}
            lines={errorLines(admins.error, t)}
            onRetry={() => void admins.refetch()}
          />
        ) : (
          <DefaultRolesCard saved={admins.data?.defaultRoles} />
        )}

        <DataTable
          label={t('TABLE_LABEL')}
          columns={columns}
          data={admins.data?.admins}
          getRowId={(admin) => admin.uid}
          isLoading={admins.isPending}
          isFetching={admins.isFetching}
          urlState
          searchText={(admin) => [admin.name, admin.email, rolesText(admin, t)].join(' ')}
        />

        <RolesDialog
          open={dialog?.action === 'roles'}
          onOpenChange={closeDialog}
          admin={dialog?.action === 'roles' ? dialog.admin : null}
        />
        <ConfirmDialog
          open={ending !== null}
          onOpenChange={closeDialog}
          title={t('END_DIALOG.TITLE', { name: ending ? nameOf(ending, t) : '' })}
          description={t('END_DIALOG.TEXT', { name: ending ? nameOf(ending, t) : '' })}
          confirmLabel={t('ACTIONS.END_SESSIONS')}
          cancelLabel={t('COMMON.CANCEL')}
          variant="destructive"
          onConfirm={() => (ending ? end(ending) : Promise.resolve())}
          testId="end-sessions-dialog"
        />
      </div>
    </TooltipProvider>
  );
}
