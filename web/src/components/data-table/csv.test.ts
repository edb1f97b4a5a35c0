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

  it('keeps numbers as numbers, even negative ones', () => {
    expect(buildCsv([{ header: 'Balance' }], [[-5]])).toBe('\uFEFFBalance\r\n-5\r\n');
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
