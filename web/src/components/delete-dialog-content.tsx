import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { isApiError, type HttpMethod } from '@/lib/api-client';
import { useApi } from '@/lib/services';
import { toast } from '@/lib/toast';
import { ConfirmDialogContent } from './confirm-dialog-content';

export interface DeleteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Path below /api, e.g. `/admin/user/42`. */
  url: string;
  method?: HttpMethod;
  /** The caller's list, refreshed after a delete (a query-key factory's key). */
  queryKey?: QueryKey;
  onDeleted?: () => void;
}

/**
 * The Delete dialog: 'Delete' / 'Are you sure you want to Delete?' with Close and Delete.
 * It sends the request itself; success closes, toasts 'Deleted Successfully' and refreshes the
 * list; a refusal shows the server's message (and reads the list again); anything unreadable
 * 'Unknown error :('.
 */
export function DeleteDialogContent({
  open,
  onOpenChange,
  url,
  method = 'DELETE',
  queryKey,
  onDeleted,
}: DeleteDialogProps) {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();

  const remove = async () => {
    try {
      await api.send({ method, path: url, payload: z.unknown() });
    } catch (error) {
      // A refusal may mean the row is gone already (deleted elsewhere): read the list again so
      // it shows what is there now.
      if (queryKey && isApiError(error) && error.kind === 'rejected') {
        void queryClient.invalidateQueries({ queryKey });
      }
      throw error;
    }
    toast.success(t('MESSAGES.DELETED_SUCCESSFULLY'));
    if (queryKey) void queryClient.invalidateQueries({ queryKey });
    onDeleted?.();
  };

  return (
    <ConfirmDialogContent
      open={open}
      onOpenChange={onOpenChange}
      title={t('DELETE_DIALOG.TITLE')}
      description={t('DELETE_DIALOG.MESSAGE')}
      confirmLabel={t('DELETE_DIALOG.DELETE')}
      cancelLabel={t('COMMON.CLOSE')}
      variant="destructive"
      onConfirm={remove}
      describeError={(error) => {
        if (isApiError(error) && error.kind === 'network') return [t('ERRORS.NETWORK')];
        if (isApiError(error) && error.kind === 'rejected' && error.lines.length > 0) {
          return error.lines;
        }
        return [t('DELETE_DIALOG.UNKNOWN_ERROR')];
      }}
      testId="delete-dialog"
    />
  );
}
