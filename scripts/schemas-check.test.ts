import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { nodeEntryArgs } from '../src/server/platform/testing/compiledTree.js';
import { createTestApp } from '../src/server/testApp.js';
import { newTopic, publishNotice } from '../src/server/modules/topics/topics.fixture.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'schemas-check-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function run(folder: string, ...more: string[]) {
  return spawnSync(process.execPath, [...nodeEntryArgs('scripts/schemas-check.ts'), folder, ...more], {
    encoding: 'utf8',
    timeout: 120_000,
  });
}

describe('npm run schemas:check', () => {
  it('passes on the repository and fails with file and JSON path on a misspelt status code', () => {
    const good = run('schemas');
    expect(good.status, good.stderr).toBe(0);
    expect(good.stdout).toMatch(/schemas OK/);

    fs.cpSync('schemas', dir, { recursive: true });
    const file = path.join(dir, 'pages/information/announcement.list.json');
    const page = JSON.parse(fs.readFileSync(file, 'utf8'));
    page.where = { status: 'publshed' };
    fs.writeFileSync(file, JSON.stringify(page, null, 2));
    const bad = run(dir);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain(`${file} /where/status: unknown status code "publshed" of workflow "information"`);
    expect(bad.stderr).toMatch(/1 problem in /);
  }, 150_000);

  it("fails when an entity's read rules grant more than the server answers (a rule on a field filled on reading, which no list can filter by)", () => {
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'schemas-check-'));
    try {
      fs.cpSync('schemas', other, { recursive: true });
      const file = path.join(other, 'entities/user.json');
      const user = JSON.parse(fs.readFileSync(file, 'utf8'));
      const unlocked = { '==': [{ var: 'record.locked' }, false] };
      user.access.read = [
        { roles: ['1'], scope: 'all' },
        { roles: ['2'], scope: 'all', when: unlocked },
        { roles: ['3'], scope: 'city', when: unlocked },
      ];
      fs.writeFileSync(file, JSON.stringify(user, null, 2));
      const bad = run(other);
      expect(bad.status).toBe(1);
      expect(bad.stderr).toMatch(
        /entities\/user\.json \/access\/read: role 2 \(province\) reading user \d+: the rules grant it, the server refuses it/,
      );
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  }, 150_000);

  it('prints, --against a database, the access diff of the repository per role and account against what it published', async () => {
    const t = await createTestApp();
    try {
      const province = await t.loginAs('province');
      const leader1 = await t.loginAs('leader1');
      await newTopic(t, leader1, (await publishNotice(t, province)).id, '负责人一的课题');
      await newTopic(t, await t.loginAs('leader2'), (await publishNotice(t, province)).id, '负责人二的课题');
      // The database publishes a wider read than the repository's file: leaders read every topic.
      const analyst = await t.loginAs('analyst1');
      const entity = JSON.parse(
        (await t.post('/api/studio/get', { key: 'entities/topic' }, analyst)).body.data.content,
      );
      entity.access.read = [{ roles: ['1', '2', '4'], scope: 'all' }, ...entity.access.read];
      const proposed = await t.post(
        '/api/studio/publish',
        { key: 'entities/topic', content: JSON.stringify(entity), reason: '负责人可查看全部课题' },
        analyst,
      );
      const approved = await t.post(
        '/api/studio/approve',
        { id: proposed.body.data.proposalId },
        await t.loginAs('admin'),
      );
      expect(approved.status, JSON.stringify(approved.body)).toBe(200);

      const { databaseUrl, pgSchema, dataDir: data } = t.ctx.config;
      const res = databaseUrl
        ? spawnSync(
            process.execPath,
            [...nodeEntryArgs('scripts/schemas-check.ts'), 'schemas', '--against', databaseUrl],
            {
              encoding: 'utf8',
              timeout: 120_000,
              env: { ...process.env, PG_SCHEMA: pgSchema },
            },
          )
        : run('schemas', '--against', path.join(data, 'portal.sqlite'));
      expect(res.status, res.stderr).toBe(0);
      expect(res.stdout).toContain(`entities/topic（已发布版本 ${approved.body.data.id} → 仓库）：`);
      expect(res.stdout).toMatch(/可查看课题：课题负责人 共 \d+ 个账号，合计 \d+ → \d+/);
      expect(res.stdout).toContain('课题负责人 leader1：2 → 1 课题');
      if (!databaseUrl) expect(run('schemas', '--against', data).stdout).toContain('课题负责人 leader1：2 → 1 课题');
      const none = run('schemas', '--against', path.join(dir, 'nothing.sqlite'));
      expect(none.status).not.toBe(0);
      expect(fs.existsSync(path.join(dir, 'nothing.sqlite'))).toBe(false);
    } finally {
      await t.close();
    }
  }, 240_000);
});
