/**
 * Security rules: targaryen parses database.rules.json and walks it as Firebase does (a read or
 * write granted by any rule on the way down, `.validate` on every node the write leaves
 * non-null); the data it reads comes from our own tree through the snapshots below.
 */
import { parsePath, pathString, type Segments } from './path.js';
import { targaryen, type RulesDatabase, type RuleSnapshotLike, type Ruleset } from './targaryen.js';
import type { Primitive } from './tree.js';
import { viewAt, viewValue, type TreeView } from './view.js';

/**
 * The `auth` variable of the rules (null when signed out): `{ uid, provider, token }` from an ID
 * token, or whatever object firebase-admin's `databaseAuthVariableOverride` gives.
 */
export type AuthVariable = Readonly<Record<string, unknown>>;

export interface CompiledRules {
  /** The text as given, served back by GET /.settings/rules.json. */
  readonly text: string;
  readonly ruleset: Ruleset;
  /** The parsed document, for what targaryen does not keep (`.indexOn`). */
  readonly definition: unknown;
}

export class RulesError extends Error {}

/**
 * Firebase accepts comments in rules files; JSON.parse does not. Drops `//` and `/* *\/`
 * comments outside strings.
 */
export function stripComments(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (c === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      i = close === -1 ? text.length : close + 2;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

export function compileRules(text: string): CompiledRules {
  let definition: unknown;
  try {
    definition = JSON.parse(stripComments(text));
  } catch (error) {
    throw new RulesError(`rules are not valid JSON: ${(error as Error).message}`);
  }
  try {
    return { text, ruleset: targaryen.ruleset(definition), definition };
  } catch (error) {
    throw new RulesError(`rules refused: ${(error as Error).message}`);
  }
}

/** The snapshot API rule expressions call (`data`, `newData`, `root`), over a tree view. */
class RuleSnapshot implements RuleSnapshotLike {
  private resolved: TreeView | undefined;

  constructor(
    private readonly root: TreeView,
    /** null: a path no data can live at (an empty child name), always empty. */
    private readonly segments: readonly string[] | null,
  ) {}

  private get node(): TreeView {
    this.resolved ??= viewAt(this.root, this.segments ?? ['']);
    return this.resolved;
  }

  private leaf(): Primitive | undefined {
    return this.node.kind() === 'leaf' ? this.node.leafValue() : undefined;
  }

  val(): unknown {
    return this.segments === null ? null : viewValue(this.node);
  }

  getPriority(): unknown {
    return this.segments === null ? null : this.node.priority();
  }

  exists(): boolean {
    return this.segments !== null && this.node.kind() !== 'null';
  }

  child(childPath: unknown): RuleSnapshot {
    if (typeof childPath !== 'string') throw new Error(`${String(childPath)} should be a string.`);
    const segments =
      this.segments === null || childPath === ''
        ? null
        : [...this.segments, ...parsePath(childPath)];
    return new RuleSnapshot(this.root, segments);
  }

  parent(): RuleSnapshot {
    if (this.segments === null || this.segments.length === 0) {
      throw new Error('This node is the database root and has no parent.');
    }
    return new RuleSnapshot(this.root, this.segments.slice(0, -1));
  }

  hasChild(childPath: unknown): boolean {
    if (typeof childPath !== 'string') throw new Error(`${String(childPath)} should be a string.`);
    return childPath !== '' && this.child(childPath).exists();
  }

  hasChildren(names?: unknown): boolean {
    if (names === undefined) return this.exists() && this.node.kind() === 'branch';
    if (!Array.isArray(names) || names.length === 0) {
      throw new Error('`hasChildren()` requires a non empty array.');
    }
    return names.every((name) => this.hasChild(name));
  }

  isNumber(): boolean {
    return typeof this.leaf() === 'number';
  }

  isString(): boolean {
    return typeof this.leaf() === 'string';
  }

  isBoolean(): boolean {
    return typeof this.leaf() === 'boolean';
  }

  toString(): string {
    return pathString(this.segments ?? []);
  }

  toJSON() {
    return { path: this.toString(), exists: this.exists() };
  }
}

function rulesDatabase(root: TreeView, auth: AuthVariable | null, now: number): RulesDatabase {
  const walk = (segments: string[], at: TreeView, visit: (s: RuleSnapshotLike) => boolean) => {
    for (const key of at.keys()) {
      const childSegments = [...segments, key];
      if (!visit(new RuleSnapshot(root, childSegments))) walk(childSegments, at.child(key), visit);
    }
  };
  return {
    auth,
    timestamp: now,
    debug: false,
    snapshot: (path) => new RuleSnapshot(root, parsePath(path)),
    walk: (path, visit) => {
      const segments = parsePath(path);
      walk(segments, viewAt(root, segments), visit);
    },
  };
}

export function canRead(
  rules: CompiledRules,
  root: TreeView,
  segments: Segments,
  auth: AuthVariable | null,
  query: Record<string, unknown> | undefined,
  now: number,
): boolean {
  const data = rulesDatabase(root, auth, now);
  return rules.ruleset.tryRead(pathString(segments), data, { now, query }).allowed;
}

/**
 * A write is allowed when every path it writes is allowed against the tree it leaves (for a
 * multi-path update, each path, all seeing the whole update in `newData`).
 */
export function canWrite(
  rules: CompiledRules,
  before: TreeView,
  after: TreeView,
  writes: readonly { segments: Segments; value: unknown }[],
  auth: AuthVariable | null,
  now: number,
): boolean {
  const data = rulesDatabase(before, auth, now);
  const newData = rulesDatabase(after, auth, now);
  return writes.every(
    ({ segments, value }) =>
      rules.ruleset.tryWrite(pathString(segments), data, newData, value).allowed,
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Whether `.indexOn` at `segments` declares `index` (a child path, or ".value"). Firebase
 * answers a query on an undeclared index with a `no_index` warning, which the SDK prints with
 * the `.indexOn` to add.
 */
export function hasIndex(rules: CompiledRules, segments: Segments, index: string): boolean {
  let node: unknown = isRecord(rules.definition) ? rules.definition.rules : undefined;
  for (const key of segments) {
    if (!isRecord(node)) return false;
    const wildcard = Object.keys(node).find((k) => k.startsWith('$'));
    node = key in node ? node[key] : wildcard === undefined ? undefined : node[wildcard];
  }
  if (!isRecord(node)) return false;
  const declared = node['.indexOn'];
  return Array.isArray(declared) ? declared.includes(index) : declared === index;
}
