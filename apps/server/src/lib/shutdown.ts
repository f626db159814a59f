import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '@nhasach/shared';
import { envelope } from './envelope.ts';
import { SERVICE_UNAVAILABLE_MESSAGE } from './unavailable.ts';

const closingApps = new WeakSet<FastifyInstance>();

/**
 * Registered first on the app: once the app is closing, every request that arrives (on a keep-alive connection
 * still open) is answered 503 with `Connection: close` and `Retry-After: 1` without running anything, so the
 * client or the load balancer takes it to another instance on a new connection; answers of requests already in
 * flight carry `Connection: close` too, so their connections end with them. Replaces Fastify's own closing answer
 * (English, outside the envelope).
 */
export function registerClosingGate(app: FastifyInstance): void {
  app.addHook('preClose', async () => {
    closingApps.add(app);
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!closingApps.has(app)) return;
    request.log.info('request refused: this instance is shutting down');
    return reply
      .header('connection', 'close')
      .header('retry-after', '1')
      .status(503)
      .send(envelope(503, null, SERVICE_UNAVAILABLE_MESSAGE, ERROR_CODES.serviceUnavailable));
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closingApps.has(app)) reply.header('connection', 'close');
    return payload;
  });
}

export interface GracefulCloseOptions {
  /**
   * How long open keep-alive connections stay open after the listener closed, so requests already on their way on
   * them get the 503 above instead of a reset. Ends earlier once no connection is left.
   */
  drainMs: number;
}

const connectionCount = (app: FastifyInstance) =>
  new Promise<number>((resolve) => app.server.getConnections((err, count) => resolve(err ? 0 : count)));

/**
 * A rolling restart's shutdown: stop accepting connections; answer requests in flight; answer requests arriving on
 * open keep-alive connections with 503 + `Connection: close` (registerClosingGate) for up to `drainMs`; then close
 * the idle connections, and each busy one as soon as its answer is sent; then the app's onClose hooks run (jobs, the
 * mail worker, Redis, ...).
 *
 * Node's `server.close()` closes idle keep-alive connections at once, and a request the client is sending on one at
 * that moment meets a reset (ECONNRESET), which a load balancer does not retry for a POST: that is what the drain
 * window avoids.
 */
export async function closeGracefully(app: FastifyInstance, { drainMs }: GracefulCloseOptions): Promise<void> {
  const server = app.server;
  const closeIdle = server.closeIdleConnections.bind(server);
  // Held back during the drain window (Fastify's close calls server.close(), which calls it).
  server.closeIdleConnections = () => undefined;
  const closed = app.close();
  const drainEnd = Date.now() + drainMs;
  while (Date.now() < drainEnd && (await connectionCount(app)) > 0) await sleep(50);
  server.closeIdleConnections = closeIdle;
  // Connections busy with a request become idle when it is answered: close each then.
  const reaper = setInterval(closeIdle, 50);
  closeIdle();
  try {
    await closed;
  } finally {
    clearInterval(reaper);
  }
}
