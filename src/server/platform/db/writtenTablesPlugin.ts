import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryId,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { QUIET_WRITES } from './tableVersions.js';

/** The table a TableNode (or an aliased one) names, without its schema. */
function tableOf(node: OperationNode | undefined): string | undefined {
  if (!node) return undefined;
  if (node.kind === 'AliasNode') return tableOf((node as unknown as { node: OperationNode }).node);
  if (node.kind === 'TableNode')
    return (node as unknown as { table: { identifier: { name: string } } }).table.identifier.name;
  return undefined;
}

function columnOf(update: OperationNode): string | undefined {
  const column = (update as unknown as { column?: { kind: string; column?: { name: string } } }).column;
  return column?.kind === 'ColumnNode' ? column.column?.name : undefined;
}

/** The tables a query writes, quiet writes (QUIET_WRITES) left out. Raw SQL names none. */
export function writtenTables(node: RootOperationNode): string[] {
  switch (node.kind) {
    case 'InsertQueryNode': {
      const table = tableOf(node.into);
      return table && !QUIET_WRITES[table]?.insert ? [table] : [];
    }
    case 'UpdateQueryNode': {
      const table = tableOf(node.table);
      if (!table) return [];
      const quiet = QUIET_WRITES[table]?.updateOf;
      const loud =
        !quiet ||
        (node.updates ?? []).some((u) => {
          const c = columnOf(u);
          return c === undefined || !quiet.includes(c);
        });
      return loud ? [table] : [];
    }
    case 'DeleteQueryNode':
      return node.from.froms.map(tableOf).filter((t): t is string => t !== undefined);
    case 'MergeQueryNode': {
      const table = tableOf(node.into);
      return table ? [table] : [];
    }
    default:
      return [];
  }
}

/**
 * Counts every write sent through Kysely (TableVersions.note) once it has run, so answers this
 * process keeps in memory (the session cache, list totals) stay exact whichever module wrote:
 * a write is noted after it returns, and a reader keeps its answer under the version read before
 * it asked. A statement compiled once and run many times is noted each time it runs.
 */
export class WrittenTablesPlugin implements KyselyPlugin {
  private readonly pending = new WeakMap<QueryId, string[]>();
  constructor(private readonly note: (table: string) => void) {}

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    const tables = writtenTables(node);
    if (tables.length) this.pending.set(queryId, tables);
    return node;
  }

  async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const tables = this.pending.get(queryId);
    if (tables) for (const table of tables) this.note(table);
    return result;
  }
}
