import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// A newcomer reads a screen or a part in one file: files stay short enough to read whole. The
// list table is the part every list builds on, so it stays a short assembly of its parts.
const root = path.resolve(import.meta.dirname, '../..');
const MAX_LINES = 300;
const TABLE = 'web/src/components/data-table/data-table.tsx';
const TABLE_MAX_LINES = 200;
/** Where the rule holds: every part of the product and of its local stack, and the test support. */
const FOLDERS = ['functions/src', 'dev', 'bench', 'tests/support', 'tests/e2e/support', 'web/src'];
/** The files allowed to be longer, each with why. */
const LONGER: Record<string, string> = {
  'web/src/template/e-commerce/mock/sample-data.ts':
    "the template's demo shop records: data, not code to read",
  'dev/rtdb/engine.ts':
    "the database's namespace: reads, rule-checked writes, indexes and listens share its state",
};

const linesOf = (file: string) =>
  fs.readFileSync(path.join(root, file), 'utf8').trimEnd().split('\n').length;

const sources = (folders: string[]) =>
  execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', ...folders], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => /\.(ts|tsx|js|mjs)$/.test(file) && !/\.test\.tsx?$/.test(file))
    .filter((file) => fs.existsSync(path.join(root, file)));

describe('the repository reads file by file', () => {
  it(`keeps every source file within ${MAX_LINES} lines but those named with a reason`, () => {
    const files = sources(FOLDERS);
    expect(files.length).toBeGreaterThan(400);
    const long = files.flatMap((file) => {
      const lines = linesOf(file);
      return lines > MAX_LINES && !(file in LONGER) ? [`${file}: ${lines} lines`] : [];
    });
    expect(long).toEqual([]);
  });

  it('names as longer only files that still are', () => {
    const notLonger = Object.keys(LONGER).filter((file) => linesOf(file) <= MAX_LINES);
    expect(notLonger).toEqual([]);
  });

  it(`keeps the list table under ${TABLE_MAX_LINES} lines`, () => {
    expect(linesOf(TABLE)).toBeLessThan(TABLE_MAX_LINES);
  });
});

describe('the functions read folder by folder', () => {
  const FOLDER_MAX_SOURCES = 12;
  it(`keep at most ${FOLDER_MAX_SOURCES} source files in each folder of functions/src`, () => {
    const files = execFileSync('git', ['ls-files', 'functions/src'], {
      cwd: root,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((file) => /\.ts$/.test(file) && !/\.test\.ts$/.test(file))
      .filter((file) => fs.existsSync(path.join(root, file)));
    const perFolder = new Map<string, number>();
    for (const file of files) {
      const folder = path.posix.dirname(file);
      perFolder.set(folder, (perFolder.get(folder) ?? 0) + 1);
    }
    expect(perFolder.size).toBeGreaterThan(10);
    const crowded = [...perFolder].filter(([, count]) => count > FOLDER_MAX_SOURCES);
    expect(crowded.map(([folder, count]) => `${folder}: ${count} sources`)).toEqual([]);
  });
});
