/**
 * Completion and hover help for a schema file from its meta-schema: the keys an object may have
 * (required ones first, with what each means), the values a key may take, and, on a key, what the
 * meta-schema says of it.
 */
import type { Completion, CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import { ensureSyntaxTree, syntaxTree } from '@codemirror/language';
import type { EditorState } from '@codemirror/state';
import { hoverTooltip, type Tooltip } from '@codemirror/view';
import {
  descriptionAt,
  propertiesAt,
  schemasAt,
  valuesAt,
  type JsonSchema,
} from '../../../../shared/schema/metaSchemaAt.js';
import { pathOf, placeAt } from './jsonPlace.js';

/** Completions at the cursor; `meta()` answers the file's meta-schema as it is now. */
export function metaCompletion(meta: () => JsonSchema | null) {
  return (context: CompletionContext): CompletionResult | null => {
    const root = meta();
    if (!root) return null;
    const place = placeAt(context.state, context.pos);
    if (!place) return null;
    // Only asked for (Ctrl+Space) or while a token is being typed.
    if (!context.explicit && place.typed === '') return null;
    const after = context.state.sliceDoc(context.pos, context.pos + 1);
    const to = after === '"' && place.typed.startsWith('"') ? context.pos + 1 : context.pos;
    if (place.kind === 'key') {
      const options: Completion[] = propertiesAt(root, place.container)
        .filter((p) => !place.existing.includes(p.name))
        .map((p) => ({
          label: p.name,
          apply: `${JSON.stringify(p.name)}: `,
          detail: [p.type, p.required ? '必填' : ''].filter(Boolean).join(' · '),
          info: p.description,
          type: 'property',
          boost: p.required ? 1 : 0,
        }));
      return options.length ? { from: place.from, to, options, filter: true } : null;
    }
    const path = [...place.container, place.key!];
    const options: Completion[] = valuesAt(root, path).map((v) => ({
      label: JSON.stringify(v),
      type: typeof v === 'string' ? 'enum' : 'keyword',
    }));
    return options.length ? { from: place.from, to, options, filter: true } : null;
  };
}

function describe(
  root: JsonSchema,
  state: EditorState,
  pos: number,
): { text: string; from: number; to: number } | null {
  // As in placeAt: the parse may not have reached the pointer yet on a busy machine.
  const node = (ensureSyntaxTree(state, pos + 1, 500) ?? syntaxTree(state)).resolveInner(pos, 1);
  const name = node.name === 'PropertyName' ? node : null;
  if (!name || !name.parent) return null;
  const value = name.parent.lastChild;
  const path = value && value !== name ? pathOf(state, value) : [...pathOf(state, name.parent.parent), ''];
  const described = descriptionAt(root, path);
  const type = schemasAt(root, path)
    .map((s) => (Array.isArray(s.type) ? s.type.join(' | ') : s.type))
    .find(Boolean);
  if (!described && !type) return null;
  const key = state.sliceDoc(name.from, name.to);
  return {
    text: `${key}${type ? `（${type}）` : ''}${described ? `：${described}` : ''}`,
    from: name.from,
    to: name.to,
  };
}

/** Hover help on a key: its type and what the meta-schema says of it. */
export function metaHover(meta: () => JsonSchema | null) {
  return hoverTooltip((view, pos): Tooltip | null => {
    const root = meta();
    const found = root ? describe(root, view.state, pos) : null;
    if (!found) return null;
    return {
      pos: found.from,
      end: found.to,
      above: true,
      create: () => {
        const dom = document.createElement('div');
        dom.className = 'studio-hover';
        dom.textContent = found.text;
        return { dom };
      },
    };
  });
}
