import {
  startTransition,
  useEffect,
  useRef,
  useState,
  type ClipboardEvent,
  type KeyboardEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '@/components/ui/checkbox';
import { mark, markPainted } from '@/lib/perf';
import { Table, TableBody, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { PriceField } from '../schemas';
import { GRADES, isBlock, parseBlock, type DeskRow } from './grid';
import { moveFor, type Cell } from './keyboard';
import { DeskRowView, GRADE_KEYS } from './desk-row';
import type { PresenceStore } from './presence';
import type { RowOutcome } from './save-queue';

export interface DeskGridProps {
  rows: readonly DeskRow[];
  labelOf: (row: DeskRow) => string;
  selected: ReadonlySet<string>;
  outcomes: ReadonlyMap<string, RowOutcome>;
  readOnly: boolean;
  onSelect: (key: string, selected: boolean) => void;
  onSelectAll: (selected: boolean) => void;
  onCell: (key: string, grade: PriceField, value: string) => void;
  /** Escape: the cell back to its loaded value. */
  onRevert: (key: string, grade: PriceField) => void;
  /** A block pasted at a cell of the rows shown. */
  onPaste: (at: Cell, block: string[][]) => void;
  /** The row whose cell took the focus (the chart and the presence follow it). */
  onActive: (key: string) => void;
  /** The focus left the grid's cells. */
  onLeave: () => void;
  presence: PresenceStore;
  /** The row a link opened the desk at: its first cell takes the focus once it is rendered. */
  focusRow: string | null;
}

/**
 * Rows rendered in the first pass, about a screenful: the rest follow in a transition, which
 * React renders in slices, so the first rows paint at once and the keyboard stays live.
 */
const FIRST_ROWS = 24;

function cellOf(target: EventTarget): Cell | null {
  if (!(target instanceof HTMLInputElement) || target.dataset.col === undefined) return null;
  return { row: Number(target.dataset.row), col: Number(target.dataset.col) };
}

/** The rows shown as a spreadsheet: one line per group x type, a column per grade. */
export function DeskGrid(props: DeskGridProps) {
  const { rows, selected, onSelectAll, onRevert, onPaste, onActive, onLeave, focusRow } = props;
  const { t } = useTranslation('prices');
  const table = useRef<HTMLTableElement>(null);
  const [complete, setComplete] = useState(false);
  useEffect(() => {
    // For the benchmark (bench/suites/desk.ts): from the rows in hand to the first rows painted.
    markPainted('desk:rows');
    // The rest once the first rows have painted (a frame, then a task), not in their way.
    let timer: number | undefined;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => startTransition(() => setComplete(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, []);
  const rendered = complete ? rows : rows.slice(0, FIRST_ROWS);
  const all = rows.length > 0 && rows.every((row) => selected.has(row.key));
  const some = rows.some((row) => selected.has(row.key));

  const focusCell = ({ row, col }: Cell) => {
    const input = table.current?.querySelector<HTMLInputElement>(
      `input[data-row="${row}"][data-col="${col}"]`,
    );
    input?.focus();
    input?.select();
  };

  // Each row asked for once: the admin's own moves are not taken back to it.
  const focused = useRef<string | null>(null);
  useEffect(() => {
    if (focusRow === null || focused.current === focusRow) return;
    const at = rendered.findIndex((row) => row.key === focusRow);
    if (at === -1) return;
    focused.current = focusRow;
    focusCell({ row: at, col: 0 });
  });

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const at = cellOf(event.target);
    const input = event.target as HTMLInputElement;
    if (!at) return;
    const row = rows[at.row];
    const grade = GRADES[at.col];
    if (event.key === 'Escape' && row && grade && row.values[grade] !== row.loaded[grade]) {
      event.preventDefault();
      onRevert(row.key, grade);
      return;
    }
    const to = moveFor(
      {
        key: event.key,
        shiftKey: event.shiftKey,
        caret: {
          start: input.selectionStart ?? 0,
          end: input.selectionEnd ?? 0,
          length: input.value.length,
        },
      },
      at,
      rows.length,
      GRADES.length,
    );
    if (!to) return;
    event.preventDefault();
    // For the benchmark (bench/suites/desk.ts): from the key to the next cell painted focused.
    mark('desk:move');
    focusCell(to);
    markPainted('desk:move');
  };

  const onPasteBlock = (event: ClipboardEvent<HTMLTableElement>) => {
    const at = cellOf(event.target);
    const text = event.clipboardData.getData('text/plain');
    if (!at || !isBlock(text)) return;
    event.preventDefault();
    onPaste(at, parseBlock(text));
  };

  return (
    <div className="rounded-md border">
      <Table
        ref={table}
        className="max-md:block"
        onKeyDown={onKeyDown}
        onPaste={onPasteBlock}
        onFocus={(event) => {
          const at = cellOf(event.target);
          const row = at ? rows[at.row] : undefined;
          if (row) onActive(row.key);
        }}
        onBlur={(event) => {
          const next = event.relatedTarget;
          if (!(next instanceof HTMLInputElement && table.current?.contains(next))) onLeave();
        }}
        data-testid="price-desk-grid"
      >
        <TableHeader className="max-md:hidden">
          <TableRow>
            <TableHead className="w-8">
              <Checkbox
                checked={all ? true : some ? 'indeterminate' : false}
                onCheckedChange={(checked) => onSelectAll(checked === true)}
                aria-label={t('DESK.SELECT_ALL')}
              />
            </TableHead>
            <TableHead scope="col">{t('DESK.ROW')}</TableHead>
            {GRADES.map((grade) => (
              <TableHead key={grade} scope="col" className="text-right">
                {t(GRADE_KEYS[grade])}
              </TableHead>
            ))}
            <TableHead scope="col">{t('DESK.STATUS')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody className="max-md:block">
          {rendered.map((row, index) => (
            <DeskRowView
              key={row.key}
              row={row}
              index={index}
              label={props.labelOf(row)}
              selected={selected.has(row.key)}
              outcome={props.outcomes.get(row.key)}
              readOnly={props.readOnly}
              presence={props.presence}
              onSelect={props.onSelect}
              onCell={props.onCell}
            />
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
