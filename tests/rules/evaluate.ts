/**
 * Which rules of database.rules.json a case makes the evaluator look at, and what each said.
 * The offline engine decides with targaryen@3.1.0; here the same library replays a case in
 * process on the seeded data and hands back its evaluation log, which the coverage test reads.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RuleCase } from './rule-case.js';
import { identities, seedOf } from './fixture.js';

/** The repository's rules, or the file DATABASE_RULES_FILE names (the mutants runner's copies). */
export const RULES_FILE = path.resolve(
  process.env.DATABASE_RULES_FILE ??
    path.join(path.dirname(fileURLToPath(import.meta.url)), '../../database.rules.json'),
);

export type RuleKind = '.read' | '.write' | '.validate';

/** One rule of the file, named by where it sits: `/groups/$groupId/groupChat/.read`. */
export interface RuleInFile {
  id: string;
  kind: RuleKind;
  /** `false` (or "false"): it can only ever refuse. */
  alwaysFalse: boolean;
}

/** One evaluation of one rule while deciding a case. */
export interface RuleHit {
  id: string;
  value: boolean;
}

export interface Evaluation {
  allowed: boolean;
  hits: RuleHit[];
}

export type RulesNode = { [key: string]: RulesNode | string | boolean | string[] };

interface TargaryenLog {
  path: string;
  kind?: 'read' | 'write' | 'validate';
  value?: unknown;
}

interface TargaryenResult {
  allowed: boolean;
  logs: TargaryenLog[];
}

/** targaryen's in-memory database (CommonJS, untyped): the calls used here. */
interface TargaryenDatabase {
  as(auth: unknown): TargaryenDatabase;
  read(dbPath: string, options: { now: number; query?: object }): TargaryenResult;
  write(dbPath: string, value: unknown, options: { now: number }): TargaryenResult;
  update(dbPath: string, patch: Record<string, unknown>, options: { now: number }): TargaryenResult;
}

interface Targaryen {
  database(rules: unknown, data: unknown, now?: number): TargaryenDatabase;
}

const targaryen = createRequire(import.meta.url)('targaryen') as Targaryen;

export function loadRules(file: string = RULES_FILE): { rules: RulesNode } {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as { rules: RulesNode };
}

function isNode(value: unknown): value is RulesNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every .read, .write and .validate rule in the file. */
export function rulesInFile(definition: { rules: RulesNode }): RuleInFile[] {
  const found: RuleInFile[] = [];
  const walk = (node: RulesNode, at: string) => {
    for (const [key, value] of Object.entries(node)) {
      if (key === '.read' || key === '.write' || key === '.validate') {
        found.push({
          id: `${at}/${key}`,
          kind: key,
          alwaysFalse: value === false || value === 'false',
        });
      } else if (!key.startsWith('.') && isNode(value)) {
        walk(value, `${at}/${key}`);
      }
    }
  };
  walk(definition.rules, '');
  return found;
}

/** The rules node a data path falls under (a named child first, else the `$wildcard`). */
export function rulesPathOf(definition: { rules: RulesNode }, dataPath: string): string | null {
  let node: RulesNode = definition.rules;
  let at = '';
  for (const key of dataPath.split('/').filter((k) => k !== '')) {
    const named = node[key];
    const wildcard = Object.keys(node).find((k) => k.startsWith('$'));
    const next = isNode(named) ? key : wildcard;
    const child = next === undefined ? undefined : node[next];
    if (next === undefined || !isNode(child)) return null;
    node = child;
    at = `${at}/${next}`;
  }
  return at;
}

/** The `auth` variable the database gives the rules for an identity of the table. */
export function authOf(who: RuleCase['who']): object | null {
  const identity = identities[who];
  if (identity === null) return null;
  return {
    uid: identity.uid,
    provider: 'custom',
    token: { ...identity.claims, sub: identity.uid, user_id: identity.uid },
  };
}

const KIND_KEY = { read: '.read', write: '.write', validate: '.validate' } as const;

/**
 * Replays a case on the data it starts from (or `data`) and reports the verdict and every rule
 * evaluated.
 */
export function evaluate(
  definition: { rules: RulesNode },
  c: RuleCase,
  now: number,
  data: unknown = seedOf(c.world),
): Evaluation {
  const db = targaryen.database(definition, data, now).as(authOf(c.who));
  let result: TargaryenResult;
  switch (c.op) {
    case 'get':
      result = db.read(c.path, c.query === undefined ? { now } : { now, query: c.query });
      break;
    case 'set':
      result = db.write(c.path, c.data, { now });
      break;
    case 'update':
      result = db.update(c.path, c.data, { now });
      break;
    case 'remove':
      result = db.write(c.path, null, { now });
      break;
  }
  const hits = result.logs.flatMap((log): RuleHit[] => {
    if (log.kind === undefined) return [];
    const at = rulesPathOf(definition, log.path);
    if (at === null) throw new Error(`a rule was evaluated at ${log.path}, under no rules node`);
    return [{ id: `${at}/${KIND_KEY[log.kind]}`, value: log.value === true }];
  });
  return { allowed: result.allowed, hits };
}
