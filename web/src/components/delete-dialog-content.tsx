import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import type { HoldReason } from '@contracts/changes/changes';
import { heldOf, isApiError } from '@/lib/api/api-client';
import { mapItems, type Listed } from '@/lib/api/listed';
import type { HttpMethod } from '@/lib/api/transports';
import { useChangePolicy } from '@/lib/changes/use-change-policy';
import { useHeldToast } from '@/lib/changes/use-held-toast';
import { UNDO_DELETE_MS } from '@/lib/constants';
import { useApi } from '@/lib/services';
import { toast } from '@/lib/toast';
import { putRowBack, takeRow, type RowPlace } from '@/lib/undo-delete/undoable-delete';
import { useDeleteScheduler } from '@/lib/undo-delete/use-undoable-delete';
import { ConfirmDialogContent } from './confirm-dialog-content';

export interface DeleteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Path below /api, e.g. `/admin/user/42`. */
  url: string;
  method?: HttpMethod;
  /** The cached list the row leaves at once (items with an `id`), read again after the delete. */
  listKey: QueryKey;
  /** The id of the row to delete (null while nothing is chosen). */
  rowId: number | null;
  /** The toast that offers Undo, e.g. 'User deleted'. */
  deletedMessage: string;
  /** What the row is called on screen (a user's name, a title), to name it if the delete fails. */
  itemName: string;
  /** The server has deleted the row. */
  onDeleted?: () => void;
  /**
   * The policy switch that may hold this delete for a second admin. While it is on, the delete
   * is sent at once, without Undo, and the row stays until a second admin approves it.
   */
  heldBy?: HoldReason;
}

interface Row {
  id: number;
}

/**
 * The Delete dialog: 'Delete' / 'Are you sure you want to Delete?' with Close and Delete.
 * Delete closes it and takes the row out of the list at once; a toast offers Undo for a few
 * seconds and the request is sent when it ends. A refusal puts the row back and names it with
 * the server's message (and reads the list again); anything unreadable says 'Unknown error :('.
 * While the policy holds the delete (`heldBy`), the dialog says so and Delete sends it at once.
 * A delete the server holds for a second admin leaves the row in the list, 'Awaiting approval'.
 */
export function DeleteDialogContent({
  open,
  onOpenChange,
  url,
  method = 'DELETE',
  listKey,
  rowId,
  deletedMessage,
  itemName,
  onDeleted,
  heldBy,
}: DeleteDialogProps) {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const deletes = useDeleteScheduler();
  const { policy } = useChangePolicy(heldBy !== undefined);
  const holds = heldBy !== undefined && policy[heldBy];
  const heldToast = useHeldToast();
  const awaiting = (name: string) => heldToast(t('DELETE_DIALOG.HELD', { name }));
  const deleted = () => {
    void queryClient.invalidateQueries({ queryKey: listKey });
    onDeleted?.();
  };
  // A refusal may mean the row is gone already (deleted elsewhere): the list is read again so
  // it shows what is there now.
  const reread = (error: unknown) => {
    if (isApiError(error) && error.kind === 'rejected') {
      void queryClient.invalidateQueries({ queryKey: listKey });
    }
  };

  const describeError = (error: unknown) => {
    if (isApiError(error) && error.kind === 'network') return [t('ERRORS.NETWORK')];
    if (isApiError(error) && error.kind === 'rejected' && error.lines.length > 0) {
      return error.lines;
    }
    return [t('DELETE_DIALOG.UNKNOWN_ERROR')];
  };

  const remove = (id: number, name: string) => {
    let taken: { row: Row; place: RowPlace } | undefined;
    const pending = deletes.schedule({
      hide() {
        queryClient.setQueryData<Listed<Row>>(listKey, (list) => {
          const result = list && takeRow(list.items, id);
          taken = result;
          return list && result ? { ...list, items: result.rows } : list;
        });
      },
      restore() {
        const back = taken;
        if (back) {
          queryClient.setQueryData<Listed<Row>>(
            listKey,
            (list) => list && mapItems(list, (rows) => putRowBack(rows, back.row, back.place)),
          );
        }
      },
      send(keepalive) {
        // Sent (time is up, or the page is being left): Undo is no longer on offer.
        shown.dismiss();
        return api.write({ method, path: url, payload: z.unknown(), keepalive });
      },
      committed: deleted,
      failed(error) {
        // Held all the same (the policy changed, or was not known here): the row is back.
        if (heldOf(error)) return awaiting(name);
        // The admin may have moved on by now: say which row came back, and why.
        toast.failure(t('DELETE_DIALOG.NOT_DELETED', { name }), describeError(error));
        reread(error);
      },
    });
    const shown = toast.withAction(deletedMessage, {
      label: t('DELETE_DIALOG.UNDO'),
      duration: UNDO_DELETE_MS,
      onAction: () => void pending.undo(),
      onEnd: () => pending.commit(),
    });
  };

  /** A held delete is sent at once, the dialog waiting: nothing leaves the list, nor is undone. */
  const ask = async (name: string) => {
    try {
      await api.write({ method, path: url, payload: z.unknown() });
    } catch (error) {
      if (heldOf(error)) return awaiting(name);
      reread(error);
      throw error;
    }
    // The policy stopped holding deletes since the dialog read it: this one was made.
    toast.success(deletedMessage);
    deleted();
  };

  return (
    <ConfirmDialogContent
      open={open}
      onOpenChange={onOpenChange}
      title={t('DELETE_DIALOG.TITLE')}
      description={holds ? t('DELETE_DIALOG.HELD_MESSAGE') : t('DELETE_DIALOG.MESSAGE')}
      confirmLabel={t('DELETE_DIALOG.DELETE')}
      cancelLabel={t('COMMON.CLOSE')}
      variant="destructive"
      onConfirm={async () => {
        if (rowId === null) return;
        if (holds) await ask(itemName);
        else remove(rowId, itemName);
      }}
      describeError={describeError}
      testId="delete-dialog"
    />
  );
}
