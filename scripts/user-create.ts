/**
 * npm run user:create [-- --username NAME --password PASS --real-name NAME]
 * Creates a super admin in the configured database (SQLite under DATA_DIR, or DATABASE_URL).
 * Whatever is not given as a flag is asked for; the password is not echoed on a terminal.
 */
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/platform/config/config.js';
import { openDatabase } from '../src/server/platform/db/database.js';
import { migrateToLatest } from '../src/server/platform/db/migrate.js';
import { createSuperAdmin, passwordProblem, usernameProblem } from '../src/server/platform/seed/superAdmin.js';

const { values } = parseArgs({
  options: { username: { type: 'string' }, password: { type: 'string' }, 'real-name': { type: 'string' } },
  strict: true,
});

const lines = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY });
const queued: string[] = [];
const waiting: ((line: string | undefined) => void)[] = [];
let ended = false;
lines.on('line', (line) => (waiting.length ? waiting.shift()!(line) : queued.push(line)));
lines.on('close', () => {
  ended = true;
  while (waiting.length) waiting.shift()!(undefined);
});

function nextLine(): Promise<string | undefined> {
  if (queued.length) return Promise.resolve(queued.shift());
  if (ended) return Promise.resolve(undefined);
  return new Promise((resolve) => waiting.push(resolve));
}

async function ask(question: string, secret = false): Promise<string> {
  process.stdout.write(question);
  const out = lines as unknown as { _writeToOutput?: (s: string) => void };
  const original = out._writeToOutput;
  // Hide what is typed for secrets (readline echoes through _writeToOutput on a terminal).
  if (secret && process.stdin.isTTY) out._writeToOutput = () => {};
  const answer = await nextLine();
  if (secret && process.stdin.isTTY) {
    out._writeToOutput = original;
    process.stdout.write('\n');
  }
  if (answer === undefined) throw new Error('输入已结束');
  return answer.trim();
}

async function main(): Promise<void> {
  let username = values.username ?? '';
  while (!username || usernameProblem(username)) {
    if (username) console.error(usernameProblem(username));
    if (values.username) process.exit(2);
    username = await ask('用户名: ');
  }
  let password = values.password ?? '';
  while (!password || passwordProblem(password, username)) {
    if (password) console.error(passwordProblem(password, username));
    if (values.password) process.exit(2);
    password = await ask('密码: ', true);
    if (passwordProblem(password, username)) continue;
    if ((await ask('再次输入密码: ', true)) !== password) {
      console.error('两次输入的密码不一致');
      password = '';
    }
  }
  const realName = values['real-name'] ?? ((await ask('姓名（回车默认 超级管理员）: ')) || '超级管理员');
  lines.close();

  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await migrateToLatest(database);
    const id = await createSuperAdmin(database.db, { username, password, realName });
    const where = config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.dataDir}`;
    console.log(`超级管理员 ${username}（id ${id}）已创建 (${where})`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
