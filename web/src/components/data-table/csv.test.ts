import { describe, expect, it } from 'vitest';
import { buildCsv, csvCell, csvFileName, type CsvColumn } from './csv';

describe('a CSV file of a list', () => {
  const columns: CsvColumn[] = [{ header: 'ID' }, { header: 'Name' }];

  it('starts with a byte-order mark and the headers, one CRLF line per row', () => {
    expect(
      buildCsv(columns, [
        [1, 'Ann'],
        [2, 'Bob'],
      ]),
    ).toBe('\uFEFFID,Name\r\n1,Ann\r\n2,Bob\r\n');
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('Lee, Ann')).toBe('"Lee, Ann"');
    expect(csvCell('the "best"')).toBe('"the ""best"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('plain')).toBe('plain');
  });

  it.each(['=1+1', '+33 6', '-2', '@SUM(A1)', '\tx', '\rx'])(
    'neutralises %j so a spreadsheet shows it as text',
    (value) => {
      expect(csvCell(value).replace(/^"/, '')).toMatch(/^'/);
    },
  );

  it.each(['\uFF1D1+1', '\uFF0B33 6', '\uFF0D2', '\uFF20SUM(A1)', '\nx'])(
    'neutralises the full-width or line-feed start of %j too',
    (value) => {
      expect(csvCell(value).replace(/^"/, '')).toMatch(/^'/);
    },
  );

  // Excel splits at its list separator (`;` in German and French), and a reader that misses the
  // quotes splits at any comma, tab or line break: each part that could start a cell is text.
  it.each([
    ['Ada;=HYPERLINK("http://x","y")', `"Ada;'=HYPERLINK(""http://x"",""y"")"`],
    ['x,=1+1', `"x,'=1+1"`],
    ['a\t=cmd', `"a\t'=cmd"`],
    ['line\n@SUM(A1)', `"line\n'@SUM(A1)"`],
    ['line\r+1', `"line\r'+1"`],
    ['a;\uFF1D1+1', `"a;'\uFF1D1+1"`],
    ['a\r\n-1+1', `"a\r\n'-1+1"`],
    ['a; =1+1', `"a; '=1+1"`],
    ['a;"=1+1"', `"a;""'=1+1"""`],
  ])('neutralises every part of %j that a split could start a cell with', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('writes a formula after a separator as text in the file', () => {
    expect(buildCsv(columns, [[1, 'Ada;=HYPERLINK("http://x","y")']])).toBe(
      `\uFEFFID,Name\r\n1,"Ada;'=HYPERLINK(""http://x"",""y"")"\r\n`,
    );
  });

  it('quotes text with separators but leaves it as typed when no part is a formula', () => {
    expect(csvCell('Lee; Ann')).toBe('"Lee; Ann"');
    expect(csvCell('Ann\tBob')).toBe('"Ann\tBob"');
    expect(csvCell('Paris, 2020-2021; a@b.example\r\n\r\nsee\tabove')).toBe(
      '"Paris, 2020-2021; a@b.example\r\n\r\nsee\tabove"',
    );
  });

  it('keeps numbers as numbers, even negative ones', () => {
    expect(buildCsv([{ header: 'Balance' }], [[-5], [-3.5]])).toBe(
      '\uFEFFBalance\r\n-5\r\n-3.5\r\n',
    );
  });

  it('writes text that reads as a number as text, and an infinite number as text', () => {
    expect(buildCsv([{ header: 'Balance' }], [['-3.5'], [-Infinity]])).toBe(
      "\uFEFFBalance\r\n'-3.5\r\n'-Infinity\r\n",
    );
  });

  it('writes a formula in a header as text too', () => {
    expect(buildCsv([{ header: '=cmd' }], [])).toBe("\uFEFF'=cmd\r\n");
  });

  it('writes dates as shown and as ISO 8601', () => {
    const date = new Date('2026-11-25T08:30:00Z');
    expect(
      buildCsv(
        [{ header: 'Sent', date: true }, { header: 'Title' }],
        [
          [{ date, shown: 'Nov 25, 2026, 12:30 AM' }, 'Hi'],
          [{ date: null, shown: '' }, null],
        ],
      ),
    ).toBe(
      '\uFEFFSent,Sent (ISO 8601),Title\r\n' +
        '"Nov 25, 2026, 12:30 AM",2026-11-25T08:30:00.000Z,Hi\r\n' +
        ',,\r\n',
    );
  });

  it('names the file after the screen and the day in Los Angeles', () => {
    expect(csvFileName('all-users', new Date(Date.UTC(2026, 10, 5, 20, 0)))).toBe(
      'all-users-2026-11-05.csv',
    );
    // 02:00 UTC on the 6th is still the 5th in Los Angeles, whatever the browser's zone.
    expect(csvFileName('all-users', new Date(Date.UTC(2026, 10, 6, 2, 0)))).toBe(
      'all-users-2026-11-05.csv',
    );
  });
});
