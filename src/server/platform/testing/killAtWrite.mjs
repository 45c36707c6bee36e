// For the crash tests only, preloaded into a server process (node --import): once the file
// KILL_ARM_FILE exists, every SQL statement that changes the database (begin, insert, update,
// delete, commit) is appended to KILL_TRACE_FILE, and the process kills itself with SIGKILL just
// before the KILL_AT_WRITE-th of them: a crash between any two steps of a change, chosen by number.
import fs from 'node:fs';
import SQLite from 'better-sqlite3';

const armFile = process.env.KILL_ARM_FILE;
const traceFile = process.env.KILL_TRACE_FILE;
const at = Number(process.env.KILL_AT_WRITE ?? 0);
const WRITE = /^\s*(begin|commit|insert|update|delete|replace)\b/i;

if (armFile) {
  const probe = new SQLite(':memory:');
  const proto = Object.getPrototypeOf(probe.prepare('select 1'));
  probe.close();
  let count = 0;
  for (const name of ['run', 'all', 'get', 'iterate']) {
    const original = proto[name];
    proto[name] = function (...args) {
      if (WRITE.test(this.source) && fs.existsSync(armFile)) {
        count += 1;
        if (count === at) process.kill(process.pid, 'SIGKILL');
        if (traceFile) fs.appendFileSync(traceFile, `${this.source.replace(/\s+/g, ' ').slice(0, 120)}\n`);
      }
      return original.apply(this, args);
    };
  }
}
