/**
 * Makes objects that all have the same keys in the same order, each starting as null. A row built
 * key by key in code that sees every entity's fields (recordFromRow, ruleRecord) made V8 fall back to a
 * dictionary object after a dozen keys: slower to fill, to read in the rules and to write as JSON
 * (docs/performance.md). A copy of one template keeps the template's fast layout.
 */
export function shapeMaker(keys: readonly string[]): () => Record<string, unknown> {
  // JSON.parse builds its objects with a fast layout, however many keys they have.
  const template = JSON.parse(JSON.stringify(Object.fromEntries(keys.map((k) => [k, null])))) as Record<
    string,
    unknown
  >;
  return () => ({ ...template });
}
