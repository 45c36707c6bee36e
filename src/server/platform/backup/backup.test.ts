import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.js';
import { fileService } from '../storage/fileService.js';
import { blobKey } from '../storage/FileStorage.js';
import { localStorage } from '../storage/localStorage.js';
import { createTestApp, type TestApp } from '../../testApp.js';
import { fileTestClient, md5Of, pdfOf } from '../testing/fileTestClient.js';
import { createBackup } from './backup.js';
import type { DatabaseTarget } from './backupDatabase.js';
import { restoreBackup } from './restore.js';

/**
 * npm run backup / restore on the database the suite runs on (SQLite, or PostgreSQL with
 * DATABASE_URL: pg_dump and pg_restore), under a steady load of uploads.
 */
describe('backup and restore', () => {
  let t: TestApp;
  let work: string;
  const databases: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'backup-test-'));
  });
  afterAll(async () => {
    await t?.close();
    if (process.env.DATABASE_URL) {
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      for (const name of databases) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
    await fs.rm(work, { recursive: true, force: true });
  });

  /** An empty place to restore into: a new data folder, and on PostgreSQL a new database. */
  async function emptyTarget(name: string): Promise<DatabaseTarget & { filesDir: string }> {
    const dataDir = path.join(work, name);
    const filesDir = path.join(dataDir, 'files');
    if (!process.env.DATABASE_URL) return { dataDir, filesDir };
    const db = `restore_${crypto.randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${db}"`);
    await admin.end();
    databases.push(db);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${db}`;
    return { dataDir, filesDir, databaseUrl: url.toString(), pgSchema: t.ctx.config.pgSchema };
  }

  it('a backup taken under load holds every write acknowledged before it began, and every file’s bytes', async () => {
    const province = await t.loginAs('province');
    const client = fileTestClient(t, province);
    const acked: { id: number; md5: string; at: number }[] = [];
    let stop = false;
    let n = 0;
    const load = (async () => {
      while (!stop) {
        const bytes = pdfOf(3000 + ++n);
        const sent = await client.send(bytes, `资料${n}.pdf`);
        if (sent.step !== 'done') throw new Error(`upload ${n} failed at ${sent.step}`);
        acked.push({ id: sent.file!.id, md5: md5Of(bytes), at: Date.now() });
      }
    })();
    let failed: unknown = null;
    load.catch((e) => (failed = e));
    while (acked.length < 8 && !failed) await new Promise((r) => setTimeout(r, 20));
    if (failed) throw failed;
    const began = Date.now();
    const before = acked.filter((a) => a.at < began);
    const dir = path.join(work, 'backup');
    const manifest = await createBackup(t.ctx.config, fileService(t.ctx).storage, dir);
    const during = acked.length - before.length;
    stop = true;
    await load;
    expect(manifest.missing).toEqual([]);
    // The load went on while the backup ran (the portal was serving, not paused).
    expect(acked.length).toBeGreaterThan(before.length);
    expect(during).toBeGreaterThanOrEqual(0);

    const target = await emptyTarget('restored');
    await restoreBackup(target, localStorage(target.filesDir), dir, { freshSecrets: true });
    const restored = await openDatabase(target);
    try {
      const rows = await restored.db.selectFrom('files').select(['id', 'md5']).execute();
      const byId = new Map(rows.map((r) => [Number(r.id), r.md5]));
      for (const a of before) expect(byId.get(a.id)).toBe(a.md5);
      // Every file the restored database names has its bytes, with their md5.
      const storage = localStorage(target.filesDir);
      for (const md5 of new Set(rows.map((r) => r.md5))) {
        const hash = crypto.createHash('md5');
        for await (const piece of await storage.createReadStream(blobKey(md5))) hash.update(piece as Buffer);
        expect(hash.digest('hex')).toBe(md5);
      }
      // Restored elsewhere: no session of the original works, and a new signing key is made at the first start.
      expect(await restored.db.selectFrom('app_sessions').select('token_hash').execute()).toEqual([]);
      expect(await restored.db.selectFrom('app_secrets').select('name').execute()).toEqual([]);
    } finally {
      await restored.close();
    }

    // A restore writes only into an empty place.
    await expect(restoreBackup(target, localStorage(target.filesDir), dir)).rejects.toThrow('不是空的');
    // A damaged backup is refused before anything is written.
    const copy = manifest.files[0]!;
    await fs.appendFile(path.join(dir, 'files', ...copy.key.split('/')), 'x');
    const other = await emptyTarget('second');
    await expect(restoreBackup(other, localStorage(other.filesDir), dir)).rejects.toThrow('已损坏');
  });
});
