import fs from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';
import type { SchemaSet } from './SchemaSet.js';
import { checkSchemas } from './checkSchemas.js';
import { cloneSet, fileOfKey, putDoc, replaceSetInPlace } from './schemaDocs.js';
import { latestVersions, newestVersionId, type SchemaVersion } from './schemaVersions.js';

/** Last change time of a file, 0 when it does not exist. */
function mtimeOf(file: string): number {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/**
 * The files' set with the newest published version of each file over it. A file changed on disk
 * after its stored version was published (a deploy of reviewed files) wins: the files stay the
 * source of truth, and the log says which stored version was passed over.
 */
export function composeSet(
  files: SchemaSet,
  versions: SchemaVersion[],
  log?: Pick<FastifyBaseLogger, 'warn'>,
): SchemaSet {
  const out = cloneSet(files);
  for (const v of versions) {
    const file = fileOfKey(files, v.key);
    if (files.files.has(v.key) && mtimeOf(file) > v.createdAt) {
      log?.warn(
        `schemas: ${file} is newer than its stored version ${v.id} (${new Date(v.createdAt).toISOString()}); serving the file`,
      );
      continue;
    }
    putDoc(out, v.key, JSON.parse(v.content));
  }
  return out;
}

/**
 * The schemas the server serves: `live` (the set every module was handed) follows the published
 * versions in the database. This process's publishes refresh it at once; another process's are
 * noticed at the next request by the write watch on schema_versions.
 */
export class SchemaRegistry {
  private loadedId = -1;
  private seenWatch: number | undefined;
  private running: Promise<boolean> | undefined;
  private readonly listeners: ((set: SchemaSet) => Promise<void>)[] = [];

  constructor(
    /** As read from schemas/ at start. */
    readonly files: SchemaSet,
    /** ctx.schemas. */
    readonly live: SchemaSet,
    private readonly database: Database,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'info' | 'error'>,
  ) {}

  /** The newest published version the served set holds (0: the files alone): a client's cache key. */
  get served(): number {
    return Math.max(this.loadedId, 0);
  }

  /** Runs after each change of the served set (new entities need their tables). */
  onChange(fn: (set: SchemaSet) => Promise<void>): void {
    this.listeners.push(fn);
  }

  /** The set as it would be served now, from the database (the base of a publish's check). */
  async current(): Promise<SchemaSet> {
    return composeSet(this.files, await latestVersions(this.database.db));
  }

  /** Loads the published versions when they moved; true when the served set changed. */
  refresh(): Promise<boolean> {
    if (!this.running)
      this.running = this.load().finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  /** Called on each request: cheap unless another process wrote schema_versions. */
  async followOthers(): Promise<void> {
    const seen = this.database.watch.version('schema_versions');
    if (seen === this.seenWatch) return;
    await this.refresh();
    // Only once the refresh succeeded: a failed one is tried again on the next request.
    this.seenWatch = seen;
  }

  private async load(): Promise<boolean> {
    const newest = await newestVersionId(this.database.db);
    if (newest === this.loadedId) return false;
    const versions = await latestVersions(this.database.db);
    const next = composeSet(this.files, versions, this.loadedId === -1 ? this.log : undefined);
    const problems = versions.length ? checkSchemas(next) : [];
    this.loadedId = newest;
    if (problems.length) {
      // Stored versions that no longer fit the files (a deploy changed what they refer to): the files alone are served.
      this.log.error(
        `schemas: the stored versions do not fit the files, serving the files:\n${problems.map((p) => `  ${p.file} ${p.path}: ${p.message}`).join('\n')}`,
      );
      replaceSetInPlace(this.live, cloneSet(this.files));
    } else {
      if (versions.length) this.log.info(`schemas: serving ${versions.length} published version(s), newest ${newest}`);
      replaceSetInPlace(this.live, next);
    }
    for (const fn of this.listeners) await fn(this.live);
    return true;
  }
}
