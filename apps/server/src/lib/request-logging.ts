import type { FastifyInstance } from 'fastify';

/**
 * Every request in the logs at debug level only: at the default level (info) the logs hold errors, warnings and
 * business events (an order placed, a payment, a contact message), not two lines per request. Fastify's own
 * request lines are turned off (`disableRequestLogging` in app.ts) and written here one level down, with the
 * same fields (reqId, method, url, status, response time). 5xx errors are still logged at error level by the
 * error handler.
 */
export function registerRequestLogging(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    request.log.debug({ req: request }, 'incoming request');
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  });
}
