/**
 * Loosens database.rules.json one condition at a time and expects the rules tests to notice.
 * Each rule expression is split at its top-level `&&` and `||` (through parentheses and `!(…)`)
 * down to single conditions; one mutant makes one condition always hold (`true`, or `false`
 * under a negation), and a rule that is `false` becomes `true`. The mutant goes to a temporary
 * copy that DATABASE_RULES_FILE hands to the rules tests; the mutant is killed when they fail.
 * The few no test here can kill are listed below (EQUIVALENT), each with why, and skipped.
 * Prints each surviving mutant and the score; exits 1 when any survives.
 *
 *   npx tsx tests/mutants/rules-loosening.ts [--concurrency N] [--rules PART]
 *
 * `--rules PART` loosens only the rules whose path contains PART (`/deskPresence/`): a quick
 * check of the rules a change touched; the full run is what counts.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RULES = path.join(repo, 'database.rules.json');

type Node = { [key: string]: unknown };

interface Mutant {
  /** Where the rule sits: `/admins/$uid/.write`. */
  rule: string;
  /** The condition made to hold, as written. */
  condition: string;
  /** The rules file with that one condition loosened. */
  text: string;
}

/** Positions in `expression` outside quoted strings and regex literals, with paren depth. */
function scan(expression: string): { at: number; depth: number }[] {
  const out: { at: number; depth: number }[] = [];
  let depth = 0;
  for (let i = 0; i < expression.length; i++) {
    const ch = expression[i];
    if (ch === "'" || ch === '"' || ch === '/') {
      // Rule expressions have no division: a slash outside a string opens a regex literal.
      for (i++; i < expression.length && expression[i] !== ch; i++) {
        if (expression[i] === '\\') i++;
      }
      continue;
    }
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    out.push({ at: i, depth });
  }
  return out;
}

/** Whether `(` at `start` closes at the very end of the span. */
function wrapped(expression: string, start: number, end: number): boolean {
  if (expression[start] !== '(' || expression[end - 1] !== ')') return false;
  const inner = scan(expression.slice(start, end));
  return inner.every(({ at, depth }) => depth > 0 || at === end - start - 1);
}

/** Every single condition of `expression[start, end)`, each with whether a negation covers it. */
function conditions(
  expression: string,
  start: number,
  end: number,
  negated = false,
): { start: number; end: number; negated: boolean }[] {
  while (expression[start] === ' ') start++;
  while (expression[end - 1] === ' ') end--;
  if (wrapped(expression, start, end)) return conditions(expression, start + 1, end - 1, negated);
  if (expression[start] === '!' && wrapped(expression, start + 1, end)) {
    return conditions(expression, start + 2, end - 1, !negated);
  }
  const top = scan(expression.slice(start, end)).filter(({ depth }) => depth === 0);
  for (const operator of ['||', '&&']) {
    const cuts = top
      .filter(({ at }) => expression.startsWith(operator, start + at))
      .map(({ at }) => start + at);
    if (cuts.length === 0) continue;
    const bounds = [start, ...cuts.flatMap((cut) => [cut, cut + 2]), end];
    const parts: { start: number; end: number; negated: boolean }[] = [];
    for (let i = 0; i < bounds.length; i += 2) {
      parts.push(...conditions(expression, bounds[i] as number, bounds[i + 1] as number, negated));
    }
    return parts;
  }
  return [{ start, end, negated }];
}

function mutantsOf(definition: { rules: Node }): Mutant[] {
  const mutants: Mutant[] = [];
  const walk = (node: Node, at: string, replace: (key: string, value: unknown) => string) => {
    for (const [key, value] of Object.entries(node)) {
      const rule = `${at}/${key}`;
      const withValue = (next: unknown) => replace(key, next);
      if (key === '.read' || key === '.write' || key === '.validate') {
        if (value === false || value === 'false') {
          mutants.push({ rule, condition: 'false', text: withValue(true) });
        } else if (typeof value === 'string') {
          for (const c of conditions(value, 0, value.length)) {
            const loosened = `${value.slice(0, c.start)}${c.negated ? 'false' : 'true'}${value.slice(c.end)}`;
            mutants.push({
              rule,
              condition: value.slice(c.start, c.end),
              text: withValue(loosened),
            });
          }
        }
      } else if (!key.startsWith('.') && typeof value === 'object' && value !== null) {
        walk(value as Node, rule, (childKey, next) =>
          replace(key, { ...(value as Node), [childKey]: next }),
        );
      }
    }
  };
  walk(definition.rules, '', (key, next) =>
    JSON.stringify({ rules: { ...definition.rules, [key]: next } }, null, 2),
  );
  return mutants;
}

/**
 * The loosenings no test here can kill, each with why: the runner skips them, and fails when one
 * no longer names a mutant of the file. targaryen, the evaluator every rules test runs on,
 * refuses `>=`, `<=` and `%` on anything but numbers itself, so it cannot tell `isNumber()`
 * loosened; the server's rule expressions are a subset of JavaScript, not documented to refuse
 * comparing a numeral string with a number, so the check stays in the file.
 */
const EQUIVALENT: { rule: string; condition: string; why: string }[] = [
  {
    rule: '/admin/id/.validate',
    condition: 'newData.val().length >= 1',
    why: "/admin's own .validate wants id === auth.uid, which is never empty",
  },
  {
    rule: '/admin/lastLogin/.validate',
    condition: 'newData.isNumber()',
    why: "targaryen refuses '1' >= 0 itself; the server may compare it",
  },
  {
    rule: '/admins/$uid/lastLogin/.validate',
    condition: 'newData.isNumber()',
    why: "targaryen refuses '1' >= 0 itself; the server may compare it",
  },
  {
    rule: '/deviceTokens/$userId/$slot/updatedAt/.validate',
    condition: 'newData.isNumber()',
    why: "targaryen refuses '1' >= 0 itself; the server may compare it",
  },
  {
    rule: '/deskPresence/$day/$uid/updatedAt/.validate',
    condition: 'newData.isNumber()',
    why: "targaryen refuses '1' >= 0 itself; the server may compare it",
  },
  {
    rule: '/groups/$groupId/groupChat/$messageId/timeStamp/.validate',
    condition: 'newData.isNumber()',
    why: "targaryen refuses '1' % 1 itself; the server may compute it",
  },
  {
    rule: '/notificationsAlert/$alertId/timeStamp/.validate',
    condition: 'newData.isNumber()',
    why: "targaryen refuses '1' >= 0 itself; the server may compare it",
  },
  {
    rule: '/scheduledAlerts/$scheduledId/timeStamp/.validate',
    condition: 'newData.isNumber()',
    why: "targaryen refuses '1' >= 0 itself; the server may compare it",
  },
  {
    rule: '/scheduledAlerts/$scheduledId/sendAt/.validate',
    condition: 'newData.isNumber()',
    why: "targaryen refuses '1' > now itself; the server may compare it",
  },
];

/**
 * The rules tests that decide in process with targaryen, the offline engine's evaluator: the
 * whole case table replayed (coverage) and the probes listed from the file (derived). Seconds
 * per mutant, where the table through the engine's HTTP server takes half a minute.
 */
const FILES = ['rules/coverage.test.ts', 'rules/derived.test.ts'];

/** Runs those rules tests against `file`; resolves whether they failed. */
function rulesProjectFails(file: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', '--project', 'rules', '--bail', '1', ...FILES], {
      cwd: repo,
      env: { ...process.env, DATABASE_RULES_FILE: file },
      stdio: 'ignore',
    });
    child.on('exit', (code) => resolve(code !== 0));
  });
}

const option = (name: string) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
};
const concurrency = Number(option('--concurrency') ?? 2);
const part = option('--rules') ?? '';
const all = mutantsOf(JSON.parse(fs.readFileSync(RULES, 'utf8')) as { rules: Node });
const isEquivalent = (m: Mutant) =>
  EQUIVALENT.some((e) => e.rule === m.rule && e.condition === m.condition);
const stale = EQUIVALENT.filter(
  (e) => !all.some((m) => m.rule === e.rule && m.condition === e.condition),
);
if (stale.length > 0) {
  for (const e of stale) {
    process.stderr.write(
      `rules: listed as equivalent, but no such mutant: ${e.rule}: ${e.condition}\n`,
    );
  }
  process.exit(2);
}
const mutants = all.filter((m) => !isEquivalent(m) && m.rule.includes(part));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rules-mutants-'));
const survivors: Mutant[] = [];
let done = 0;

if (await rulesProjectFails(RULES)) {
  process.stderr.write('rules: the rules project fails on the unmutated rules; fix that first\n');
  process.exit(2);
}

let next = 0;
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < mutants.length) {
      const index = next++;
      const mutant = mutants[index] as Mutant;
      const file = path.join(dir, `mutant-${index}.json`);
      fs.writeFileSync(file, mutant.text);
      const survived = !(await rulesProjectFails(file));
      fs.rmSync(file);
      done++;
      // Each survivor shows as soon as it is known: a long run stopped early still names them.
      if (survived) {
        survivors.push(mutant);
        process.stdout.write(`\n  survived: ${mutant.rule}: ${mutant.condition} made to hold\n`);
      }
      process.stdout.write(
        `\rrules mutants: ${done}/${mutants.length}, ${survivors.length} survived`,
      );
    }
  }),
);
fs.rmSync(dir, { recursive: true });

const killed = mutants.length - survivors.length;
const score = ((100 * killed) / mutants.length).toFixed(1);
process.stdout.write(
  `\nrules loosening: ${killed}/${mutants.length} killed (${score}%), ` +
    `${all.filter(isEquivalent).length} skipped as equivalent (listed in the runner)\n`,
);
process.exit(survivors.length === 0 ? 0 : 1);
