import fs from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The slowest test files start first. Without a duration cache (a fresh clone, as in CI) vitest
 * starts larger files first, and the slowest ones here are short files (render.test.tsx renders
 * every page schema from 80 lines), which then ran last, alone on one worker, while the other
 * idled. With a cache vitest orders by the last durations, which these files lead anyway.
 * A path that no longer exists is passed over; measured with `--reporter=json` (file durations).
 */
const SLOWEST = [
  'src/client/runtime/render.test.tsx',
  'src/server/platform/files/uploadCrash.test.ts',
  'src/server/modules/topics/topicPermissions.test.ts',
  'src/server/platform/conversion/conversion.system.test.ts',
  'scripts/schemas-check.test.ts',
  'src/server/platform/http/fuzz.test.ts',
  'src/client/runtime/pages/list/ListPage.test.tsx',
  'src/server/platform/db/startLock.test.ts',
  'src/server/platform/conversion/conversionCrash.system.test.ts',
  'src/server/platform/cluster/serveWorkers.test.ts',
];

/** What the order needs of a test file (a TestSpecification has it). */
export interface SpecLike {
  moduleId: string;
  project: { name: string; config: { environment?: string } };
}

/** The environment a file runs in: its `@vitest-environment` comment, else its project's. */
export function environmentOf(file: SpecLike): string {
  let text = '';
  try {
    text = fs.readFileSync(file.moduleId, 'utf8');
  } catch {
    // A file that cannot be read fails in its own run; here it keeps the project's environment.
  }
  return /@(?:vitest|jest)-environment\s+([\w-]+)/.exec(text)?.[1] ?? file.project.config.environment ?? 'node';
}

/**
 * A file that shares a worker's loaded modules hands its worker on only to a next file of the
 * same project and environment; any other next file gets a new worker, which loads everything
 * again. So the files come grouped by project and environment, the group of the slowest file
 * first, and within a group the slowest first; the rest keep the order they came in.
 */
export function heavyFirst<T extends SpecLike>(files: readonly T[], slowest: readonly string[] = SLOWEST): T[] {
  const rank = (f: T) => {
    const i = slowest.findIndex((p) => f.moduleId.endsWith(`/${p}`));
    return i === -1 ? slowest.length : i;
  };
  const items = files.map((f) => ({ f, group: `${f.project.name}|${environmentOf(f)}`, rank: rank(f) }));
  const groupRank = new Map<string, number>();
  for (const { group, rank } of items) groupRank.set(group, Math.min(groupRank.get(group) ?? Infinity, rank));
  // Array.prototype.sort is stable.
  return items
    .sort(
      (a, b) => groupRank.get(a.group)! - groupRank.get(b.group)! || a.group.localeCompare(b.group) || a.rank - b.rank,
    )
    .map((x) => x.f);
}

export default class HeavyFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return heavyFirst(await super.sort(files));
  }
}
