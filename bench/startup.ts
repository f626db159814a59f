/**
 * Start-up time of the store: from the process's start to `/api/health/ready` answering 200, with the embedded
 * database in production mode. `cold`: a new data folder (migrations, demo data, search index); `warm`: a restart on
 * the folder the first run filled. The commands take turns, run after run (A B A B…), so the load of a shared
 * machine weighs on each alike; each run prints the load average beside its time.
 *
 *   node --conditions=@nhasach/source --import tsx bench/startup.ts [--runs N] [--warm] -- 'label=command' …
 *
 * Each command runs in `sh -c` (so `cd dir && node …` works); it must start the server in the foreground.
 * Example: compiled against tsx, both from apps/server, after `npm run build`:
 *   … bench/startup.ts --runs 4 -- 'compiled=cd apps/server && node dist/main.js' \
 *     'tsx=cd apps/server && node --conditions=@nhasach/source --import tsx src/main.ts'
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../e2e/harness.ts';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const runs = Math.max(1, Number(option('--runs') ?? 3));
const warm = args.includes('--warm');
const variants = (args.includes('--') ? args.slice(args.indexOf('--') + 1) : []).map((v) => ({ label: v.slice(0, v.indexOf('=')), command: v.slice(v.indexOf('=') + 1), times: [] as number[] }));
if (!variants.length) throw new Error("give the commands after --: 'label=command' …");

/** Starts the command on a free port and `dataDir`; resolves with the milliseconds until ready, once it has stopped. */
async function startOnce(command: string, dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn('sh', ['-c', command], {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'true', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
    // Its own process group: the shell and the server stop together.
    detached: true,
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${command} exited with ${child.exitCode}`);
      const ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`).then((r) => r.ok, () => false);
      if (ready) return performance.now() - started;
      if (performance.now() - started > 300_000) throw new Error(`${command} was not ready in 300 s`);
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
    await exited;
  }
}

const dirs = variants.map(() => mkdtempSync(path.join(tmpdir(), 'nhasach-startup-')));
try {
  // Warm runs restart on a seeded folder: one unmeasured start fills it.
  if (warm) for (const [i, v] of variants.entries()) await startOnce(v.command, dirs[i] ?? '');
  for (let run = 1; run <= runs; run++) {
    for (const [i, v] of variants.entries()) {
      const dir = warm ? (dirs[i] ?? '') : mkdtempSync(path.join(tmpdir(), 'nhasach-startup-'));
      const load = loadavg()[0]?.toFixed(2);
      const ms = await startOnce(v.command, dir);
      if (!warm) rmSync(dir, { recursive: true, force: true });
      v.times.push(ms);
      console.log(`${v.label} run ${run}: ${(ms / 1000).toFixed(2)} s (load ${load})`);
    }
  }
} finally {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
for (const v of variants) {
  const sorted = [...v.times].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  const median = sorted.length % 2 ? (sorted[Math.floor(mid)] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
  console.log(`${v.label} (${warm ? 'warm' : 'cold'}): median ${(median / 1000).toFixed(2)} s of ${v.times.map((t) => (t / 1000).toFixed(2)).join(', ')}`);
}
