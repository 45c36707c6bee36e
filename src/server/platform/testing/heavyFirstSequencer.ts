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
  'src/server/platform/conversion/conversion.test.ts',
  'scripts/schemas-check.test.ts',
  'src/server/platform/http/fuzz.test.ts',
  'src/client/runtime/pages/list/ListPage.test.tsx',
  'src/server/platform/db/startLock.test.ts',
  'src/server/platform/conversion/conversionCrash.test.ts',
  'src/server/platform/cluster/serveWorkers.test.ts',
];

export default class HeavyFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = SLOWEST.findIndex((p) => f.moduleId.endsWith(`/${p}`));
      return i === -1 ? SLOWEST.length : i;
    };
    // Array.prototype.sort is stable: the rest keep vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
