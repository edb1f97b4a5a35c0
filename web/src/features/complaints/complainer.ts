import type { Complaint } from '@contracts/upstream/upstream';

/** Who sent a complaint; a complaint outlives its sender's account, which is then said plainly. */
export function complainerName(complaint: Complaint, t: (key: 'DELETED_USER') => string): string {
  return complaint.user?.name ?? t('DELETED_USER');
}
