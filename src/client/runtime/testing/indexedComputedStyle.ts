import { createRequire } from 'node:module';

/**
 * jsdom's getComputedStyle, with the same answers, in a fraction of the time. jsdom tries every
 * rule of every style sheet on the element (once for its declarations and again, up the ancestors,
 * for each inherited property), and forgets it all at the next DOM change. With antd's ~2,500
 * CSS-in-JS rules in the document, Formily's grid (which asks on every layout) and testing-library's
 * role queries (which ask for each ancestor) spent minutes there. Here the rules are indexed by the
 * id, class or tag their rightmost compound requires, as browsers do, so an element is tried only
 * against rules that can match it; each is still decided by jsdom's own matcher, in jsdom's order,
 * and the declaration and resolved values are built as jsdom builds them (lib/jsdom/living/helpers/
 * style-rules.js in jsdom 26, Window.js getComputedStyle).
 */
type Style = CSSStyleDeclaration;
interface Rule {
  selectorText: string;
  style: Style;
}
interface SheetLike {
  cssRules: ArrayLike<{ selectorText?: string; style?: Style; media?: ArrayLike<string>; cssRules?: unknown }>;
}
interface DocumentImpl {
  styleSheets: { _list: SheetLike[] };
  /** jsdom's per-element declarations, dropped by jsdom itself at any change of the DOM or its sheets. */
  _styleCache?: WeakMap<object, Style> | null;
}
interface ElementImpl {
  _ownerDocument: DocumentImpl;
}
interface Resolved {
  inherited: boolean;
  initial: string;
  computedValue: 'as-specified' | 'computed-color';
}

const jsdomRequire = createRequire(createRequire(import.meta.url).resolve('jsdom'));
const utils = jsdomRequire('./jsdom/living/generated/utils.js') as { implForWrapper(w: unknown): ElementImpl };
const selectors = jsdomRequire('./jsdom/living/helpers/selectors.js') as {
  matchesDontThrow(impl: ElementImpl, selector: string): boolean;
};
const styleRules = jsdomRequire('./jsdom/living/helpers/style-rules.js') as {
  propertiesWithResolvedValueImplemented: Record<string, Resolved>;
};
const colors = jsdomRequire('./jsdom/living/helpers/colors.js') as {
  getSpecifiedColor(c: string): string;
  getComputedOrUsedColor(c: string): string;
};
const defaultStyleSheet = jsdomRequire('./jsdom/browser/default-stylesheet.js') as string;
const cssom = jsdomRequire('rrweb-cssom') as { parse(css: string): SheetLike };
const { CSSStyleDeclaration: JsdomDeclaration } = jsdomRequire('cssstyle') as {
  CSSStyleDeclaration: new () => Style;
};
const resolvedProperties = styleRules.propertiesWithResolvedValueImplemented;

const parsedDefault = cssom.parse(defaultStyleSheet);

/** The rules of one sheet jsdom would try, in its order (`@media screen` inner rules in place). */
function flatten(sheet: SheetLike): Rule[] {
  const out: Rule[] = [];
  const add = (rule: { selectorText?: string; style?: Style }) => {
    // jsdom tries a rule without a selector (@font-face, @keyframes) as the selector "undefined", which matches nothing.
    if (typeof rule.selectorText === 'string' && rule.style) out.push(rule as Rule);
  };
  for (const rule of Array.from(sheet.cssRules)) {
    if (rule.media) {
      if (Array.prototype.indexOf.call(rule.media, 'screen') !== -1)
        for (const inner of Array.from((rule.cssRules ?? []) as ArrayLike<Rule>)) add(inner);
    } else add(rule);
  }
  return out;
}

/** Splits at top-level occurrences of any of `stops` (outside (), [] and strings). */
function splitTop(text: string, stops: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (ch === '\\') {
      i += 1;
    } else if (quote) {
      if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '(' || ch === '[') depth += 1;
    else if (ch === ')' || ch === ']') depth -= 1;
    else if (depth === 0 && stops.includes(ch)) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

const UNIVERSAL = '*';

/** A compound with what is inside () and [] taken out, so `a:not(.b)[x]` reads `a:not()[]`. */
function outline(compound: string): string {
  let plain = '';
  let depth = 0;
  for (const ch of compound) {
    if (ch === '(' || ch === '[') {
      if (depth === 0) plain += ch;
      depth += 1;
    } else if (ch === ')' || ch === ']') {
      depth -= 1;
      if (depth === 0) plain += ch;
    } else if (depth === 0) plain += ch;
  }
  return plain;
}

/** A well-formed compound: optional tag or `*`, then ids, classes, pseudo-classes/elements and attribute tests. */
const COMPOUND = /^(?:\*|[a-zA-Z][\w-]*)?(?:[.#]-?[_a-zA-Z][\w-]*|::?[a-zA-Z][\w-]*(?:\(\))?|\[\])*$/;

/**
 * The key an element must have for one complex selector to match it: `#id`, `.class` or a tag of
 * its rightmost compound (outside parentheses and brackets). Anything unsure is UNIVERSAL, tried on
 * every element: escapes, a compound without a plain id/class/tag, and a malformed selector, which
 * jsdom's matcher may answer true for every element (Formily's `.a..b` rules do).
 */
export function selectorKey(complex: string): string {
  if (complex.includes('\\') || /[.#](?!-?[_a-zA-Z])/.test(complex)) return UNIVERSAL;
  const compounds = splitTop(complex.trim(), ' >+~\n\t')
    .filter((p) => p.trim() !== '')
    .map(outline);
  if (compounds.length === 0 || !compounds.every((c) => COMPOUND.test(c))) return UNIVERSAL;
  const last = compounds[compounds.length - 1].replace(/\(\)|\[\]/g, ' ');
  const id = /#(-?[_a-zA-Z][\w-]*)/.exec(last);
  if (id) return `#${id[1]}`;
  const cls = /\.(-?[_a-zA-Z][\w-]*)/.exec(last);
  if (cls) return `.${cls[1]}`;
  const tag = /^([a-zA-Z][\w-]*)/.exec(last);
  if (tag) return tag[1].toLowerCase();
  return UNIVERSAL;
}

interface Index {
  sheets: SheetLike[];
  lengths: number[];
  rules: Rule[];
  byKey: Map<string, number[]>;
}

interface SheetRules {
  length: number;
  rules: Rule[];
  keys: string[][];
}
/**
 * Each sheet's rules with their keys, kept while the sheet keeps its length: antd adds a style
 * element at a time, and the index is rebuilt for each, from the sheets already read.
 */
const sheetRules = new WeakMap<SheetLike, SheetRules>();

function rulesOf(sheet: SheetLike): SheetRules {
  const known = sheetRules.get(sheet);
  if (known && known.length === sheet.cssRules.length) return known;
  const rules = flatten(sheet);
  const keys = rules.map((rule) => [...new Set(splitTop(rule.selectorText, ',').map(selectorKey))]);
  const read = { length: sheet.cssRules.length, rules, keys };
  sheetRules.set(sheet, read);
  return read;
}

function buildIndex(sheets: SheetLike[]): Index {
  const rules: Rule[] = [];
  const byKey = new Map<string, number[]>();
  for (const sheet of [parsedDefault, ...sheets]) {
    const read = rulesOf(sheet);
    read.rules.forEach((rule, i) => {
      const at = rules.push(rule) - 1;
      for (const key of read.keys[i]) {
        const list = byKey.get(key);
        if (list) list.push(at);
        else byKey.set(key, [at]);
      }
    });
  }
  return { sheets: sheets.slice(), lengths: sheets.map((s) => s.cssRules.length), rules, byKey };
}

let index: Index | undefined;

function currentIndex(impl: ElementImpl): Index {
  const sheets = impl._ownerDocument.styleSheets._list;
  const same =
    index &&
    index.sheets.length === sheets.length &&
    sheets.every((s, i) => s === index!.sheets[i] && s.cssRules.length === index!.lengths[i]);
  if (!same) index = buildIndex(sheets);
  return index!;
}

function candidates(idx: Index, el: Element): number[] {
  const found = new Set<number>(idx.byKey.get(UNIVERSAL) ?? []);
  const take = (key: string) => idx.byKey.get(key)?.forEach((i) => found.add(i));
  take(el.localName.toLowerCase());
  if (el.id) take(`#${el.id}`);
  for (const c of Array.from(el.classList)) take(`.${c}`);
  return Array.from(found).sort((a, b) => a - b);
}

/**
 * jsdom's getDeclarationForElement: matching rules in order, then the inline style; `unset` removes.
 * Kept where jsdom keeps its own (the document's style cache, which jsdom empties whenever an
 * attached node, attribute or style sheet changes), so repeated calls on an unchanged DOM (Formily's
 * grid, testing-library's walk up the ancestors) reuse it as jsdom's own calls would.
 */
function declarationOf(el: Element): Style {
  const impl = utils.implForWrapper(el);
  const doc = impl._ownerDocument;
  const cache = doc._styleCache ?? (doc._styleCache = new WeakMap());
  const known = cache.get(impl);
  if (known) return known;
  const idx = currentIndex(impl);
  const declaration = new JsdomDeclaration();
  const handle = (style: Style, property: string) => {
    const value = style.getPropertyValue(property);
    if (value === 'unset') declaration.removeProperty(property);
    else declaration.setProperty(property, value, style.getPropertyPriority(property));
  };
  for (const i of candidates(idx, el)) {
    const rule = idx.rules[i];
    if (selectors.matchesDontThrow(impl, rule.selectorText))
      Array.prototype.forEach.call(rule.style, (p: string) => handle(rule.style, p));
  }
  const inline = (el as HTMLElement).style;
  if (inline) Array.prototype.forEach.call(inline, (p: string) => handle(inline, p));
  cache.set(impl, declaration);
  return declaration;
}

/**
 * Each element's resolved values, beside its declaration in jsdom's style cache and dropped with it:
 * an inherited value is otherwise looked up through every ancestor, for each property, at each call.
 */
const resolvedOf = new WeakMap<Style, Map<string, string>>();

function specified(el: Element, property: string): string {
  const { initial, inherited, computedValue } = resolvedProperties[property];
  const cascade = declarationOf(el).getPropertyValue(property);
  if (cascade !== '') return computedValue === 'computed-color' ? colors.getSpecifiedColor(cascade) : cascade;
  if (inherited && el.parentElement !== null) return computed(el.parentElement, property);
  return initial;
}

function computed(el: Element, property: string): string {
  const declaration = declarationOf(el);
  let resolved = resolvedOf.get(declaration);
  if (!resolved) resolvedOf.set(declaration, (resolved = new Map()));
  const known = resolved.get(property);
  if (known !== undefined) return known;
  const value = resolve(el, property);
  resolved.set(property, value);
  return value;
}

function resolve(el: Element, property: string): string {
  const { computedValue, initial } = resolvedProperties[property];
  if (computedValue === 'as-specified') return specified(el, property);
  const value = specified(el, property);
  if (value === 'currentcolor') {
    if (property === 'color') return el.parentElement !== null ? computed(el.parentElement, 'color') : initial;
    return computed(el, 'color');
  }
  return colors.getComputedOrUsedColor(value);
}

/** Empties the document's style cache, so the next call computes afresh (jsdom does so at every change). */
export function forgetStyles(doc: Document): void {
  (utils.implForWrapper(doc) as unknown as DocumentImpl)._styleCache = null;
}

/** window.getComputedStyle(elt) as jsdom answers it (no pseudo-elements, which jsdom does not implement). */
export function indexedComputedStyle(el: Element): CSSStyleDeclaration {
  const result = new JsdomDeclaration();
  const own = declarationOf(el);
  Array.prototype.forEach.call(own, (p: string) =>
    result.setProperty(p, own.getPropertyValue(p), own.getPropertyPriority(p)),
  );
  for (const property of Object.keys(resolvedProperties)) result.setProperty(property, computed(el, property));
  return result;
}

const INSTALLED = Symbol.for('portal.indexedComputedStyle');
let jsdomOwn: ((elt: Element, pseudo?: string | null) => CSSStyleDeclaration) | undefined;

/** jsdom's own getComputedStyle, as it was before the install (for the test that compares the two). */
export function jsdomComputedStyle(elt: Element): CSSStyleDeclaration {
  forgetStyles(elt.ownerDocument);
  return (jsdomOwn ?? window.getComputedStyle.bind(window))(elt);
}

/** Puts indexedComputedStyle in jsdom's place (once per window); pseudo-element calls and non-elements still go to jsdom. */
export function installIndexedComputedStyle(): void {
  if (typeof window === 'undefined') return;
  const w = window as unknown as Record<symbol, boolean>;
  if (w[INSTALLED]) return;
  w[INSTALLED] = true;
  const own = window.getComputedStyle.bind(window);
  jsdomOwn = own;
  window.getComputedStyle = ((elt: Element, pseudo?: string | null) =>
    (pseudo === undefined || pseudo === null || pseudo === '') && elt instanceof window.Element
      ? indexedComputedStyle(elt)
      : own(elt, pseudo)) as typeof window.getComputedStyle;
}
