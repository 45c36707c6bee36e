import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeEntryArgs } from '../testing/compiledTree.js';
import { applicationBody, localTime } from '../../modules/topics/topics.fixture.js';

/**
 * The real server in a child process submits a new application with its document in one call (a
 * form's 提交), and is killed with SIGKILL just before each statement that changes the database in
 * turn (testing/killAtWrite.mjs), then started again on the same data: every time, the application,
 * its log rows and its document's binding are all there or none of them is. SQLite only (the child
 * opens its own database).
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-submit-crash-'));
const armFile = path.join(dataDir, 'armed');
const traceFile = path.join(dataDir, 'writes.txt');
const preload = path.join(root, 'src/server/platform/testing/killAtWrite.mjs');
let port = 0;
let child: ChildProcess | null = null;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(p));
    });
  });
}

async function start(killAt = 0): Promise<void> {
  child = spawn(process.execPath, ['--import', preload, ...nodeEntryArgs('src/server/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ALLOW_NOLOGIN: 'true',
      LOG_LEVEL: 'silent',
      KILL_ARM_FILE: armFile,
      KILL_TRACE_FILE: traceFile,
      KILL_AT_WRITE: String(killAt),
    },
    stdio: 'ignore',
  });
  // A loaded test machine takes long to load the server's code.
  const until = Date.now() + 180_000;
  while (Date.now() < until) {
    try {
      await fetch(`http://127.0.0.1:${port}/api/basicInfoMaintain/querySysName`, { method: 'POST' });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error('server did not start');
}

function stop(): Promise<void> {
  const c = child!;
  child = null;
  if (c.exitCode !== null || c.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    c.once('exit', () => resolve());
    c.kill('SIGKILL');
  });
}

type H = Record<string, string>;
async function call(url: string, body: unknown, headers: H, raw?: Buffer): Promise<any> {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method: 'POST',
    body: raw ? new Uint8Array(raw) : JSON.stringify(body),
    headers: { ...headers, 'content-type': raw ? 'application/octet-stream' : 'application/json' },
  });
  return res.json();
}

async function login(username: string, engName?: string): Promise<H> {
  const user = (await call('/api/sys/login', { tgt: `nologin:${username}`, engName, subAct: 'a' }, {})).data;
  return { authorization: user.token, 'x-csrf-token': user.csrfToken };
}

/** A stage-1 notice, open now, saved and published by `admin`. */
async function openNotice(admin: H): Promise<number> {
  const saved = await call(
    '/api/resource/notice/save',
    {
      subAct: 'a',
      title: `崩溃测试通知${crypto.randomUUID().slice(0, 8)}`,
      stage: 1,
      year: '2026',
      startTime: localTime(-1),
      endTime: localTime(24 * 30),
      body: '<p>请按要求申报。</p>',
    },
    admin,
  );
  const pub = await call(
    '/api/resource/notice/transition',
    { subAct: 'a', id: saved.data.id, version: saved.data.version, action: 'publish' },
    admin,
  );
  expect(pub.flag, JSON.stringify(pub)).toBe(true);
  return pub.data.id;
}

/** An application document uploaded by `leader`, not yet bound to any record. */
async function uploadDoc(leader: H): Promise<{ id: number; fileName: string }> {
  const bytes = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), crypto.randomBytes(1000)]);
  const md5 = crypto.createHash('md5').update(bytes).digest('hex');
  const tokens = (
    await call(
      '/api/file/getCyStorageToken',
      { fileExt: 'docx', chunks: 1, md5, fileSize: bytes.length, belongType: 'topic.applicationDoc', subAct: 'a' },
      leader,
    )
  ).data;
  const contextId = (
    await call('/fileserver/v2/prepare', { token: tokens.prepareToken, chunkSize: 1 << 20, md5 }, leader)
  ).data.contextId;
  const t = (
    await call('/api/file/getTokenByChunks', { fileExt: 'docx', chunks: 1, md5, contextId, subAct: 'a' }, leader)
  ).data;
  const query = new URLSearchParams({ contextId, index: '0', token: t.chunkToken });
  expect((await call(`/fileserver/v2/upload?${query}`, null, leader, bytes)).flag).toBe(true);
  expect((await call('/fileserver/v2/complete', { token: t.completeToken, contextId }, leader)).flag).toBe(true);
  const file = await call(
    '/api/file/uploadFile',
    { belongType: 'topic.applicationDoc', contextId, originalFileName: '申报书.docx', subAct: 'a' },
    leader,
  );
  expect(file.flag, JSON.stringify(file)).toBe(true);
  return { id: file.data.id, fileName: '申报书.docx' };
}

/** What the database holds of one submit, read with the server down. */
function stateOf(name: string, fileId: number) {
  const file = fs.readdirSync(dataDir).find((n) => n.endsWith('.sqlite') || n.endsWith('.db'))!;
  const db = new Database(path.join(dataDir, file), { readonly: true });
  try {
    const topic = db.prepare('select id, status from rec_topic where name = ?').get(name) as
      { id: number; status: string } | undefined;
    const logs = topic
      ? (
          db
            .prepare("select action from operation_log where entity = 'topic' and record_id = ? order by id")
            .all(topic.id) as { action: string }[]
        ).map((r) => r.action)
      : [];
    const bindings = db.prepare('select entity, record_id, field from file_bindings where file_id = ?').all(fileId);
    const belongId = (
      db.prepare('select belong_id from files where id = ?').get(fileId) as { belong_id: number | null }
    ).belong_id;
    // A log row of a topic that is not there: the log written without its record.
    const orphanLogs = (
      db
        .prepare(
          "select count(*) as n from operation_log where entity = 'topic' and record_id not in (select id from rec_topic)",
        )
        .get() as { n: number }
    ).n;
    return { topic, logs, bindings, belongId, orphanLogs };
  } finally {
    db.close();
  }
}

describe('kill -9 during a submit with files', () => {
  beforeAll(async () => {
    port = await freePort();
  });
  afterAll(async () => {
    if (child) await stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves the application, its log rows and its file binding all or none, whichever write it dies before', async () => {
    let noticeId = 0;
    const outcomes: string[] = [];
    // Kill before the 1st write of the submit, then the 2nd, ..., until the submit outlives every kill point.
    for (let at = 1; at < 100; at++) {
      await start(at);
      const [admin, leader] = [await login('admin'), await login('leader1', 'FZR')];
      if (!noticeId) noticeId = await openNotice(admin);
      const doc = await uploadDoc(leader);
      const name = `崩溃测试课题${at}`;
      fs.rmSync(traceFile, { force: true });
      fs.writeFileSync(armFile, '');
      const answer = await call(
        '/api/resource/topic/save',
        { ...applicationBody(noticeId, name, { applicationDoc: [doc] }), _action: 'submit' },
        leader,
      ).catch(() => null);
      fs.rmSync(armFile, { force: true });
      const died = child!.exitCode !== null || child!.signalCode !== null || answer === null;
      await stop();
      const s = stateOf(name, doc.id);
      expect(s.orphanLogs, `killed before write ${at}`).toBe(0);
      if (s.topic) {
        expect(s.topic.status, `killed before write ${at}`).toBe('2');
        expect(s.logs, `killed before write ${at}`).toEqual(['create', 'submit']);
        expect(s.bindings).toEqual([{ entity: 'topic', record_id: s.topic.id, field: 'applicationDoc' }]);
        expect(s.belongId).toBe(s.topic.id);
        outcomes.push('all');
        noticeId = 0; // one application per leader per notice
      } else {
        expect(s.logs).toEqual([]);
        expect(s.bindings, `killed before write ${at}`).toEqual([]);
        expect(s.belongId).toBeNull();
        outcomes.push('none');
      }
      if (!died) {
        expect(answer?.flag, JSON.stringify(answer)).toBe(true);
        break;
      }
    }
    const writes = fs.readFileSync(traceFile, 'utf8').trim().split('\n');
    // The submit is one transaction from its begin to its commit: the record, its log rows and the
    // binding within; what follows the commit is the modules hearing of it (afterCommit).
    const begin = writes.findIndex((w) => /^begin/.test(w));
    const commit = writes.findIndex((w, i) => i > begin && /^commit/.test(w));
    const inside = writes.slice(begin + 1, commit);
    expect(begin, writes.join('\n')).toBeGreaterThanOrEqual(0);
    expect(
      inside.filter((w) => /^insert into "rec_topic"/.test(w)),
      writes.join('\n'),
    ).toHaveLength(1);
    expect(inside.filter((w) => /^insert into "operation_log"/.test(w))).toHaveLength(2);
    expect(inside.filter((w) => /^insert into "file_bindings"/.test(w))).toHaveLength(1);
    // Killed before any write up to the commit: none of it; after the commit: all of it.
    expect(
      outcomes.slice(0, commit + 1).every((o) => o === 'none'),
      outcomes.join(),
    ).toBe(true);
    expect(
      outcomes.slice(commit + 1).every((o) => o === 'all'),
      outcomes.join(),
    ).toBe(true);
    expect(outcomes.length).toBeGreaterThan(commit + 1);
    console.info(
      `submit killed before each of ${outcomes.length - 1} writes (${commit + 1} up to its commit): ${outcomes.join(' ')}`,
    );
  }, 900_000);
});
