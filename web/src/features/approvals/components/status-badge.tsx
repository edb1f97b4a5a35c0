import { useTranslation } from 'react-i18next';
import type { ChangeStatus } from '@contracts/changes/changes';
import { Badge } from '@/components/ui/badge';
import { STATUS_LABELS } from '../requests';

const VARIANTS = {
  pending: 'warning',
  approving: 'secondary',
  approved: 'success',
  failed: 'destructive',
  unknown: 'warning',
  rejected: 'destructive',
  withdrawn: 'secondary',
  expired: 'outline',
} as const satisfies Record<ChangeStatus, string>;

export function StatusBadge({ status }: { status: ChangeStatus }) {
  const { t } = useTranslation('approvals');
  return (
    <Badge variant={VARIANTS[status]} data-status={status}>
      {t(STATUS_LABELS[status])}
    </Badge>
  );
}
