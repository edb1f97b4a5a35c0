import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleAlertIcon, PlusIcon, SearchIcon, UsersRoundIcon } from 'lucide-react';
import * as z from 'zod/mini';
import { useUrlParam } from '@/components/data-table/use-url-state';
import type { Group } from '@contracts/upstream/upstream';
import { DeleteDialog } from '@/components/delete-dialog';
import { EmptyState } from '@/components/empty-state';
import { SkippedNotice } from '@/components/skipped-notice';
import { lazyOverlay } from '@/components/lazy-overlay';
import { usePageMeta } from '@/components/page-meta';
import { Permitted } from '@/components/permitted';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { errorLines } from '@/lib/api/api-client';
import { useLinkRequest } from '@/lib/api/link-request';
import { useAllows } from '@/lib/roles/roles';
import { useServices } from '@/lib/services';
import { toast } from '@/lib/toast';
import { groupKeys, useGroups } from './api/get-groups';
import { GroupCard, type GroupAction } from './components/group-card';
import { NEW_GROUP_PARAM } from './create-link';
import type { GroupFormDialogProps } from './components/group-form-dialog';
import type { MembersDialogProps } from './components/members-dialog';
import type { SendInvoiceDialogProps } from './components/send-invoice-dialog';
import type { SendNotificationDialogProps } from './components/send-notification-dialog';

// Each dialog's code arrives when it is first opened.
const GroupFormDialog = lazyOverlay<GroupFormDialogProps>(() =>
  import('./components/group-form-dialog').then((m) => m.GroupFormDialog),
);
const MembersDialog = lazyOverlay<MembersDialogProps>(() =>
  import('./components/members-dialog').then((m) => m.MembersDialog),
);
const SendNotificationDialog = lazyOverlay<SendNotificationDialogProps>(() =>
  import('./components/send-notification-dialog').then((m) => m.SendNotificationDialog),
);
const SendInvoiceDialog = lazyOverlay<SendInvoiceDialogProps>(() =>
  import('./components/send-invoice-dialog').then((m) => m.SendInvoiceDialog),
);

type DialogState = { kind: 'create' } | { kind: GroupAction; group: Group } | null;

function GroupSkeletons() {
  return (
    <div className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3" aria-hidden="true">
      {Array.from({ length: 3 }, (_, at) => (
        <div key={at} className="space-y-4 rounded-xl border bg-card p-5">
          <div className="flex gap-4">
            <Skeleton className="size-14 rounded-xl" />
            <div className="flex-1 space-y-2 pt-1">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-3 w-1/4" />
            </div>
          </div>
          <Skeleton className="h-8 w-32 rounded-full" />
          <div className="grid grid-cols-2 gap-2">
            <Skeleton className="h-8" />
            <Skeleton className="h-8" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** Chat Groups: cards newest first, a New Group modal, and each group's actions. */
export function ChatGroupsPage() {
  const { t } = useTranslation('groups');
  usePageMeta({ title: t('MENU.GROUPS') });
  const { now } = useServices();
  const groups = useGroups();
  const [dialog, setDialog] = useState<DialogState>(null);
  // Each opening gets fresh dialog state (an empty form after a group was created).
  const [opening, setOpening] = useState(0);
  const open = (next: DialogState) => {
    setOpening((count) => count + 1);
    setDialog(next);
  };
  const create = useAllows('groups.write');
  useLinkRequest(NEW_GROUP_PARAM, true, () => {
    if (create.reason === undefined) open({ kind: 'create' });
    else toast.warning(create.reason);
  });
  const [search, setSearch] = useUrlParam('q', z.string(), '');
  const query = useDeferredValue(search.trim().toLowerCase());
  const closeDialog = (open: boolean) => {
    if (!open) setDialog(null);
  };

  const all = groups.data?.items ?? [];
  const shown = query ? all.filter((group) => group.name.toLowerCase().includes(query)) : all;
  const current = dialog && dialog.kind !== 'create' ? dialog.group : undefined;
  const at = now();

  return (
    <div className="space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="relative sm:w-72">
          <SearchIcon
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value, 'replace')}
            placeholder={t('SEARCH_GROUPS')}
            aria-label={t('SEARCH_GROUPS')}
            className="pl-9"
          />
        </div>
        <div className="flex items-center justify-between gap-3 sm:justify-end">
          <p className="text-sm text-muted-foreground tabular-nums" data-testid="group-count">
            {groups.data ? t('GROUP_COUNT', { value: all.length }) : ''}
          </p>
          <Permitted permission="groups.write">
            <Button onClick={() => open({ kind: 'create' })} data-testid="new-group">
              <PlusIcon aria-hidden="true" />
              {t('NEW_GROUP')}
            </Button>
          </Permitted>
        </div>
      </div>

      <SkippedNotice count={groups.data?.skipped} />

      {groups.isPending ? (
        <>
          <p className="sr-only" role="status">
            {t('TABLE.PLEASE_WAIT')}
          </p>
          <GroupSkeletons />
        </>
      ) : groups.error ? (
        <EmptyState
          icon={<CircleAlertIcon aria-hidden="true" />}
          title={t('LOAD_FAILED')}
          description={errorLines(groups.error, t).join(' ')}
          action={
            <Button variant="outline" onClick={() => void groups.refetch()}>
              {t('RETRY')}
            </Button>
          }
        />
      ) : all.length === 0 ? (
        <EmptyState
          icon={<UsersRoundIcon aria-hidden="true" />}
          title={t('EMPTY_TITLE')}
          description={t('EMPTY_DESCRIPTION')}
          action={
            <Permitted permission="groups.write">
              <Button onClick={() => open({ kind: 'create' })}>
                <PlusIcon aria-hidden="true" />
                {t('NEW_GROUP')}
              </Button>
            </Permitted>
          }
        />
      ) : shown.length === 0 ? (
        <EmptyState
          icon={<SearchIcon aria-hidden="true" />}
          title={t('TABLE.NO_RECORDS')}
          description={t('NO_MATCH', { query: search.trim() })}
        />
      ) : (
        <div className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3" aria-busy={groups.isFetching}>
          {shown.map((group) => (
            <GroupCard
              key={group.id}
              group={group}
              now={at}
              onAction={(kind, target) => open({ kind, group: target })}
            />
          ))}
        </div>
      )}

      <GroupFormDialog
        key={`form-${opening}`}
        open={dialog?.kind === 'create' || dialog?.kind === 'edit'}
        onOpenChange={closeDialog}
        group={dialog?.kind === 'edit' ? current : undefined}
      />
      <DeleteDialog
        open={dialog?.kind === 'delete'}
        onOpenChange={closeDialog}
        url={`/admin/groups/${current?.id ?? ''}`}
        listKey={groupKeys.list()}
        rowId={current?.id ?? null}
        deletedMessage={t('GROUP_DELETED')}
        itemName={current?.name ?? ''}
        heldBy="groupDelete"
      />
      {current ? (
        <>
          <MembersDialog
            key={`members-${opening}`}
            open={dialog?.kind === 'members'}
            onOpenChange={closeDialog}
            group={current}
          />
          <SendNotificationDialog
            key={`notify-${opening}`}
            open={dialog?.kind === 'notify'}
            onOpenChange={closeDialog}
            group={current}
          />
          <SendInvoiceDialog
            key={`invoice-${opening}`}
            open={dialog?.kind === 'invoice'}
            onOpenChange={closeDialog}
            group={current}
          />
        </>
      ) : null}
    </div>
  );
}
