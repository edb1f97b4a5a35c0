import {
  lazy,
  startTransition,
  Suspense,
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { CopyIcon, SaveIcon } from 'lucide-react';
import { allows } from '@contracts/admins/roles';
import type { FuelPriceType } from '@contracts/upstream/upstream';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Permitted } from '@/components/permitted';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { useChangePolicy } from '@/lib/changes/use-change-policy';
import { useLeaveGuard } from '@/lib/leave-guard/use-leave-guard';
import { useGrants } from '@/lib/roles/roles';
import type { PriceGroup } from '@/lib/price-lists/price-groups';
import type { PriceField } from '../schemas';
import { ConflictDialog } from './conflict-dialog';
import { DeskGrid } from './desk-grid';
import { warningText, GRADE_KEYS } from './desk-row';
import { copyPrevious, isRowChanged, pasteBlock, setCell, type DeskRow } from './grid';
import type { Cell } from './keyboard';
import type { RowOutcome } from './save-queue';
import { useDeskLive } from './use-desk-live';
import { useDeskPresence } from './use-desk-presence';
import { useDeskSave } from './use-desk-save';
import { gridWarnings } from './warnings';

/** recharts is large: fetched when the desk first shows a chart, never with the page. */
const HistoryChart = lazy(() => import('./history-chart'));
/** The chart follows the focused row once the focus rests this long, not on every key of a run. */
const CHART_FOLLOW_MS = 300;

export interface PriceDeskProps {
  date: string;
  groups: readonly PriceGroup[];
  types: readonly FuelPriceType[];
  /** The rows as loaded for the day; the desk edits its own copy. */
  loaded: DeskRow[];
  /** Phones show one group at a time; the first is shown until another is chosen. */
  narrow: boolean;
  /** Whether the price history can be read (the chart comes from it). */
  history: boolean;
  /** The row a link opened the desk at: its first cell takes the focus. */
  focusRow: string | null;
}

/** Every group x type of one day as one grid, saved in one go. */
export function PriceDesk(props: PriceDeskProps) {
  const { date, groups, types, loaded, narrow, history, focusRow } = props;
  const { t } = useTranslation('prices');
  const ids = useId();
  const [rows, setRows] = useState(loaded);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [outcomes, setOutcomes] = useState<ReadonlyMap<string, RowOutcome>>(() => new Map());
  const [confirming, setConfirming] = useState(false);
  const [groupShown, setGroupShown] = useState<number | null>(null);
  const [active, setActive] = useState<string | null>(null);
  const { saving, save, conflicts, settle } = useDeskSave({
    date,
    history,
    rows,
    setRows,
    setOutcomes,
  });
  const { presence, onRow } = useDeskPresence(date, history);
  useDeskLive({ date, opened: loaded, enabled: history, rows, setRows, setOutcomes, presence });
  const follow = useRef<number>(undefined);
  const onActive = useCallback(
    (key: string) => {
      onRow(key);
      window.clearTimeout(follow.current);
      follow.current = window.setTimeout(
        () => startTransition(() => setActive(key)),
        CHART_FOLLOW_MS,
      );
    },
    [onRow],
  );
  useEffect(() => () => window.clearTimeout(follow.current), []);
  const onLeave = useCallback(() => onRow(null), [onRow]);
  // A row of a group the admin's roles do not save is read-only: copy and paste pass it by.
  const grants = useGrants();
  const editable = (row: DeskRow) => allows(grants, 'prices.write', String(row.groupId));

  const names = useMemo(
    () => ({
      group: new Map(groups.map((g) => [g.id, g.name])),
      type: new Map(types.map((ty) => [ty.id, ty.name])),
    }),
    [groups, types],
  );
  const labelOf = useCallback(
    (row: DeskRow) => `${names.group.get(row.groupId) ?? ''} · ${names.type.get(row.typeId) ?? ''}`,
    [names],
  );
  const labelOfKey = (key: string) => {
    const row = rows.find((candidate) => candidate.key === key);
    return row ? labelOf(row) : key;
  };
  // A phone shows the group of a row a link asks for, as if the admin had chosen it.
  const [asked, setAsked] = useState<string | null>(null);
  const askedGroup = loaded.find((row) => row.key === focusRow)?.groupId;
  if (focusRow !== asked) {
    setAsked(focusRow);
    if (narrow && askedGroup !== undefined) setGroupShown(askedGroup);
  }
  const shownGroup = groupShown ?? (narrow ? (groups[0]?.id ?? null) : null);
  const shown = useMemo(
    () => (shownGroup === null ? rows : rows.filter((row) => row.groupId === shownGroup)),
    [rows, shownGroup],
  );
  const changed = rows.filter(isRowChanged);
  // The chart follows the focused row at low priority: a key move paints before it redraws,
  // and the first paint of the grid does not wait for it.
  const charted = useDeferredValue(shown.find((row) => row.key === active) ?? shown[0], undefined);
  useLeaveGuard(changed.length > 0, t('DESK.LEAVE'));

  const onCell = useCallback((key: string, grade: PriceField, value: string) => {
    setRows((current) =>
      setCell(
        current,
        current.findIndex((row) => row.key === key),
        grade,
        value,
      ),
    );
  }, []);
  const onRevert = useCallback((key: string, grade: PriceField) => {
    setRows((current) => {
      const at = current.findIndex((row) => row.key === key);
      return setCell(current, at, grade, current[at]?.loaded[grade] ?? '');
    });
  }, []);
  const onPaste = (at: Cell, block: string[][]) => {
    const pasted = new Map(
      pasteBlock(shown, at, block)
        .filter(editable)
        .map((row) => [row.key, row]),
    );
    setRows((current) => current.map((row) => pasted.get(row.key) ?? row));
  };
  const onSelect = useCallback((key: string, on: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);
  const onSelectAll = (on: boolean) =>
    setSelected(on ? new Set(shown.map((row) => row.key)) : new Set());
  const copy = () => {
    const wanted = selected.size > 0 ? selected : new Set(shown.map((row) => row.key));
    const keys = new Set(
      rows.filter((row) => wanted.has(row.key) && editable(row)).map((row) => row.key),
    );
    setRows((current) => copyPrevious(current, keys));
  };

  const warnings = gridWarnings(changed);
  const held = useChangePolicy().policy.priceWarnings;
  const onSave = () => {
    if (warnings.length > 0) setConfirming(true);
    else void save();
  };

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-2 md:hidden">
          <Label htmlFor={`${ids}-group`}>{t('DESK.GROUP_SHOWN')}</Label>
          <NativeSelect
            id={`${ids}-group`}
            className="[&_select]:h-10"
            value={shownGroup === null ? '' : String(shownGroup)}
            onChange={(event) => setGroupShown(Number(event.target.value))}
          >
            {groups.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Permitted permission="prices.write">
          <Button type="button" variant="outline" onClick={copy} disabled={saving}>
            <CopyIcon aria-hidden="true" />
            {selected.size > 0
              ? t('DESK.COPY_SELECTED', { count: selected.size })
              : t('DESK.COPY_ALL')}
          </Button>
        </Permitted>
        <span role="status" className="text-sm text-muted-foreground sm:ml-auto">
          {changed.length > 0 ? t('DESK.CHANGED_COUNT', { count: changed.length }) : null}
        </span>
        <Permitted permission="prices.write">
          <Button type="button" onClick={onSave} disabled={saving || changed.length === 0}>
            {saving ? <Spinner /> : <SaveIcon aria-hidden="true" />}
            {t('DESK.SAVE')}
          </Button>
        </Permitted>
      </div>
      <p className="text-sm text-muted-foreground">{t('DESK.HINT')}</p>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 2xl:grid-cols-[minmax(0,1fr)_20rem] 2xl:items-start">
        <DeskGrid
          rows={shown}
          labelOf={labelOf}
          selected={selected}
          outcomes={outcomes}
          readOnly={saving}
          onSelect={onSelect}
          onSelectAll={onSelectAll}
          onCell={onCell}
          onRevert={onRevert}
          onPaste={onPaste}
          onActive={onActive}
          onLeave={onLeave}
          presence={presence}
          focusRow={focusRow}
        />
        {history && charted ? (
          <Suspense fallback={<Skeleton className="h-64 w-full" />}>
            <HistoryChart
              groupId={charted.groupId}
              typeId={charted.typeId}
              date={date}
              label={labelOf(charted)}
            />
          </Suspense>
        ) : null}
      </div>
      <ConflictDialog
        conflicts={conflicts}
        labelOf={labelOfKey}
        nameOf={presence.nameOf}
        onOverwrite={() => settle(true)}
        onKeepTheirs={() => settle(false)}
      />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('DESK.WARNINGS_TITLE', { count: warnings.length })}
        description={
          <span className="grid gap-2">
            <span>{t(held ? 'DESK.WARNINGS_HELD' : 'DESK.WARNINGS_TEXT')}</span>
            {/* Spans with list roles: the description is a paragraph, which may not hold a list. */}
            <span
              role="list"
              data-testid="desk-warnings"
              className="grid max-h-64 gap-1 overflow-y-auto text-left"
            >
              {warnings.map(({ row, grade, warnings: found }) => (
                <span role="listitem" key={`${row.key}-${grade}`} className="block">
                  {labelOf(row)} · {t(GRADE_KEYS[grade])}: {row.values[grade]} —{' '}
                  {found.map((warning) => warningText(t, warning)).join(' ')}
                </span>
              ))}
            </span>
          </span>
        }
        confirmLabel={t('DESK.SAVE_ANYWAY')}
        onConfirm={() => {
          void save();
          return Promise.resolve();
        }}
      />
    </div>
  );
}
