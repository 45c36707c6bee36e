import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'schemas-check-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function run(folder: string) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/schemas-check.ts', folder], { encoding: 'utf8', timeout: 60_000 });
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
  });
});
