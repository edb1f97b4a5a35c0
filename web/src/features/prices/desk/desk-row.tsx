import type { ParseKeys } from 'i18next';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import {
  CircleAlertIcon,
  CircleCheckIcon,
  HourglassIcon,
  LockIcon,
  PencilIcon,
  TriangleAlertIcon,
  UserRoundCheckIcon,
} from 'lucide-react';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { APPROVALS_PATH } from '@/lib/changes/approvals-path';
import { useAllows } from '@/lib/roles/roles';
import { cn } from '@/lib/utils';
import type { PriceField } from '../schemas';
import { GRADES, isCellChanged, isRowChanged, type DeskRow } from './grid';
import type { PresenceStore } from './presence';
import { RowEditors } from './row-editors';
import type { RowOutcome } from './save-queue';
import { PRICE_RANGE, type PriceWarning } from '@contracts/prices/price-warnings';
import { cellWarnings } from './warnings';

export const GRADE_KEYS: Record<PriceField, ParseKeys<'prices'>> = {
  regular: 'FIELDS.REGULAR',
  premium: 'FIELDS.PREMIUM',
  diesel: 'FIELDS.DIESEL',
  renew_99: 'FIELDS.RENEW_99',
  b_20: 'FIELDS.B_20',
};

export interface DeskRowViewProps {
  row: DeskRow;
  /** The row's place among the rows shown: what the keyboard moves use. */
  index: number;
  label: string;
  selected: boolean;
  outcome: RowOutcome | undefined;
  readOnly: boolean;
  /** The other admins on the desk: the row shows who edits it. */
  presence: PresenceStore;
  onSelect: (key: string, selected: boolean) => void;
  onCell: (key: string, grade: PriceField, value: string) => void;
}

/** One group x type: its checkbox, the five grades as inputs, and what became of its save. */
export const DeskRowView = memo(function DeskRowView({
  row,
  index,
  label,
  selected,
  outcome,
  readOnly,
  presence,
  onSelect,
  onCell,
}: DeskRowViewProps) {
  const { t } = useTranslation('prices');
  // A group the admin's roles do not save: its prices are read-only, and each says why.
  const edit = useAllows('prices.write', String(row.groupId));
  return (
    <TableRow
      className="max-md:grid max-md:grid-cols-2 max-md:gap-2 max-md:p-2"
      data-testid="desk-row"
      data-key={row.key}
      data-state={selected ? 'selected' : undefined}
      data-locked={edit.allowed ? undefined : true}
    >
      <TableCell className="w-8 max-md:hidden">
        <Checkbox
          checked={selected}
          onCheckedChange={(checked) => onSelect(row.key, checked === true)}
          aria-label={t('DESK.SELECT_ROW', { row: label })}
        />
      </TableCell>
      <TableHead
        scope="row"
        className="font-medium whitespace-normal normal-case max-md:col-span-2 max-md:h-auto max-md:px-0 md:min-w-40"
      >
        {label}
        {edit.allowed ? null : (
          <LockIcon
            aria-hidden="true"
            className="ml-1.5 inline size-3.5 align-[-2px] text-muted-foreground"
          />
        )}
        <RowEditors presence={presence} row={row.key} />
      </TableHead>
      {GRADES.map((grade, col) => {
        const changed = isCellChanged(row, grade);
        const warnings = cellWarnings(row.values[grade], row.previous?.[grade]);
        const notes = [
          ...(edit.reason === undefined ? [] : [edit.reason]),
          ...warnings.map((warning) => warningText(t, warning)),
        ];
        const reasonId = `desk-${row.key}-${grade}-why`;
        return (
          <TableCell key={grade} className="p-1 max-md:p-0 md:min-w-28">
            {/* On phones a row is a card: each price names its grade. */}
            <span aria-hidden="true" className="mb-1 block text-xs text-muted-foreground md:hidden">
              {t(GRADE_KEYS[grade])}
            </span>
            <div className="group relative">
              <Input
                data-row={index}
                data-col={col}
                data-changed={changed || undefined}
                inputMode="decimal"
                autoComplete="off"
                readOnly={readOnly || !edit.allowed}
                value={row.values[grade]}
                onChange={(event) => onCell(row.key, grade, event.target.value)}
                onFocus={(event) => event.target.select()}
                aria-label={`${label} · ${t(GRADE_KEYS[grade])}${changed ? ` · ${t('DESK.CHANGED')}` : ''}`}
                aria-describedby={notes.length > 0 ? reasonId : undefined}
                className={cn(
                  'h-9 pr-6 pl-5 text-right tabular-nums',
                  !edit.allowed && 'bg-muted text-muted-foreground',
                  changed && 'border-primary font-semibold',
                  warnings.length > 0 && 'border-warning',
                )}
              />
              {changed ? (
                // The changed mark is a glyph as well as the colour.
                <PencilIcon
                  aria-hidden="true"
                  data-testid="desk-changed"
                  className="pointer-events-none absolute top-1/2 left-1.5 size-3 -translate-y-1/2 text-primary"
                />
              ) : null}
              {warnings.length > 0 ? (
                <TriangleAlertIcon
                  aria-hidden="true"
                  data-testid="desk-warning"
                  className="pointer-events-none absolute top-1/2 right-1.5 size-3.5 -translate-y-1/2 text-warning"
                />
              ) : null}
              {notes.length > 0 ? (
                <span
                  id={reasonId}
                  role="tooltip"
                  className="absolute top-full right-0 z-20 mt-1 hidden w-max max-w-56 rounded-md bg-foreground px-2.5 py-1 text-xs text-background shadow-md group-focus-within:block group-hover:block"
                >
                  {notes.join(' ')}
                </span>
              ) : null}
            </div>
          </TableCell>
        );
      })}
      <TableCell
        className="text-sm max-md:col-span-2 max-md:p-0 md:min-w-32"
        data-testid="desk-outcome"
      >
        <Outcome outcome={outcome} changed={isRowChanged(row)} />
      </TableCell>
    </TableRow>
  );
});

type T = ReturnType<typeof useTranslation<'prices'>>['t'];

export function warningText(t: T, warning: PriceWarning): string {
  if (warning.kind === 'range') {
    return t('DESK.WARN_RANGE', {
      min: PRICE_RANGE.min.toFixed(2),
      max: PRICE_RANGE.max.toFixed(2),
    });
  }
  const share = `${warning.share > 0 ? '+' : ''}${Math.round(warning.share * 100)}%`;
  return t('DESK.WARN_JUMP', { share, previous: warning.previous.toFixed(2) });
}

function Outcome({ outcome, changed }: { outcome: RowOutcome | undefined; changed: boolean }) {
  const { t } = useTranslation('prices');
  if (outcome?.state === 'saving') {
    return (
      <span className="flex items-center gap-1.5 text-muted-foreground">
        <Spinner className="size-3.5" /> {t('DESK.SAVING')}
      </span>
    );
  }
  if (outcome?.state === 'failed') {
    return (
      <div className="grid gap-0.5 text-destructive">
        <span className="flex items-center gap-1.5 font-medium">
          <CircleAlertIcon aria-hidden="true" className="size-3.5" /> {t('DESK.FAILED')}
        </span>
        {outcome.lines.map((line, at) => (
          <span key={at} className="text-xs">
            {line}
          </span>
        ))}
      </div>
    );
  }
  if (outcome?.state === 'theirs') {
    return (
      <span className="flex items-center gap-1.5 text-muted-foreground">
        <UserRoundCheckIcon aria-hidden="true" className="size-3.5 shrink-0" />
        {outcome.kept && changed
          ? t('DESK.SAVED_BY_KEPT', { name: outcome.name })
          : t('DESK.SAVED_BY', { name: outcome.name })}
      </span>
    );
  }
  if (changed) return <span className="text-muted-foreground">{t('DESK.CHANGED')}</span>;
  if (outcome?.state === 'saved') {
    return (
      <span className="flex items-center gap-1.5 text-success">
        <CircleCheckIcon aria-hidden="true" className="size-3.5" /> {t('DESK.SAVED')}
      </span>
    );
  }
  if (outcome?.state === 'held') {
    return (
      <div className="grid gap-0.5">
        <span className="flex items-center gap-1.5 font-medium text-warning">
          <HourglassIcon aria-hidden="true" className="size-3.5" /> {t('DESK.HELD')}
        </span>
        <Link href={APPROVALS_PATH} className="text-xs text-primary underline underline-offset-2">
          {t('HELD.OPEN_APPROVALS')}
        </Link>
      </div>
    );
  }
  return null;
}
