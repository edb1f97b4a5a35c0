import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UPSTREAM_CALLS } from '../../functions/src/contracts/index.ts';
import { parseRequestTarget } from '../../functions/src/handlers/proxy/index.ts';

// The product's calls to the upstream, its table of them (UPSTREAM_CALLS) and the operator's
// page (docs/upstream.md) say the same: a call added in one place and not the others fails here.
const root = path.resolve(import.meta.dirname, '../..');
const doc = fs.readFileSync(path.join(root, 'docs/upstream.md'), 'utf8');
const TEMPLATE = /^\/web\/src\/template\//;

const shown = (call: { method: string; path: string }) =>
  `\`${call.method} /${call.path.replace(/:(\w+)/g, '{$1}')}\``;

/** The API paths the web app's code names: `path:` of an API call, `url=` of a delete dialog. */
function pathsInWeb(): string[] {
  const files = execFileSync('git', ['ls-files', 'web/src'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((file) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file))
    .filter((file) => !TEMPLATE.test(`/${file}`) && !file.startsWith('web/src/app/'))
    .filter((file) => fs.existsSync(path.join(root, file)));
  const found = new Set<string>();
  for (const file of files) {
    const source = fs.readFileSync(path.join(root, file), 'utf8');
    for (const [, literal] of source.matchAll(/(?:path:|url=\{[^`'}]*)\s*('[^']*'|`[^`]*`)/g)) {
      const text = (literal as string).slice(1, -1).replace(/\$\{[^}]*\}/g, ':id');
      if (text.startsWith('/')) found.add(text.split('?')[0] as string);
    }
  }
  // The api function's own routes are answered there, never sent upstream.
  return [...found].filter((apiPath) => parseRequestTarget(`/api${apiPath}`)?.kind === 'api');
}

const matches = (apiPath: string, pattern: string) => {
  const segments = apiPath.slice(1).split('/');
  const parts = pattern.split('/');
  return (
    segments.length === parts.length &&
    parts.every((part, at) => part.startsWith(':') || part === segments[at])
  );
};

describe('the upstream calls', () => {
  it('are each listed in docs/upstream.md', () => {
    expect(UPSTREAM_CALLS.map(shown).filter((call) => !doc.includes(`| ${call} |`))).toEqual([]);
  });

  it('are all the page lists', () => {
    const rows = [...doc.matchAll(/^\| (`[A-Z]+ \/[^`]*`) \|/gm)].map(([, call]) => call);
    expect(rows.toSorted()).toEqual(UPSTREAM_CALLS.map(shown).toSorted());
  });

  it('include every API path the web app names', () => {
    const paths = pathsInWeb();
    expect(paths.length).toBeGreaterThan(15);
    expect(paths.filter((p) => !UPSTREAM_CALLS.some((call) => matches(p, call.path)))).toEqual([]);
  });
});
