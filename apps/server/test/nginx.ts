// deploy/nginx.conf run by a real nginx in front of local upstreams: for the load balancer's own test and for the
// benchmark's several instances (bench/run.ts --instances).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** The nginx binary of the machine (CI installs nginx-light), or undefined. */
export const nginxBinary = (() => {
  for (const candidate of ['/usr/sbin/nginx', 'nginx']) {
    try {
      execFileSync(candidate, ['-v'], { stdio: 'ignore' });
      return candidate;
    } catch {
      // not there
    }
  }
  return undefined;
})();

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface RunningNginx {
  url: string;
  /** The master's pid (its one worker is its child). */
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts the shipped server block as it is, with only its upstream servers and its port replaced: `upstreams` are
 * the `server` lines' arguments (e.g. '127.0.0.1:4001 max_fails=2 fail_timeout=10s'), in order.
 */
export async function startNginx(upstreams: string[], opts: { workerConnections?: number } = {}): Promise<RunningNginx> {
  if (!nginxBinary) throw new Error('nginx is not installed');
  const dir = mkdtempSync(path.join(tmpdir(), 'nhasach-nginx-'));
  const port = await freePort();
  const shipped = readFileSync(new URL('../../../deploy/nginx.conf', import.meta.url), 'utf8');
  const servers = /(\n[ \t]*server api\d+:3000[^;]*;)+/.exec(shipped);
  if (!servers) throw new Error('deploy/nginx.conf: no upstream servers found');
  const site = shipped
    .replace(servers[0], upstreams.map((u) => `\n  server ${u};`).join(''))
    .replace(/listen 80;/, `listen 127.0.0.1:${port};`);
  writeFileSync(path.join(dir, 'site.conf'), site);
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon off;\nworker_processes 1;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log warn;\n` +
      `events { worker_connections ${opts.workerConnections ?? 64}; }\n` +
      `http {\n  access_log off;\n  client_body_temp_path ${dir}/body;\n  proxy_temp_path ${dir}/proxy;\n  fastcgi_temp_path ${dir}/fcgi;\n  uwsgi_temp_path ${dir}/uwsgi;\n  scgi_temp_path ${dir}/scgi;\n  include ${dir}/site.conf;\n}\n`,
  );
  execFileSync(nginxBinary, ['-t', '-q', '-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: 'pipe' });
  const nginx: ChildProcess = spawn(nginxBinary, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (await fetch(`${url}/`).then(() => true, () => false)) break;
    await sleep(50);
  }
  return {
    url,
    pid: nginx.pid!,
    async stop() {
      const exited = new Promise<void>((resolve) => (nginx.exitCode !== null ? resolve() : nginx.once('exit', () => resolve())));
      nginx.kill('SIGQUIT');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
