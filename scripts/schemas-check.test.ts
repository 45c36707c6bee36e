import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { nodeEntryArgs } from '../src/server/platform/testing/compiledTree.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'schemas-check-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function run(folder: string) {
  return spawnSync(process.execPath, [...nodeEntryArgs('scripts/schemas-check.ts'), folder], {
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
});
