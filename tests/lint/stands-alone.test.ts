import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Whoever maintains this repository has the repository only: comments, tests and docs state the
// rules they rely on, or point at docs/, never at documents or tickets kept elsewhere.
const root = path.resolve(import.meta.dirname, '../..');
const CITATION = /\bSPEC\b|DESIGN\.md|STYLE\.md|[Ii]ssue [0-9]|issue-[0-9]/;
const BINARY = /\.(png|jpe?g|gif|webp|ico|mp4|pdf|woff2?|sqlite)$/i;

describe('the repository stands alone', () => {
  it('cites no outside specification, design notes, style guide or issue number', () => {
    const files = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter((file) => file && !BINARY.test(file) && file !== 'package-lock.json')
      .filter((file) => file !== path.relative(root, import.meta.filename));
    expect(files.length).toBeGreaterThan(100);
    const citing = files.flatMap((file) => {
      const full = path.join(root, file);
      if (!fs.existsSync(full)) return [];
      return fs
        .readFileSync(full, 'utf8')
        .split('\n')
        .flatMap((line, at) => (CITATION.test(line) ? [`${file}:${at + 1}: ${line.trim()}`] : []));
    });
    expect(citing).toEqual([]);
  });
});
