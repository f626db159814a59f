import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { expireUnpaidOnlineOrders } from './lifecycle.ts';
import type { OrderProcess } from './process.ts';

export interface ExpirySchedule {
  /** How often the job runs. */
  intervalMs: number;
  /**
   * The job cancels orders whose window closed at least this long ago: an IPN for a payment made in the last
   * second still finds a live order.
   */
  graceMs: number;
}

export const DEFAULT_EXPIRY_SCHEDULE: ExpirySchedule = { intervalMs: 60_000, graceMs: 2 * 60_000 };

/**
 * Runs expireUnpaidOnlineOrders every intervalMs (the one scheduler of the app: payments must not add another).
 * The timer is unref'd (never keeps the process alive), a run never overlaps the previous one, and closing the
 * app stops the timer and waits for a run in progress.
 */
export function startOrderExpiry(
  app: FastifyInstance,
  process: OrderProcess,
  schedule: ExpirySchedule = DEFAULT_EXPIRY_SCHEDULE,
): { stop(): Promise<void> } {
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = expireUnpaidOnlineOrders(process, app.db, new Date(Date.now() - schedule.graceMs))
      .then((n) => {
        if (n > 0) app.log.info({ cancelled: n }, 'unpaid online orders expired');
      })
      .catch((err: unknown) => app.log.error({ err }, 'order expiry failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, schedule.intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

/**
 * Starts the expiry job with the app, every ORDER_EXPIRY_INTERVAL_SECONDS (0: not on this instance; not under
 * NODE_ENV=test: tests run the job themselves, deterministically). Every instance may run it: each order is claimed
 * with SKIP LOCKED, so it is cancelled, mailed and its stock returned exactly once.
 */
export const orderExpiryPlugin = fp(
  async (app: FastifyInstance, opts: { process: OrderProcess }) => {
    const intervalMs = app.config.ORDER_EXPIRY_INTERVAL_SECONDS * 1000;
    if (app.config.NODE_ENV === 'test' || intervalMs === 0) return;
    let job: { stop(): Promise<void> } | undefined;
    app.addHook('onReady', async () => {
      job = startOrderExpiry(app, opts.process, { ...DEFAULT_EXPIRY_SCHEDULE, intervalMs });
    });
    app.addHook('onClose', async () => {
      await job?.stop();
    });
  },
  { name: 'order-expiry' },
);
