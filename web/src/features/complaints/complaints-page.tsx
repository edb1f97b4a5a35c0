import { useMemo, useState } from 'react';
import * as z from 'zod/mini';
import { LoadFailed } from '@/components/load-failed';
import { useTranslation } from 'react-i18next';
import {
  COMPLAINT_STATUS,
  type Complaint,
  type ComplaintStatus,
} from '@contracts/upstream/upstream';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable } from '@/components/data-table/data-table';
import { useUrlParam } from '@/components/data-table/use-url-state';
import { DeleteDialog } from '@/components/delete-dialog';
import { usePageMeta } from '@/components/page-meta';
import { TooltipProvider } from '@/components/ui/tooltip';
import { errorLines } from '@/lib/api/api-client';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useChangeComplaintStatus } from './api/change-complaint-status';
import { complaintKeys, useComplaints } from './api/get-complaints';
import { complainerName } from './complainer';
import { complaintColumns, type ComplaintAction } from './components/complaint-columns';
import { STATUS_LABEL_KEYS } from './components/complaint-status-badge';
import { ResponseDialog } from './components/response-dialog';

type Filter = ComplaintStatus | 'all';
/** The filter in the address by name (`?status=pending`). */
const FILTER_NAMES = ['all', 'pending', 'approved', 'rejected'] as const;
type FilterName = (typeof FILTER_NAMES)[number];
const filterNameSchema = z.enum(FILTER_NAMES);
const filterOf = (name: FilterName): Filter => (name === 'all' ? 'all' : COMPLAINT_STATUS[name]);

interface OpenDialog {
  action: ComplaintAction;
  complaint: Complaint;
}

/**
 * /complaints: every complaint with its status; Approve and Reject after a
 * confirmation, a Response modal, Delete with the shared dialog.
 */
export function ComplaintsPage() {
  const { t } = useTranslation('complaints');
  usePageMeta({ title: t('MENU.COMPLAINTS') });
  const complaints = useComplaints();
  const changeStatus = useChangeComplaintStatus();
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [filterName, setFilterName] = useUrlParam('status', filterNameSchema, 'all');
  const filter = filterOf(filterName);

  const all = complaints.data?.items;
  const serial = useMemo(
    () => new Map((all ?? []).map((complaint, index) => [complaint.id, index + 1])),
    [all],
  );
  const counts = useMemo(() => {
    const byStatus = new Map<Filter, number>([['all', all?.length ?? 0]]);
    for (const complaint of all ?? []) {
      byStatus.set(complaint.status, (byStatus.get(complaint.status) ?? 0) + 1);
    }
    return byStatus;
  }, [all]);
  const shown = useMemo(
    () => (filter === 'all' ? all : all?.filter((complaint) => complaint.status === filter)),
    [all, filter],
  );
  const columns = useMemo(
    () =>
      complaintColumns({
        t,
        serial,
        onAction: (action, complaint) => setDialog({ action, complaint }),
      }),
    [t, serial],
  );

  const decide = async (complaint: Complaint, status: ComplaintStatus) => {
    try {
      await changeStatus.mutateAsync({ complaintId: complaint.id, status });
    } catch (error) {
      toast.error(errorLines(error, t));
      throw error;
    }
    toast.success(t('MESSAGES.UPDATED_SUCCESSFULLY'));
  };

  const closeDialog = (open: boolean) => {
    if (!open) setDialog(null);
  };
  const deciding = dialog?.action === 'approve' || dialog?.action === 'reject' ? dialog : null;

  return (
    <TooltipProvider delayDuration={300}>
      <div className="grid gap-5">
        <p className="max-w-3xl text-sm text-muted-foreground">{t('INTRO')}</p>

        {complaints.isError ? (
          <LoadFailed
            title={t('LOAD_FAILED')}
            lines={errorLines(complaints.error, t)}
            onRetry={() => void complaints.refetch()}
          />
        ) : null}

        <DataTable
          label={t('TABLE_LABEL')}
          // Nine columns fit beside the side menu at 1280 px with a little less room between them.
          className="sm:[&_td]:px-2.5 sm:[&_th]:px-2.5"
          columns={columns}
          data={shown}
          getRowId={(complaint) => String(complaint.id)}
          skipped={complaints.data?.skipped}
          isLoading={complaints.isPending}
          isFetching={complaints.isFetching}
          urlState
          searchText={(complaint) =>
            [
              complaint.title,
              complaint.description,
              complainerName(complaint, t),
              complaint.admin_response ?? '',
              t(STATUS_LABEL_KEYS[complaint.status]),
            ].join(' ')
          }
          toolbar={() => (
            <div
              role="group"
              aria-label={t('FILTER')}
              className="grid w-full grid-cols-4 gap-1 rounded-lg bg-muted p-1 sm:inline-flex sm:w-auto"
            >
              {FILTER_NAMES.map((name) => {
                const value = filterOf(name);
                return (
                  <button
                    key={name}
                    type="button"
                    aria-pressed={filter === value}
                    onClick={() => setFilterName(name, 'push')}
                    className={cn(
                      'flex cursor-pointer flex-col items-center rounded-md px-2 py-1 text-[13px] font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none sm:h-7 sm:flex-row sm:gap-1.5 sm:px-2.5 sm:py-0',
                      filter === value && 'bg-card text-foreground shadow-xs',
                    )}
                  >
                    {value === 'all' ? t('STATUS.ALL') : t(STATUS_LABEL_KEYS[value])}
                    <span className="text-xs text-muted-foreground tabular-nums">
                      {(counts.get(value) ?? 0).toLocaleString('en-US')}
                    </span>
                  </button>
                );
              })}
            </div>
          )}
        />

        <ConfirmDialog
          open={deciding !== null}
          onOpenChange={closeDialog}
          title={
            deciding?.action === 'reject' ? t('CONFIRM.REJECT_TITLE') : t('CONFIRM.APPROVE_TITLE')
          }
          description={t(
            deciding?.action === 'reject' ? 'CONFIRM.REJECT_TEXT' : 'CONFIRM.APPROVE_TEXT',
            {
              title: deciding?.complaint.title ?? '',
              name: deciding ? complainerName(deciding.complaint, t) : '',
            },
          )}
          confirmLabel={deciding?.action === 'reject' ? t('ACTIONS.REJECT') : t('ACTIONS.APPROVE')}
          variant={deciding?.action === 'reject' ? 'destructive' : 'default'}
          onConfirm={() =>
            deciding
              ? decide(
                  deciding.complaint,
                  deciding.action === 'reject'
                    ? COMPLAINT_STATUS.rejected
                    : COMPLAINT_STATUS.approved,
                )
              : Promise.resolve()
          }
          testId="complaint-status-dialog"
        />
        <ResponseDialog
          open={dialog?.action === 'respond'}
          onOpenChange={closeDialog}
          complaint={dialog?.action === 'respond' ? dialog.complaint : null}
        />
        <DeleteDialog
          open={dialog?.action === 'delete'}
          onOpenChange={closeDialog}
          url={dialog ? `/admin/user-complaint/${dialog.complaint.id}` : ''}
          listKey={complaintKeys.list()}
          rowId={dialog?.complaint.id ?? null}
          deletedMessage={t('DELETED')}
          itemName={dialog?.complaint.title ?? ''}
        />
      </div>
    </TooltipProvider>
  );
}
