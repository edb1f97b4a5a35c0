import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Undo2Icon } from 'lucide-react';
import {
  isRevertible,
  REVERT_PERMISSIONS,
  revertBlockOf,
  type RevertBlock,
} from '@contracts/changes/revert';
import { Permitted } from '@/components/permitted';
import { Button } from '@/components/ui/button';
import type { AuditRow } from '../entries';

/** Why a change a revert could undo offers none; the other blocks say nothing. */
const BLOCKS: Partial<Record<RevertBlock, ParseKeys<'audit-log'>>> = {
  'not-recorded': 'REVERT.BLOCKED.NOT_RECORDED',
  'nothing-before': 'REVERT.BLOCKED.NOTHING_BEFORE',
};

/**
 * A row's Revert: a button for a change made whose values before were recorded (refused, with
 * the reason, to an admin whose roles do not allow the change it sends), a quiet word for one
 * whose values before are not there to send back, nothing for any other entry.
 */
export function RevertAction({
  row,
  onRevert,
}: {
  row: AuditRow;
  onRevert: (row: AuditRow) => void;
}) {
  const { t } = useTranslation('audit-log');
  const block = revertBlockOf(row);
  if (block === null && isRevertible(row.action)) {
    const groupId = row.action === 'prices.save' ? row.targets?.group : undefined;
    return (
      <Permitted permission={REVERT_PERMISSIONS[row.action]} groupId={groupId}>
        <Button
          size="sm"
          variant="outline"
          aria-label={t('REVERT.NAME', { summary: row.summary })}
          onClick={() => onRevert(row)}
          data-testid="audit-revert-button"
        >
          <Undo2Icon aria-hidden="true" />
          {t('REVERT.BUTTON')}
        </Button>
      </Permitted>
    );
  }
  const reason = block === null ? undefined : BLOCKS[block];
  return reason ? (
    <span className="block max-w-32 text-xs text-muted-foreground">{t(reason)}</span>
  ) : null;
}
