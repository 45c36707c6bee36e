/**
 * Count sources that are tables rather than entities (settings.json names them in `entity` like an
 * entity). The schema check knows them by name; notifications/tableSources.ts gives each its reader,
 * typed by this list so the two cannot drift apart.
 */
export const TABLE_SOURCE_NAMES = ['notification'] as const;
export type TableSourceName = (typeof TABLE_SOURCE_NAMES)[number];
