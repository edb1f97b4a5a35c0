/**
 * Read-only views of the tree for the rules: `data` is the stored tree, `newData` the tree as a
 * write would leave it. The second is an overlay (stored tree + the write's replacements) built
 * lazily, so checking a write under a node of 100 000 children copies none of them.
 */
import type { Segments } from './path.js';
import type { DataNode, Primitive, Priority } from './tree.js';

export interface TreeView {
  kind(): 'null' | 'leaf' | 'branch';
  /** Only meaningful when kind() is 'leaf'. */
  leafValue(): Primitive;
  priority(): Priority;
  child(key: string): TreeView;
  /** Keys of the children that exist. */
  keys(): string[];
}

/** What one write replaces, as a trie of paths; `replace` set means the subtree is replaced. */
export interface Overlay {
  replace?: DataNode | null;
  children?: Map<string, Overlay>;
}

export function overlayOf(
  entries: readonly { segments: Segments; node: DataNode | null }[],
): Overlay {
  const root: Overlay = {};
  for (const { segments, node } of entries) {
    let at = root;
    for (const key of segments) {
      at.children ??= new Map();
      let next = at.children.get(key);
      if (next === undefined) {
        next = {};
        at.children.set(key, next);
      }
      at = next;
    }
    at.replace = node;
    delete at.children;
  }
  return root;
}

const EMPTY: TreeView = {
  kind: () => 'null',
  leafValue: () => {
    throw new Error('not a leaf');
  },
  priority: () => null,
  child: () => EMPTY,
  keys: () => [],
};

class NodeView implements TreeView {
  constructor(private readonly node: DataNode) {}
  kind() {
    return this.node.kind;
  }
  leafValue(): Primitive {
    if (this.node.kind !== 'leaf') throw new Error('not a leaf');
    return this.node.value;
  }
  priority() {
    return this.node.priority;
  }
  child(key: string): TreeView {
    return this.node.kind === 'branch' ? nodeView(this.node.children.get(key) ?? null) : EMPTY;
  }
  keys() {
    return this.node.kind === 'branch' ? [...this.node.children.keys()] : [];
  }
}

export function nodeView(node: DataNode | null): TreeView {
  return node === null ? EMPTY : new NodeView(node);
}

class OverlayView implements TreeView {
  private cachedKind: 'null' | 'leaf' | 'branch' | undefined;

  constructor(
    private readonly base: DataNode | null,
    private readonly changes: Map<string, Overlay>,
  ) {}

  private baseChild(key: string): DataNode | null {
    return this.base?.kind === 'branch' ? (this.base.children.get(key) ?? null) : null;
  }

  child(key: string): TreeView {
    return view(this.baseChild(key), this.changes.get(key));
  }

  private anyChild(): boolean {
    for (const key of this.changes.keys()) {
      if (this.child(key).kind() !== 'null') return true;
    }
    if (this.base?.kind !== 'branch') return false;
    for (const key of this.base.children.keys()) {
      if (!this.changes.has(key)) return true;
    }
    return false;
  }

  kind() {
    // As the SDK: a write under a leaf makes it a branch; removing under a leaf leaves it.
    this.cachedKind ??= this.anyChild() ? 'branch' : this.base?.kind === 'leaf' ? 'leaf' : 'null';
    return this.cachedKind;
  }

  leafValue(): Primitive {
    if (this.base?.kind !== 'leaf') throw new Error('not a leaf');
    return this.base.value;
  }

  priority() {
    return this.base?.priority ?? null;
  }

  keys() {
    const out: string[] = [];
    if (this.base?.kind === 'branch') {
      for (const key of this.base.children.keys()) {
        if (!this.changes.has(key) || this.child(key).kind() !== 'null') out.push(key);
      }
    }
    for (const key of this.changes.keys()) {
      if (this.baseChild(key) === null && this.child(key).kind() !== 'null') out.push(key);
    }
    return out;
  }
}

/** The view of `base` with `overlay` applied. */
export function view(base: DataNode | null, overlay: Overlay | undefined): TreeView {
  if (overlay === undefined) return nodeView(base);
  if (overlay.replace !== undefined) return nodeView(overlay.replace);
  if (overlay.children === undefined || overlay.children.size === 0) return nodeView(base);
  return new OverlayView(base, overlay.children);
}

export function viewAt(root: TreeView, segments: Segments): TreeView {
  let at = root;
  for (const key of segments) at = at.child(key);
  return at;
}

/** The plain value of a view, as a rule's `.val()` returns it. */
export function viewValue(v: TreeView): unknown {
  switch (v.kind()) {
    case 'null':
      return null;
    case 'leaf':
      return v.leafValue();
    case 'branch': {
      const out: Record<string, unknown> = {};
      for (const key of v.keys()) out[key] = viewValue(v.child(key));
      return out;
    }
  }
}
