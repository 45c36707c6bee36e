import cluster, { type Worker } from 'node:cluster';

/**
 * Several server processes answering on one port (WORKERS > 1): one Node process is one core, and
 * a busy portal's list calls wait on each other behind it. The primary process only forks and
 * watches; each worker runs the whole server. They share everything that must be shared through
 * the database (sessions, captchas, upload state, job leases) and the data folder (files, the
 * signing secret); what a process keeps in memory for speed (list totals) follows the others'
 * writes through the database's write watch (db/writeWatch.ts).
 *
 * Workers start one after another: the first migrates, seeds and makes the tables and indexes;
 * the others find them made. A worker that dies is replaced, unless workers keep dying right after
 * their start (a broken configuration), which stops the whole server.
 */
export interface WorkerReady {
  type: 'portal-ready';
  port: number;
}

const QUICK_DEATH_MS = 10_000;
const QUICK_DEATHS_ALLOWED = 3;

function isReady(msg: unknown): msg is WorkerReady {
  return !!msg && typeof msg === 'object' && (msg as WorkerReady).type === 'portal-ready';
}

/** In a worker: tells the primary it listens (and on which port, for PORT=0). */
export function reportReady(port: number): void {
  if (cluster.isWorker && process.send) process.send({ type: 'portal-ready', port } satisfies WorkerReady);
}

function forkReady(): Promise<{ worker: Worker; port: number }> {
  const worker = cluster.fork();
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) =>
      reject(new Error(`a server process stopped while starting (exit code ${code})`));
    worker.once('exit', onExit);
    worker.on('message', (msg) => {
      if (!isReady(msg)) return;
      worker.off('exit', onExit);
      resolve({ worker, port: msg.port });
    });
  });
}

/** In the primary: starts `count` workers, one after another, and keeps them running. Answers the port they share. */
export async function serveWorkers(
  count: number,
  log: (line: string) => void = (l) => console.error(l),
): Promise<{ port: number; stop: () => Promise<void> }> {
  let stopping = false;
  let quickDeaths = 0;
  const started = new WeakMap<Worker, number>();
  let port = 0;
  for (let i = 0; i < count; i++) {
    const ready = await forkReady();
    started.set(ready.worker, Date.now());
    port = ready.port;
  }
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    const lived = Date.now() - (started.get(worker) ?? 0);
    log(`server process ${worker.process.pid} stopped (${signal ?? `exit code ${code}`}); starting another`);
    if (lived < QUICK_DEATH_MS && ++quickDeaths > QUICK_DEATHS_ALLOWED) {
      log('server processes keep stopping right after they start: stopping the server');
      void stop().then(() => process.exit(1));
      return;
    }
    forkReady().then(
      (r) => started.set(r.worker, Date.now()),
      (e) => log(e instanceof Error ? e.message : String(e)),
    );
  });
  const stop = async () => {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve) => {
            if (w.isDead()) {
              resolve();
              return;
            }
            w.once('exit', () => resolve());
            w.process.kill('SIGTERM');
          }),
      ),
    );
  };
  return { port, stop };
}
