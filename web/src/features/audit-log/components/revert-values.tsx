import { useTranslation } from 'react-i18next';
import {
  changedSince,
  REVERTED_FIELDS,
  type RevertConflict,
  type RevertibleAction,
} from '@contracts/changes/revert';
import type { AuditValues } from '@contracts/admins/audit';
import { Table, TableBody, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { valueLabel, valueText } from './value-label';

// Narrower cells on a phone: four columns fit a 390 px screen's dialog.
const CELL = 'px-2 py-2 align-top break-words whitespace-pre-wrap sm:px-3';
const HEAD = 'h-auto px-2 py-2 align-bottom whitespace-normal sm:px-3';
const FIELD = 'px-2 py-2 text-left align-top font-medium sm:px-3 sm:whitespace-nowrap';

/** The values a revert sends back: each field and its value before the entry's change. */
export function RevertValues({
  fields,
  before,
}: {
  fields: readonly string[];
  before: AuditValues | undefined;
}) {
  const { t } = useTranslation('audit-log');
  return (
    <Table className="caption-top">
      <caption className="pb-2 text-left text-sm font-medium">{t('REVERT.VALUES_LABEL')}</caption>
      <TableHeader>
        <TableRow>
          <TableHead className={HEAD}>{t('REVERT.FIELD')}</TableHead>
          <TableHead className={HEAD}>{t('REVERT.BEFORE')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {fields.map((field) => (
          <TableRow key={field}>
            <th scope="row" className={FIELD}>
              {valueLabel(field, t)}
            </th>
            <td className={CELL}>{valueText(before?.[field], t)}</td>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * The record changed since the entry: per field, the value before the change (what the revert
 * restores), the value it left, and the value now; a value now that is not what the change left
 * is set in bold and says so.
 */
export function ConflictValues({
  action,
  conflict,
}: {
  action: RevertibleAction;
  conflict: RevertConflict;
}) {
  const { t } = useTranslation('audit-log');
  const changed = new Set(changedSince(action, conflict.after, conflict.current));
  return (
    <Table className="caption-top">
      <caption className="pb-2 text-left text-sm font-medium">{t('REVERT.CONFLICT.LABEL')}</caption>
      <TableHeader>
        <TableRow>
          <TableHead className={HEAD}>{t('REVERT.FIELD')}</TableHead>
          <TableHead className={HEAD}>{t('REVERT.CONFLICT.BEFORE')}</TableHead>
          <TableHead className={HEAD}>{t('REVERT.CONFLICT.AFTER')}</TableHead>
          <TableHead className={HEAD}>{t('REVERT.CONFLICT.NOW')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {REVERTED_FIELDS[action].map((field) => (
          <TableRow key={field}>
            <th scope="row" className={FIELD}>
              {valueLabel(field, t)}
            </th>
            <td className={CELL}>{valueText(conflict.before[field], t)}</td>
            <td className={CELL}>{valueText(conflict.after[field], t)}</td>
            {changed.has(field) ? (
              <td className={`${CELL} font-semibold`}>
                {valueText(conflict.current[field], t)}
                <span className="sr-only"> ({t('REVERT.CONFLICT.CHANGED')})</span>
              </td>
            ) : (
              <td className={CELL}>{valueText(conflict.current[field], t)}</td>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
