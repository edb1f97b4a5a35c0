import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { formatDateTime } from '@/lib/time';
import type { Conflict } from './conflicts';

export interface ConflictDialogProps {
  conflicts: readonly Conflict[];
  /** The row's name in the grid ("Group · type"). */
  labelOf: (key: string) => string;
  /** The name of an admin on the desk (undefined: they have left it). */
  nameOf: (uid: string) => string | undefined;
  onOverwrite: () => void;
  /** Also what closing the dialog does: nothing of theirs is lost unasked. */
  onKeepTheirs: () => void;
}

/** Asks before a save overwrites rows another admin saved since the desk read them. */
export function ConflictDialog({
  conflicts,
  labelOf,
  nameOf,
  onOverwrite,
  onKeepTheirs,
}: ConflictDialogProps) {
  const { t } = useTranslation('prices');
  return (
    <ConfirmDialog
      open={conflicts.length > 0}
      onOpenChange={(open) => {
        if (!open) onKeepTheirs();
      }}
      testId="desk-conflicts"
      title={t('DESK.CONFLICT_TITLE', { count: conflicts.length })}
      description={
        <span className="grid gap-2">
          <span>{t('DESK.CONFLICT_TEXT')}</span>
          {/* Spans with list roles: the description is a paragraph, which may not hold a list. */}
          <span role="list" className="grid max-h-64 gap-1 overflow-y-auto text-left">
            {conflicts.map((conflict) => (
              <span role="listitem" key={conflict.key} className="block">
                {t('DESK.CONFLICT_ROW', {
                  row: labelOf(conflict.key),
                  name: nameOf(conflict.by) ?? t('DESK.ANOTHER_ADMIN'),
                  when: formatDateTime(conflict.at),
                })}
              </span>
            ))}
          </span>
        </span>
      }
      confirmLabel={t('DESK.OVERWRITE')}
      cancelLabel={t('DESK.KEEP_THEIRS')}
      onConfirm={() => {
        onOverwrite();
        return Promise.resolve();
      }}
    />
  );
}
