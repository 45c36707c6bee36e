import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../config/config.js';
import { copyTemplate, TEMPLATE_DIR_ENV } from './templateDatabase.js';

/** The run's template folder and a config, SQLite: the build is a stand-in writing one file. */
let root: string;
let saved: string | undefined;
const config = { demoData: false, production: false, demoPassword: 'x', schemasDir: '/schemas' } as ServerConfig;
const dataDir = () => fs.mkdtempSync(path.join(root, 'app-'));

beforeEach(() => {
  saved = process.env[TEMPLATE_DIR_ENV];
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'tpl-test-'));
  process.env[TEMPLATE_DIR_ENV] = root;
});
afterEach(() => {
  if (saved === undefined) delete process.env[TEMPLATE_DIR_ENV];
  else process.env[TEMPLATE_DIR_ENV] = saved;
  fs.rmSync(root, { recursive: true, force: true });
});

describe('test database templates', () => {
  it('builds a template once for apps asking together, and copies it for each', async () => {
    let builds = 0;
    const build = async (t: { dataDir: string }) => {
      builds += 1;
      await new Promise((r) => setTimeout(r, 100));
      fs.writeFileSync(path.join(t.dataDir, 'portal.sqlite'), 'seeded');
    };
    const dirs = [dataDir(), dataDir(), dataDir()];
    const copies = await Promise.all(dirs.map((d) => copyTemplate(config, d, build)));
    expect(builds).toBe(1);
    for (const [i, c] of copies.entries()) {
      expect(c?.dataDir).toBe(dirs[i]);
      expect(fs.readFileSync(path.join(dirs[i], 'portal.sqlite'), 'utf8')).toBe('seeded');
    }
    // Another config (demo data) gets a template of its own.
    await copyTemplate({ ...config, demoData: true }, dataDir(), build);
    expect(builds).toBe(2);
  });

  it('fails every app waiting for a template whose build failed, with the build error, at once', async () => {
    const failing = async () => {
      await new Promise((r) => setTimeout(r, 50));
      throw new Error('Invalid schemas: x');
    };
    const first = copyTemplate(config, dataDir(), failing);
    const second = copyTemplate(config, dataDir(), async () => {
      throw new Error('not the builder');
    });
    await expect(first).rejects.toThrow('Invalid schemas: x');
    await expect(second).rejects.toThrow('building the test database template failed: Invalid schemas: x');
  });

  it('takes over a template whose builder died', async () => {
    // A lock left by a process that is gone (pid 2^22 + 1 is above Linux's pid limit).
    const key = fs.readdirSync(root).length;
    expect(key).toBe(0);
    await copyTemplate(config, dataDir(), async (t) => fs.writeFileSync(path.join(t.dataDir, 'portal.sqlite'), 'a'));
    const lock = fs.readdirSync(root).find((f) => f.endsWith('.lock'))!;
    const dir = path.join(root, lock.replace(/\.lock$/, ''));
    fs.rmSync(dir, { recursive: true, force: true });
    fs.writeFileSync(path.join(root, lock, 'pid'), String(2 ** 22 + 1));
    const d = dataDir();
    await copyTemplate(config, d, async (t) => fs.writeFileSync(path.join(t.dataDir, 'portal.sqlite'), 'rebuilt'));
    expect(fs.readFileSync(path.join(d, 'portal.sqlite'), 'utf8')).toBe('rebuilt');
  });

  it('does nothing outside a run that set up templates', async () => {
    delete process.env[TEMPLATE_DIR_ENV];
    expect(
      await copyTemplate(config, dataDir(), async () => {
        throw new Error('no build expected');
      }),
    ).toBeUndefined();
  });
});
