import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { COMPLAINT_STATUS, type ComplaintStatus } from '@contracts/upstream/upstream';
import { Badge } from '@/components/ui/badge';

/** Complaint status codes: 1 Pending, 2 Approved, 3 Rejected. */
export const STATUS_LABEL_KEYS: Record<ComplaintStatus, ParseKeys<'complaints'>> = {
  [COMPLAINT_STATUS.pending]: 'STATUS.PENDING',
  [COMPLAINT_STATUS.approved]: 'STATUS.APPROVED',
  [COMPLAINT_STATUS.rejected]: 'STATUS.REJECTED',
};

const VARIANTS = {
  [COMPLAINT_STATUS.pending]: 'warning',
  [COMPLAINT_STATUS.approved]: 'success',
  [COMPLAINT_STATUS.rejected]: 'destructive',
} as const satisfies Record<ComplaintStatus, string>;

export function ComplaintStatusBadge({ status }: { status: ComplaintStatus }) {
  const { t } = useTranslation('complaints');
  return <Badge variant={VARIANTS[status]}>{t(STATUS_LABEL_KEYS[status])}</Badge>;
}
