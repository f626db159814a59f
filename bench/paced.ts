/**
 * Requests at a fixed average rate, as shoppers send them: open loop (a request leaves at its time whether or not
 * the earlier ones have been answered) with Poisson arrivals (random gaps of the given mean, seeded so runs are
 * comparable). Each latency runs from the request's scheduled time to the end of its answer, so a late timer or a
 * slow server cannot hide queueing (no coordinated omission).
 *
 * Why not autocannon's overallRate: it gives each connection a quota per second and lets it send that quota back
 * to back as fast as the server answers, then pause until the next second. 200 req/s through 10 connections
 * arrives as 200 requests at the start of every second, drained at full speed: the latency of a server at its
 * maximum throughput for a third of each second, not of 200 shoppers a second.
 */
import http from 'node:http';
import { random as seeded } from './search-terms.ts';

/** Throughput and latency of one run (run.ts's autocannon runs report the same). */
export interface RunResult {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

export async function paced(baseUrl: string, next: () => string, opts: { duration: number; rate: number; seed?: number }): Promise<RunResult> {
  const { hostname, port } = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const random = seeded(opts.seed ?? 20261123);
  const times: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const pending: Promise<void>[] = [];

  const send = (scheduled: number) =>
    new Promise<void>((resolve) => {
      const req = http.get({ agent, hostname, port, path: next() }, (res) => {
        if ((res.statusCode ?? 0) < 200 || (res.statusCode ?? 0) >= 300) non2xx++;
        res.on('data', () => {});
        res.on('end', () => {
          times.push(performance.now() - scheduled);
          resolve();
        });
      });
      req.on('error', () => {
        errors++;
        resolve();
      });
    });

  const start = performance.now();
  const end = start + opts.duration * 1000;
  let due = start;
  while (due < end) {
    const now = performance.now();
    // Every request whose time has come leaves now, timed from its own schedule.
    while (due <= now && due < end) {
      pending.push(send(due));
      due += (-Math.log(1 - random()) / opts.rate) * 1000;
    }
    await new Promise((r) => setTimeout(r, Math.max(0, Math.min(due - performance.now(), 50))));
  }
  await Promise.all(pending);
  agent.destroy();
  times.sort((a, b) => a - b);
  return {
    rps: times.length / opts.duration,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    requests: times.length,
    non2xx,
    errors,
  };
}
