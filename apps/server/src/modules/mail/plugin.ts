import type { FastifyInstance } from 'fastify';
import type { Mailer } from './mailer.ts';

/**
 * Runs the mailer's worker from onReady to onClose (the worker runs under tests too: they read mails from a real
 * SMTP server). The mailer itself is created by the composition root.
 */
export async function mailPlugin(app: FastifyInstance, opts: { mailer: Mailer }): Promise<void> {
  const { mailer } = opts;
  app.addHook('onReady', async () => {
    if (app.config.MAIL_WORKER) await mailer.start();
  });
  // Deliveries in progress finish before the database closes.
  app.addHook('onClose', async () => {
    await mailer.close();
  });
}
