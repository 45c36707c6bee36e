/**
 * How wide a form's label column is: its longest label on one line with the required mark and the
 * colon, so no label wraps and leaves its colon on a line of its own (注册需市级审核：). Past the
 * maximum a label wraps (FormLayout's labelWrap) rather than being cut.
 */

/** A CJK character (and full-width punctuation) at the form's 14 px; Latin letters and digits about half. */
const WIDE = 14;
const NARROW = 8;
/** The required mark before the label, the colon after it and its margins. */
const MARKS = 30;

export const LABEL_MIN_WIDTH = 90;
export const LABEL_MAX_WIDTH = 200;

export function textWidth(text: string): number {
  let w = 0;
  for (const ch of text) w += ch.charCodeAt(0) > 0x2e7f ? WIDE : NARROW;
  return w;
}

export function labelWidthFor(labels: (string | undefined)[], min = LABEL_MIN_WIDTH, max = LABEL_MAX_WIDTH): number {
  const longest = labels.reduce((w, l) => Math.max(w, l ? textWidth(l) : 0), 0);
  return Math.min(max, Math.max(min, Math.ceil(longest + MARKS)));
}

/** A Formily schema node, as far as labels go. */
interface SchemaNode {
  title?: unknown;
  'x-decorator'?: unknown;
  properties?: unknown;
}

/** The labels of the form items in a schema tree (what stands in the label column). */
export function itemLabels(properties: unknown): string[] {
  if (!properties || typeof properties !== 'object') return [];
  return Object.values(properties as Record<string, SchemaNode>).flatMap((s) => [
    ...(typeof s['x-decorator'] === 'string' && /FormItem$/.test(s['x-decorator']) && typeof s.title === 'string'
      ? [s.title]
      : []),
    ...itemLabels(s.properties),
  ]);
}
