import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The lists' serial numbers, cut-down texts and row buttons look and read the same on every
// screen because they come from one place, web/src/components/data-table/data-table-cells.tsx.
// A column file that writes its own again drifts from the others unnoticed.
const root = path.resolve(import.meta.dirname, '../..');
const COLUMN_FILE = /^web\/src\/features\/.+-columns\.tsx$/;

/** The object literal around `index`: from its unmatched `{` to the matching `}`. */
function objectAround(source: string, index: number): string {
  let start = index;
  for (let depth = 0; start > 0; start--) {
    const char = source[start - 1];
    if (char === '}') depth++;
    if (char === '{' && depth-- === 0) break;
  }
  let end = index;
  for (let depth = 0; end < source.length; end++) {
    const char = source[end];
    if (char === '{') depth++;
    if (char === '}' && depth-- === 0) break;
  }
  return source.slice(Math.max(start - 1, 0), end + 1);
}

/** What a column file renders itself that the shared cells own; empty when it uses them. */
function ownCells(source: string): string[] {
  const found: string[] = [];
  const serialColumns = new Set(
    [...source.matchAll(/\b(?:id|accessorKey):\s*['"]serial['"]/g)].map((match) =>
      objectAround(source, match.index),
    ),
  );
  for (const column of serialColumns) {
    if (!column.includes('<SerialCell')) found.push('a serial column whose cell is not SerialCell');
  }
  for (const match of source.matchAll(/className="([^"]*)"/g)) {
    const classes = new Set(match[1]?.split(/\s+/));
    if (classes.has('text-muted-foreground') && classes.has('tabular-nums')) {
      found.push("a serial cell's markup (use SerialCell)");
    }
    if ([...classes].some((name) => name.startsWith('line-clamp-'))) {
      found.push('a clamped text of its own (use ClampedTextCell)');
    }
  }
  if (/\bactions:\s*true\b/.test(source)) {
    found.push('an actions column written by hand (use actionsColumn)');
  }
  if (/<Button\b/.test(source)) found.push('a row button of its own (use RowActionButton)');
  return found;
}

describe('the list columns use the shared cells', () => {
  it('finds a serial, a clamped text, an actions column and a row button written by hand', () => {
    const serial = `[{
      id: 'serial',
      accessorKey: 'serial',
      header: t('SR_NO'),
      cell: ({ row }) => <span className="tabular-nums text-muted-foreground">{row.original.serial}</span>,
    }, { id: 'title', cell: () => <SerialCell value={1} /> }]`;
    expect(ownCells(serial)).toEqual([
      'a serial column whose cell is not SerialCell',
      "a serial cell's markup (use SerialCell)",
    ]);
    const actions = `{
      id: 'delete',
      meta: { actions: true },
      cell: ({ row }) => (
        <p className="line-clamp-2 max-w-80" title={row.original.text}>{row.original.text}</p>
      ),
      footer: () => <Button size="icon-sm" aria-label={t('DELETE')} onClick={remove} />,
    }`;
    expect(ownCells(actions)).toEqual([
      'a clamped text of its own (use ClampedTextCell)',
      'an actions column written by hand (use actionsColumn)',
      'a row button of its own (use RowActionButton)',
    ]);
  });

  it('passes columns built from the shared cells', () => {
    const shared = `[{
      id: 'serial',
      accessorKey: 'serial',
      cell: ({ row }) => <SerialCell value={row.original.serial} />,
    },
    {
      id: 'description',
      cell: ({ row }) => <ClampedTextCell text={row.original.text} lines={2} className="max-w-80" />,
    },
    actionsColumn({
      id: 'delete',
      header: t('DELETE'),
      cell: ({ row }) => <RowActionButton label={t('DELETE')} icon={Trash2Icon} onClick={remove} />,
    })]`;
    expect(ownCells(shared)).toEqual([]);
  });

  it('holds for every column file of the web app', () => {
    const files = execFileSync(
      'git',
      ['ls-files', '--cached', '--others', '--exclude-standard', 'web/src/features'],
      { cwd: root, encoding: 'utf8' },
    )
      .split('\n')
      .filter((file) => COLUMN_FILE.test(file) && fs.existsSync(path.join(root, file)));
    expect(files.length).toBeGreaterThanOrEqual(7);
    const own = files.flatMap((file) =>
      ownCells(fs.readFileSync(path.join(root, file), 'utf8')).map((what) => `${file}: ${what}`),
    );
    expect(own).toEqual([]);
  });
});
