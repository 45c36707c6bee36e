/**
 * The schema studio on the bench's topic data set (BENCH_PARTS=studio; BENCH_STUDIO_ROWS, 100k by
 * default): the checker's time on a changed topic entity (the whole set checked, as a publish does)
 * and the dry run's time against the stored topics (src/server/modules/studio/dryRun.ts: a newly
 * required field counted per status, on save and on submit, a smaller maxLength, and a new pattern
 * whose every stored value is read and judged by the save's own check), on SQLite
 * and, when DATABASE_URL is set, on PostgreSQL. Each figure is the median of five runs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { checkChange } from '../../src/server/modules/studio/studioService.js';
import { impactOf } from '../../src/server/modules/studio/dryRun.js';
import type { EntityDef } from '../../src/shared/schema/types.js';
import { topUp } from './topicRows.js';

const RUNS = 5;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; last: T }> {
  const times: number[] = [];
  let last: T | undefined;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    last = await fn();
    times.push(performance.now() - t0);
  }
  return { ms: median(times), last: last as T };
}

export async function benchStudio(log: (s: string) => void): Promise<void> {
  const rows = Number(process.env.BENCH_STUDIO_ROWS ?? 100_000);
  const { loadConfig } = await import('../../src/server/platform/config/config.js');
  const { buildApp } = await import('../../src/server/app.js');
  const dbs = [
    { name: 'SQLite', url: '' },
    ...(process.env.DATABASE_URL ? [{ name: 'PostgreSQL', url: process.env.DATABASE_URL }] : []),
  ];
  log(
    '\nschema studio            topics   check ms   dry run ms (required on save / on submit / maxLength / pattern)   records counted',
  );
  for (const { name, url } of dbs) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-studio-'));
    const pgSchema = url ? `bench_studio_${crypto.randomBytes(4).toString('hex')}` : undefined;
    const { DATABASE_URL: _other, ...rest } = process.env;
    const env: NodeJS.ProcessEnv = {
      ...rest,
      ...(url ? { DATABASE_URL: url } : {}),
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      DEMO_PASSWORD: 'Bench@2026',
    };
    const config = loadConfig(env, { port: 0, host: '127.0.0.1', ...(pgSchema ? { pgSchema } : {}) });
    const { app, ctx } = await buildApp(config);
    try {
      await topUp(ctx, rows);
      const topic = ctx.schemas.entities.get('topic') as EntityDef;
      const withField = (def: Record<string, unknown>): EntityDef =>
        ({
          ...topic,
          fields: {
            ...topic.fields,
            partnerUnit: { type: 'string', label: '走查合作单位', maxLength: 50, required: true, ...def },
          },
        }) as EntityDef;
      const check = await timed(() => checkChange(ctx, 'entities/topic', withField({})));
      if (check.last.problems.length)
        throw new Error(`the bench's change does not pass: ${check.last.problems[0].message}`);
      const onSave = await timed(() => impactOf(ctx, 'entities/topic', withField({})));
      const onSubmit = await timed(() => impactOf(ctx, 'entities/topic', withField({ requiredOn: 'submit' })));
      const shorter = {
        ...topic,
        fields: { ...topic.fields, name: { ...topic.fields.name, maxLength: 12 } },
      } as EntityDef;
      const tooLong = await timed(() => impactOf(ctx, 'entities/topic', shorter));
      // Names as people write them: every stored 负责人N is refused, each read and judged.
      const patterned = {
        ...topic,
        fields: { ...topic.fields, leader: { ...topic.fields.leader, pattern: '^[\\u4e00-\\u9fa5·]{2,20}$' } },
      } as EntityDef;
      const pattern = await timed(() => impactOf(ctx, 'entities/topic', patterned));
      const counted = onSave.last.reduce((n, o) => n + o.records, 0);
      log(
        `${name.padEnd(22)}${String(rows).padStart(9)} ${check.ms.toFixed(0).padStart(10)}   ${[
          onSave,
          onSubmit,
          tooLong,
          pattern,
        ]
          .map((r) => r.ms.toFixed(0))
          .join(' / ')
          .padStart(27)}${String(counted).padStart(45)}`,
      );
      log(`  ${onSave.last[0]?.message ?? 'no impact'}`);
      log(`  ${pattern.last[0]?.message ?? 'no impact'}`);
    } finally {
      await app.close();
      if (pgSchema && url) {
        const { dropPgSchema } = await import('../../src/server/platform/db/database.js');
        await dropPgSchema(url, pgSchema);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
}
