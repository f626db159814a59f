// `npm run dev`: the API server with restart on change, and Vite with hot reload (proxying /api to it).
import { spawn } from 'node:child_process';

const procs = [
  spawn('npm', ['run', 'dev', '-w', '@nhasach/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@nhasach/web'], { stdio: 'inherit' }),
];
const stop = () => procs.forEach((p) => p.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const p of procs) p.on('exit', (code) => { if (code) { stop(); process.exitCode = code; } });
