/** The deployment check's tools: its tally, ports, waiting, PostgreSQL and nginx (scripts/deploy-check.ts). */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';

export const tally = { passed: 0, failed: 0 };

export function check(name: string, ok: boolean, detail?: unknown): void {
  if (ok) tally.passed++;
  else tally.failed++;
  console.log(
    `${ok ? 'ok' : 'FAILED'} - ${name}${ok || detail === undefined ? '' : `: ${typeof detail === 'string' ? detail : JSON.stringify(detail)}`}`,
  );
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net
      .createServer()
      .listen(0, '127.0.0.1', () => {
        const { port } = s.address() as net.AddressInfo;
        s.close(() => resolve(port));
      })
      .on('error', reject);
  });
}

export async function admin<T>(baseUrl: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: baseUrl });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    try {
      const v = await fn();
      if (ok(v) || Date.now() > end) return v;
    } catch (e) {
      if (Date.now() > end) throw e;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** deploy/nginx/portal.conf with only the listen address and the upstream ports changed. */
function siteConfig(root: string, listen: number, ports: number[]): string {
  const sample = fs.readFileSync(path.join(root, 'deploy/nginx/portal.conf'), 'utf8');
  const out = sample
    .replace(/listen 80;/, `listen 127.0.0.1:${listen};`)
    .replace(/server 127\.0\.0\.1:8081 /, `server 127.0.0.1:${ports[0]} `)
    .replace(/server 127\.0\.0\.1:8082 /, `server 127.0.0.1:${ports[1]} `);
  if (out.includes(':8081') || out.includes(':8082') || !out.includes(`:${listen};`))
    throw new Error('deploy/nginx/portal.conf no longer has the lines this check changes');
  return out;
}

export function startNginx(root: string, dir: string, listen: number, ports: number[]): ChildProcess {
  const nginxBin = process.env.NGINX || (fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'portal.conf'), siteConfig(root, listen, ports));
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
daemon off;
events { worker_connections 256; }
http {
  log_format upstream '$request_method $uri $status $upstream_addr';
  access_log ${dir}/access.log upstream;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/portal.conf;
}
`,
  );
  return spawn(nginxBin, ['-e', path.join(dir, 'error.log'), '-p', dir, '-c', path.join(dir, 'nginx.conf')], {
    stdio: 'ignore',
  });
}
