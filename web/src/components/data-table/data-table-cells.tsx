import type { CellContext, ColumnDef } from '@tanstack/react-table';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Permission } from '@contracts/admins/roles';
import { Permitted } from '@/components/permitted';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

// The cells every list writes the same way; tests/lint/table-cells.test.ts keeps the column files
// from growing their own again.

/** The number a row goes by (its Sr.No or its id): muted, in even figures so the column aligns. */
export function SerialCell({ value }: { value: number | string }) {
  return <span className="text-muted-foreground tabular-nums">{value}</span>;
}

// Whole class names, so Tailwind finds them in the source.
const CLAMPS = { 2: 'line-clamp-2', 3: 'line-clamp-3' } as const;

/**
 * Free text cut to a few lines; the whole of it shows on hover. A long unbroken word wraps
 * anywhere, so it cannot widen the column past the screen.
 */
export function ClampedTextCell({
  text,
  lines,
  className,
}: {
  text: string;
  lines: keyof typeof CLAMPS;
  /** The column's widths and colour. */
  className?: string;
}) {
  return (
    <p className={cn(CLAMPS[lines], 'wrap-anywhere', className)} title={text}>
      {text}
    </p>
  );
}

/**
 * A column of a row's buttons: never sorted, left out of an export, and on a phone lined up at the
 * foot of the row's card.
 */
export function actionsColumn<TData>(column: {
  id: string;
  header: string;
  cell: (context: CellContext<TData, unknown>) => ReactNode;
}): ColumnDef<TData, unknown> {
  return { ...column, meta: { actions: true }, enableSorting: false };
}

/**
 * A row's button. With `text` it is outlined and shows the text beside the icon; without, the icon
 * alone. Its accessible name (`label`) says what it does and to which row.
 */
export function RowActionButton({
  label,
  icon: Icon,
  text,
  destructive = false,
  permission,
  onClick,
}: {
  label: string;
  icon: LucideIcon;
  text?: string;
  /** In red, for an icon alone (Delete). */
  destructive?: boolean;
  /** The grant the button needs; without one anyone may press it. */
  permission?: Permission;
  onClick: () => void;
}) {
  const button = text ? (
    <Button size="sm" variant="outline" aria-label={label} onClick={onClick}>
      <Icon aria-hidden="true" />
      <span>{text}</span>
    </Button>
  ) : (
    <Button
      size="icon-sm"
      variant="ghost"
      className={
        destructive ? 'text-destructive hover:bg-destructive/10 hover:text-destructive' : undefined
      }
      aria-label={label}
      onClick={onClick}
    >
      <Icon aria-hidden="true" />
    </Button>
  );
  return permission ? <Permitted permission={permission}>{button}</Permitted> : button;
}
