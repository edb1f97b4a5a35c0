/**
 * Eventarc path patterns, matched against the paths a write changes: pure, so which triggers a
 * write fires can be tested without a tree of events around it.
 */
import { parsePath, pathString, type Segments } from './path.js';
import { getChild, type DataNode } from './tree.js';

export type PatternSegment =
  { kind: 'literal'; value: string } | { kind: 'single'; glob: RegExp | null } | { kind: 'multi' };

/** Eventarc path patterns: `{id}`, `{id=*}`, `*` one segment; `{path=**}`, `**` any number. */
export function parsePattern(ref: string): PatternSegment[] {
  return parsePath(ref).map((segment) => {
    const capture = /^\{[^/{}=]+(=(\*\*?))?\}$/.exec(segment);
    if (capture) return capture[2] === '**' ? { kind: 'multi' } : { kind: 'single', glob: null };
    if (segment === '**') return { kind: 'multi' };
    if (segment === '*') return { kind: 'single', glob: null };
    if (segment.includes('*')) return { kind: 'single', glob: globToRegExp(segment) };
    return { kind: 'literal', value: segment };
  });
}

function globToRegExp(glob: string): RegExp {
  const escaped = glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*');
  return new RegExp(`^${escaped}$`);
}

function segmentMatches(segment: PatternSegment, key: string): boolean {
  if (segment.kind === 'literal') return segment.value === key;
  if (segment.kind === 'single') return segment.glob === null || segment.glob.test(key);
  return true;
}

function childKeys(nodes: readonly (DataNode | null)[]): Set<string> {
  const keys = new Set<string>();
  for (const node of nodes)
    if (node?.kind === 'branch') for (const key of node.children.keys()) keys.add(key);
  return keys;
}

/**
 * The paths matching `pattern` that a write replacing the subtree at `at` can change: the
 * matching ancestors of `at` (or `at` itself), and the matching descendants found in the
 * subtree before (`trees[0]`) or after (`trees[1]`) the write.
 */
export function candidatePaths(
  pattern: readonly PatternSegment[],
  at: Segments,
  trees: readonly (DataNode | null)[],
): Segments[] {
  const found = new Map<string, Segments>();
  const add = (segments: Segments) => found.set(pathString(segments), segments);

  const below = (p: number, prefix: Segments, nodes: readonly (DataNode | null)[]): void => {
    if (nodes.every((n) => n === null)) return;
    if (p === pattern.length) {
      add(prefix);
      return;
    }
    const segment = pattern[p] as PatternSegment;
    if (segment.kind === 'literal') {
      below(
        p + 1,
        [...prefix, segment.value],
        nodes.map((n) => getChild(n, [segment.value])),
      );
      return;
    }
    if (segment.kind === 'multi') below(p + 1, prefix, nodes);
    for (const key of childKeys(nodes)) {
      if (!segmentMatches(segment, key)) continue;
      const children = nodes.map((n) => getChild(n, [key]));
      below(segment.kind === 'multi' ? p : p + 1, [...prefix, key], children);
    }
  };

  const along = (p: number, s: number): void => {
    if (p === pattern.length) {
      add(at.slice(0, s));
      return;
    }
    if (s === at.length) {
      below(p, at, trees);
      return;
    }
    const segment = pattern[p] as PatternSegment;
    if (segment.kind === 'multi') {
      along(p + 1, s);
      along(p, s + 1);
    } else if (segmentMatches(segment, at[s] as string)) {
      along(p + 1, s + 1);
    }
  };

  along(0, 0);
  return [...found.values()];
}

export function instanceMatches(pattern: string, namespace: string): boolean {
  return pattern === '*' || globToRegExp(pattern).test(namespace);
}
