import type * as z from 'zod/mini';

/**
 * A zod issue said for an operator: where in the reply, what arrived there and what the product
 * expects, e.g. `payload[0].name: got 12, expected text`. Pure.
 */

type Issue = z.core.$ZodIssue;
type Key = PropertyKey;

const MAX_VALUE_CHARS = 40;

/** `issue` of a parse of `root`, whose place in the reply is `prefix` (e.g. `payload`, 0). */
export function describeIssue(issue: Issue, root: unknown, prefix: readonly Key[] = []): string {
  const at = pathText([...prefix, ...issue.path]);
  const arrived = valueAt(root, issue.path);
  const got = arrived === undefined ? 'missing' : `got ${shortJson(arrived)}`;
  return `${at === '' ? 'the reply' : at}: ${got}, ${expectation(issue)}`;
}

/** `payload[0].users[2].name` */
export function pathText(path: readonly Key[]): string {
  return path
    .map((key, index) =>
      typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`,
    )
    .join('');
}

/** JSON cut to a length a terminal line can hold. */
export function shortJson(value: unknown, max = MAX_VALUE_CHARS): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function valueAt(root: unknown, path: readonly Key[]): unknown {
  let value = root;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<Key, unknown>)[key];
  }
  return value;
}

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  int: 'an integer',
  number: 'a number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
};

function expectation(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${TYPE_WORDS[issue.expected] ?? issue.expected}`;
    case 'invalid_value':
      return `expected ${alternatives(issue.values.map((value) => shortJson(value)))}`;
    case 'invalid_format':
      return `expected ${formatWords(issue.pattern)}`;
    case 'invalid_union':
      return `expected ${alternatives(issue.errors.flatMap((branch) => branch.map(expected)))}`;
    case 'too_small':
      return issue.origin === 'array'
        ? `expected at least ${issue.minimum} item(s)`
        : `expected at least ${issue.minimum}`;
    default:
      return issue.message;
  }
}

/** What one branch of a union wanted, without the leading "expected". */
function expected(issue: Issue): string {
  return expectation(issue).replace(/^expected /, '');
}

function alternatives(words: string[]): string {
  const unique = [...new Set(words)];
  if (unique.length <= 1) return unique[0] ?? 'something else';
  return `${unique.slice(0, -1).join(', ')} or ${unique.at(-1) ?? ''}`;
}

/**
 * The contracts' text patterns (integer and decimal text, days) are not exported, and a regular
 * expression means nothing to an operator: a pattern is named by the examples it accepts.
 */
function formatWords(pattern: string | undefined): string {
  const source = /^\/(.*)\/([a-z]*)$/s.exec(pattern ?? '');
  if (!source) return 'text of another form';
  const regex = new RegExp(source[1] ?? '', source[2]);
  if (regex.test('3.29')) return 'a number or numeric text';
  if (regex.test('12')) return 'an integer or integer text';
  if (regex.test('2026-11-28')) return 'a day, YYYY-MM-DD';
  return 'text of another form';
}
