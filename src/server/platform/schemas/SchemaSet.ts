import type {
  DictionaryDef,
  EntityDef,
  MenuDef,
  PageDef,
  RouteDef,
  WorkflowDef,
} from '../../../shared/schema/types.js';

/** Every schema under schemas/, loaded once at start-up, keyed by name / id / type. */
export interface SchemaSet {
  /** The folder it was read from (meta-schemas are under <root>/meta). */
  root: string;
  entities: Map<string, EntityDef>;
  pages: Map<string, PageDef>;
  workflows: Map<string, WorkflowDef>;
  dictionaries: Map<string, DictionaryDef>;
  menus: Map<string, MenuDef>;
  routes: RouteDef[];
  /** Other top-level documents by file name without .json (e.g. subSystems, settings). */
  documents: Map<string, unknown>;
  /** Where each schema came from, for error messages: key "entities/announcement" → file path. */
  files: Map<string, string>;
  /** routes.json as published from the studio (the checker reads the file otherwise). */
  routesDocument?: unknown;
}
