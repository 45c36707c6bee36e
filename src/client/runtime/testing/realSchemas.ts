import type { DictionaryDef, EntityDef, PageDef, WorkflowDef } from '../../../shared/schema/types.js';
import type { FixtureSchemas } from './fixtureDataProvider.js';

const load = <T>(files: Record<string, unknown>) => Object.values(files) as T[];

/** The schemas in schemas/, as the app ships them, for tests that draw real pages. */
export const realSchemas: FixtureSchemas = {
  pages: load<PageDef>(import.meta.glob('/schemas/pages/**/*.json', { eager: true, import: 'default' })),
  entities: load<EntityDef>(import.meta.glob('/schemas/entities/*.json', { eager: true, import: 'default' })),
  workflows: load<WorkflowDef>(import.meta.glob('/schemas/workflows/*.json', { eager: true, import: 'default' })),
  dictionaries: load<DictionaryDef>(
    import.meta.glob('/schemas/dictionaries/*.json', { eager: true, import: 'default' }),
  ),
};
