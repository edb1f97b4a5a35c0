import type { ParseKeys } from 'i18next';
import { isOpen, type ChangeStatus } from '@contracts/changes/changes';
import type { RequestRow } from '@/lib/changes/change-store';

/** Open requests first, then newest first (the database keeps them oldest first). */
export function inboxOrder(rows: readonly RequestRow[], now: number): RequestRow[] {
  return rows.toSorted(
    (a, b) =>
      Number(isOpen(b, now)) - Number(isOpen(a, now)) ||
      b.requestedAt - a.requestedAt ||
      (a.id < b.id ? 1 : -1),
  );
}

/** A pending request past its time reads as expired before the functions mark it so. */
export const shownStatus = (row: RequestRow, now: number): ChangeStatus =>
  row.status === 'pending' && !isOpen(row, now) ? 'expired' : row.status;

/** Whether what approving does is still worth showing: it waits, or its outcome is not settled. */
export const showsHeld = (status: ChangeStatus): boolean =>
  status === 'pending' || status === 'approving' || status === 'failed' || status === 'unknown';

export const STATUS_LABELS: Record<ChangeStatus, ParseKeys<'approvals'>> = {
  pending: 'STATUS.PENDING',
  approving: 'STATUS.APPROVING',
  approved: 'STATUS.APPROVED',
  failed: 'STATUS.FAILED',
  unknown: 'STATUS.UNKNOWN',
  rejected: 'STATUS.REJECTED',
  withdrawn: 'STATUS.WITHDRAWN',
  expired: 'STATUS.EXPIRED',
};

/** Who decided, by what they did; none for a request still open or one that expired. */
export const DECIDER_LABELS: Partial<Record<ChangeStatus, ParseKeys<'approvals'>>> = {
  approving: 'REQUEST.APPROVED_BY',
  approved: 'REQUEST.APPROVED_BY',
  failed: 'REQUEST.APPROVED_BY',
  unknown: 'REQUEST.APPROVED_BY',
  rejected: 'REQUEST.REJECTED_BY',
  withdrawn: 'REQUEST.WITHDRAWN_BY',
};
