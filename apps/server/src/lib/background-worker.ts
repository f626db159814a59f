import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';

export interface BackgroundWorker {
  /** Asks for a run: now if none is running, else one more after the current one. Ignored while stopped. */
  wake(): void;
  /** Listens on the channel, wakes on reconnection (notifications sent meanwhile were missed) and every poll. */
  start(): Promise<void>;
  /** No new run; waits for the one in progress. */
  stop(): Promise<void>;
}

/**
 * A job a table's rows wait for (mails to send, shipments to create): one run at a time in this process, woken by
 * the NOTIFY its writers send at commit, by a reconnection and by a poll (retries whose time has come, leases of a
 * dead instance). `pollMs` 0 polls never.
 */
export function backgroundWorker(opts: {
  database: Pick<Database, 'listen' | 'onReconnect'>;
  channel: string;
  pollMs: number;
  run: () => Promise<unknown>;
  log: FastifyBaseLogger;
  /** What the log says failed ('mail worker run failed'). */
  name: string;
}): BackgroundWorker {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  const wake = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await opts.run().catch((err: unknown) => opts.log.error({ err }, `${opts.name} run failed`));
      } while (again && !stopped);
    })().finally(() => {
      running = undefined;
    });
  };
  return {
    wake,
    async start() {
      if (!stopped) return;
      stopped = false;
      await opts.database.listen(opts.channel, wake);
      opts.database.onReconnect(wake);
      if (opts.pollMs > 0) {
        timer = setInterval(wake, opts.pollMs);
        timer.unref();
      }
      wake();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
