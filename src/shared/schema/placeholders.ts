/**
 * Links in schemas name values of the row they act on: `/informationManagement/editAnnouncement?id=:id`.
 * A `:name` placeholder is replaced by the row's value (URI-encoded); one the row lacks becomes empty,
 * so a broken schema gives a visibly broken link instead of a link to another record.
 */
const PLACEHOLDER = /:([A-Za-z_][A-Za-z0-9_]*)/g;

export function fillPlaceholders(template: string, values: Record<string, unknown> | null | undefined): string {
  // Skip the scheme of absolute URLs ("https://") so its colon is not taken for a placeholder.
  const schemeMatch = /^[a-z][a-z0-9+.-]*:\/\//i.exec(template);
  const head = schemeMatch ? schemeMatch[0] : '';
  const rest = template.slice(head.length);
  return (
    head +
    rest.replace(PLACEHOLDER, (_m, name: string) => {
      const v = values?.[name];
      return v === null || v === undefined ? '' : encodeURIComponent(String(v));
    })
  );
}

/** Names used as placeholders in a template (for schema checks and tests). */
export function placeholderNames(template: string): string[] {
  return [...template.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').matchAll(PLACEHOLDER)].map((m) => m[1]);
}
