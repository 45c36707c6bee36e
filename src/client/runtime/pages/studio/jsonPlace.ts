/**
 * Where the cursor is in a JSON text, as the meta-schema sees it: the path of the object or array
 * around it, and whether a key or a value is being written there. Read off the JSON grammar's
 * syntax tree, which stays usable while the text is half typed.
 */
import { ensureSyntaxTree, syntaxTree } from '@codemirror/language';
import type { EditorState } from '@codemirror/state';
import type { SyntaxNode } from '@lezer/common';
import type { JsonPath } from '../../../../shared/schema/metaSchemaAt.js';

export interface JsonPlace {
  /** Path of the object or array the cursor is in. */
  container: JsonPath;
  kind: 'key' | 'value' | 'item';
  /** For a value: the key it belongs to; for an array item: its index. */
  key?: string | number;
  /** The text being replaced (a started string, number or word) and where it starts. */
  from: number;
  typed: string;
  /** Keys the object already has. */
  existing: string[];
}

const unquote = (state: EditorState, node: SyntaxNode) => {
  const raw = state.sliceDoc(node.from, node.to);
  try {
    return JSON.parse(raw) as string;
  } catch {
    return raw.replace(/^"|"$/g, '');
  }
};

const VALUE_NODES = new Set(['Object', 'Array', 'String', 'Number', 'True', 'False', 'Null']);

/** The path of a node that is (or is inside) a value, from the document's root. */
export function pathOf(state: EditorState, node: SyntaxNode | null): JsonPath {
  const path: JsonPath = [];
  for (let n = node; n; n = n.parent) {
    const parent = n.parent;
    if (!parent) break;
    if (parent.name === 'Property' && n.name !== 'PropertyName') {
      const name = parent.getChild('PropertyName');
      if (name) path.unshift(unquote(state, name));
    } else if (parent.name === 'Array' && VALUE_NODES.has(n.name)) {
      let index = 0;
      for (let c = n.prevSibling; c; c = c.prevSibling) if (VALUE_NODES.has(c.name)) index++;
      path.unshift(index);
    }
  }
  return path;
}

/** The place at `pos`, or null when the cursor is not where a key or value is written. */
export function placeAt(state: EditorState, pos: number): JsonPlace | null {
  // The editor parses in slices of time; a busy machine may not have reached the cursor yet.
  const tree = ensureSyntaxTree(state, pos, 500) ?? syntaxTree(state);
  const node: SyntaxNode = tree.resolveInner(pos, -1);
  // A started token (string, number, word) is what the choice replaces.
  let from = pos;
  if (['String', 'PropertyName', 'Number', 'True', 'False', 'Null', '⚠'].includes(node.name) && node.to >= pos)
    from = node.from;
  const typed = state.sliceDoc(from, pos);
  let container: SyntaxNode | null = node;
  while (container && container.name !== 'Object' && container.name !== 'Array') container = container.parent;
  if (!container) return null;
  // What comes before the token decides key or value.
  const before = state.sliceDoc(container.from, from).replace(/\s+$/, '');
  const last = before.slice(-1);
  const existing: string[] = [];
  if (container.name === 'Object')
    for (let c = container.firstChild; c; c = c.nextSibling) {
      const name = c.name === 'Property' ? c.getChild('PropertyName') : null;
      if (name && !(name.from <= pos && pos <= name.to)) existing.push(unquote(state, name));
    }
  const containerPath = pathOf(state, container);
  if (container.name === 'Array') {
    if (last !== '[' && last !== ',') return null;
    let index = 0;
    for (let c = container.firstChild; c && c.to <= from; c = c.nextSibling) if (VALUE_NODES.has(c.name)) index++;
    return { container: containerPath, kind: 'item', key: index, from, typed, existing };
  }
  if (last === '{' || last === ',') return { container: containerPath, kind: 'key', from, typed, existing };
  if (last === ':') {
    const keyMatch = /"((?:[^"\\]|\\.)*)"\s*$/.exec(before.slice(0, -1));
    if (!keyMatch) return null;
    return { container: containerPath, kind: 'value', key: JSON.parse(`"${keyMatch[1]}"`), from, typed, existing };
  }
  return null;
}
