import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@/lib/i18n';

/**
 * Every namespace (src/locales = common, src/features/<feature>/locales = that feature, and
 * likewise src/template/<part> and src/components/<part>) must give every language every key
 * English has (a plural in that language's own forms), with the same placeholders and markup,
 * and real translations rather than English copies.
 */
const src = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Strings that read the same in every language: names, file names, product names. */
const SAME_EVERYWHERE = new Set([
  'SEARCH.SAMPLE_MEMBER_1',
  'SEARCH.SAMPLE_MEMBER_2',
  'SEARCH.SAMPLE_FILE_1',
  'SEARCH.SAMPLE_FILE_2',
  'PAGES.GOOGLE_MATERIAL',
  'PAGES.REACT_BOOTSTRAP',
]);

/** Words a language shares with English (key:language). */
const SAME_IN_LANGUAGE = new Set([
  'MENU.SECTION_COMMUNITY:de',
  'PREVIEW.DESKTOP:de',
  'DETAILS.BUTTON:de',
  'SEARCH.ROLE_ADMIN:de',
  'COMMON.NO:es',
  'SEARCH.DOCUMENTS:fr',
  'QUICK_PANEL.NOTIFICATIONS:fr',
  'TABLE.PAGINATION:fr',
  'TABLE.PAGE_N:fr',
  'V4.HEADLINE:es',
  'DEMO.ROLE_ADMIN:de',
  'PRODUCTS.COLOR:es',
  'MESSAGE_COUNT_one:fr',
  'MESSAGE_COUNT_other:fr',
  'COLUMNS.ROLES:es',
  'ROLES_DIALOG.LEGEND:es',
  'COLUMNS.ACTIONS:fr',
]);

const PLURAL = /^(.*)_(zero|one|two|few|many|other)$/;

/**
 * The keys a language must have: English's, with each plural (`KEY_one`, `KEY_other`) given in
 * the forms that language has instead of English's.
 */
function expectedKeys(english: Iterable<string>, code: string): Set<string> {
  const forms = new Intl.PluralRules(code).resolvedOptions().pluralCategories;
  const keys = new Set<string>();
  for (const key of english) {
    const base = PLURAL.exec(key)?.[1];
    if (base === undefined) keys.add(key);
    else for (const form of forms) keys.add(`${base}_${form}`);
  }
  return keys;
}

function namespaces(): { name: string; dir: string }[] {
  const found = [{ name: 'common', dir: join(src, 'locales') }];
  for (const parent of ['features', 'template', 'components']) {
    for (const name of readdirSync(join(src, parent))) {
      const dir = join(src, parent, name, 'locales');
      // A feature, a template leftover, or a shared part only lazy screens use, with strings of
      // its own.
      if (existsSync(dir) && readdirSync(dir).length > 0) found.push({ name, dir });
    }
  }
  return found;
}

function flatten(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === 'string') {
    out.set(prefix, value);
    return out;
  }
  if (typeof value !== 'object' || value === null) throw new Error(`${prefix}: not a string`);
  for (const [key, child] of Object.entries(value)) {
    for (const [path, text] of flatten(child, prefix ? `${prefix}.${key}` : key))
      out.set(path, text);
  }
  return out;
}

function read(dir: string, language: string): Map<string, string> | undefined {
  try {
    return flatten(JSON.parse(readFileSync(join(dir, `${language}.json`), 'utf8')) as unknown);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

const tokens = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}|<\/?(\w+)>/g)].map((m) => m[0].replace(/\s/g, '')).sort();

describe.each(namespaces())('the $name strings', ({ dir }) => {
  const english = read(dir, 'en');

  it('exist in English', () => {
    expect(english?.size ?? 0).toBeGreaterThan(0);
  });

  describe.each(LANGUAGES.filter((language) => language.code !== 'en'))('in $label', ({ code }) => {
    const strings = read(dir, code);

    it('have every key English has, and no other', () => {
      expect(strings, `${code}.json is missing`).toBeDefined();
      const expected = expectedKeys(english?.keys() ?? [], code);
      const missing = [...expected].filter((key) => !strings?.has(key));
      const extra = [...(strings?.keys() ?? [])].filter((key) => !expected.has(key));
      expect(missing, `missing in ${code}`).toEqual([]);
      expect(extra, `unknown in ${code}`).toEqual([]);
    });

    it('keep the placeholders and markup of English', () => {
      for (const [key, text] of english ?? []) {
        const translated = strings?.get(key);
        if (translated === undefined) continue;
        expect(tokens(translated), `${code}: ${key}`).toEqual(tokens(text));
        expect(translated.trim(), `${code}: ${key} is empty`).not.toBe('');
      }
    });

    it('are translated, not English copies', () => {
      const copies = [...(english ?? [])]
        .filter(([key, text]) => strings?.get(key) === text)
        .map(([key]) => key)
        .filter((key) => !SAME_EVERYWHERE.has(key) && !SAME_IN_LANGUAGE.has(`${key}:${code}`));
      expect(copies, `${code} strings identical to English`).toEqual([]);
    });
  });
});

/** Every source file but tests, with the feature it belongs to (undefined: shared or app code). */
function sourceFiles(dir = src): { file: string; feature: string | undefined }[] {
  const found: { file: string; feature: string | undefined }[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
      const feature = /(?:features|template|components)[\\/]([^\\/]+)[\\/]/.exec(
        path.slice(src.length),
      )?.[1];
      found.push({ file: path, feature });
    }
  }
  return found;
}

// Typed keys check every `t('…')` the compiler sees; a key kept in data until it is shown (a
// schema's error message, a label table) is checked here, read from the source itself.
describe('the keys the source names', () => {
  const english = new Map(namespaces().map(({ name, dir }) => [name, read(dir, 'en')]));
  // A plural is named by its base: `t('AUDIENCE.USERS', { count })` reads AUDIENCE.USERS_one…
  const has = (namespace: string | undefined, key: string) => {
    const strings = namespace === undefined ? undefined : english.get(namespace);
    return strings?.has(key) === true || strings?.has(`${key}_other`) === true;
  };
  const known = (key: string, feature: string | undefined) => {
    const [namespace, name] = key.includes(':') ? key.split(':', 2) : [undefined, key];
    if (namespace !== undefined) return has(namespace, name ?? '');
    return has('common', key) || has(feature, key);
  };

  it('are all in English, in the common strings or the feature’s own', () => {
    const unknown: string[] = [];
    let seen = 0;
    for (const { file, feature } of sourceFiles()) {
      const text = readFileSync(file, 'utf8');
      for (const [, key] of text.matchAll(/'((?:[a-z-]+:)?[A-Z][A-Z0-9_]*(?:\.[A-Z0-9_]+)+)'/g)) {
        seen++;
        if (key && !known(key, feature)) unknown.push(`${file.slice(src.length)}: ${key}`);
      }
    }
    expect(seen).toBeGreaterThan(100);
    expect(unknown).toEqual([]);
  });
});
