import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { CircleAlertIcon, CircleCheckIcon, CircleHelpIcon } from 'lucide-react';
import { actionsColumn } from '@/components/data-table/data-table-cells';
import { Badge } from '@/components/ui/badge';
import { formatDateTime } from '@/lib/time';
import {
  ACTION_LABELS,
  TARGET_LABELS,
  outcomeOf,
  targetsOf,
  valueChanges,
  type AuditRow,
} from '../entries';
import { LateBadge } from './late-badge';
import { RevertAction } from './revert-action';
import { RevertBadge } from './revert-badge';
import { valueLabel, valueText } from './value-label';

type T = TFunction<'audit-log'>;

const targetsText = (row: AuditRow, t: T) =>
  targetsOf(row)
    .map(([kind, id]) => t(TARGET_LABELS[kind], { id }))
    .join(', ');

const OUTCOMES = {
  succeeded: { label: 'SUCCESS', icon: CircleCheckIcon, variant: 'success' },
  failed: { label: 'FAILURE', icon: CircleAlertIcon, variant: 'destructive' },
  unrecorded: { label: 'UNRECORDED', icon: CircleHelpIcon, variant: 'secondary' },
} as const;

const outcomeText = (status: number | undefined, t: T) =>
  t(OUTCOMES[outcomeOf(status)].label, { status });

/**
 * The action's name, whether it came late and whether it reverted another change (in the file
 * as on the screen).
 */
const actionText = (row: AuditRow, t: T) =>
  [
    t(ACTION_LABELS[row.action]),
    row.late ? t('LATE.LABEL') : null,
    row.revertOf === undefined ? null : t('REVERT.BADGE'),
  ]
    .filter(Boolean)
    .join(' · ');

/**
 * The values a change altered, `name: before → after`. Left out: the unchanged ones, and those
 * the change did not send (an edit that chose no new image keeps the image: its entry's "after"
 * has none, which is not a removal).
 */
const changesText = (row: AuditRow, t: T) =>
  valueChanges(row)
    .filter((change) => change.after !== undefined && change.before !== change.after)
    .map(
      (change) =>
        `${valueLabel(change.name, t)}: ${valueText(change.before, t)} → ${valueText(change.after, t)}`,
    );

/**
 * The audit log: When, Admin, Action, Target, Summary (with the values changed), Outcome, and
 * Revert for the changes a revert can undo (`onRevert` opens its dialog).
 */
export function auditColumns(
  t: T,
  onRevert: (row: AuditRow) => void = () => {},
): ColumnDef<AuditRow, unknown>[] {
  return [
    {
      id: 'when',
      accessorFn: (row) => formatDateTime(row.at),
      header: t('COLUMNS.WHEN'),
      enableSorting: false,
      meta: {
        csv: {
          value: (row) => ({ date: new Date(row.at), shown: formatDateTime(row.at) }),
          date: true,
        },
      },
      cell: ({ row }) => (
        <time
          dateTime={new Date(row.original.at).toISOString()}
          className="block max-w-28 tabular-nums"
        >
          {formatDateTime(row.original.at)}
        </time>
      ),
    },
    {
      id: 'admin',
      accessorFn: (row) => row.email || t('UNKNOWN_ADMIN'),
      header: t('COLUMNS.ADMIN'),
      enableSorting: false,
      // The e-mail the functions verified, and the upstream user id it belongs to.
      cell: ({ getValue, row }) => (
        <span className="block max-w-40 min-w-28 wrap-anywhere">
          {String(getValue())}
          <span className="block text-xs text-muted-foreground">
            {t('ADMIN_ID', { id: row.original.uid })}
          </span>
        </span>
      ),
    },
    {
      id: 'action',
      accessorFn: (row) => actionText(row, t),
      header: t('COLUMNS.ACTION'),
      enableSorting: false,
      cell: ({ row }) => (
        <span className="flex min-w-20 flex-wrap items-center gap-1.5 font-medium">
          {t(ACTION_LABELS[row.original.action])}
          {row.original.late ? <LateBadge /> : null}
          {row.original.revertOf === undefined ? null : <RevertBadge />}
        </span>
      ),
    },
    {
      id: 'targets',
      accessorFn: (row) => targetsText(row, t),
      header: t('COLUMNS.TARGETS'),
      enableSorting: false,
      cell: ({ row }) => {
        const targets = targetsOf(row.original);
        // A sign-in or sign-out names no target: a dash, read out as "None".
        if (targets.length === 0)
          return (
            <span className="text-muted-foreground">
              <span aria-hidden="true">—</span>
              <span className="sr-only">{t('NONE')}</span>
            </span>
          );
        // Ids are long unbroken words (a push id, a uuid): they wrap anywhere, within the column.
        return (
          <ul className="max-w-48 min-w-24 wrap-anywhere">
            {targets.map(([kind, id]) => (
              <li key={kind}>{t(TARGET_LABELS[kind], { id })}</li>
            ))}
          </ul>
        );
      },
    },
    {
      id: 'summary',
      // The values a change altered go with its summary, in the file as on the screen.
      accessorFn: (row) => [row.summary, ...changesText(row, t)].join('; '),
      header: t('COLUMNS.SUMMARY'),
      enableSorting: false,
      cell: ({ row }) => {
        const changes = changesText(row.original, t);
        return (
          <div className="max-w-56 min-w-36 wrap-anywhere">
            <p className="text-muted-foreground">{row.original.summary}</p>
            {changes.length > 0 ? (
              <ul aria-label={t('COLUMNS.CHANGES')} className="mt-1 text-xs tabular-nums">
                {changes.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            ) : null}
          </div>
        );
      },
    },
    {
      id: 'outcome',
      accessorFn: (row) => outcomeText(row.status, t),
      header: t('COLUMNS.OUTCOME'),
      enableSorting: false,
      cell: ({ row }) => {
        const { icon: Icon, variant } = OUTCOMES[outcomeOf(row.original.status)];
        return (
          <Badge variant={variant} className="whitespace-nowrap">
            <Icon aria-hidden="true" />
            {outcomeText(row.original.status, t)}
          </Badge>
        );
      },
    },
    actionsColumn({
      id: 'revert',
      header: t('COLUMNS.REVERT'),
      cell: ({ row }) => <RevertAction row={row.original} onRevert={onRevert} />,
    }),
  ];
}
