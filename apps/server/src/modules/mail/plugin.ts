import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { createMailer, type Mailer } from './mailer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Delivers the outbox: over SMTP_URL, or by keeping mails in mail_outbox when SMTP is not configured. */
    mailer: Mailer;
  }
}

/**
 * Decorates the app with `mailer` and runs its worker from onReady to onClose (the worker runs under tests too:
 * they read mails from a real SMTP server). Wrapped with fastify-plugin so every module sees it.
 */
export const mailPlugin = fp(
  async (app: FastifyInstance) => {
    const c = app.config;
    const mailer = createMailer({
      database: app.database,
      log: app.log,
      smtpUrl: c.SMTP_URL,
      from: c.MAIL_FROM,
      leaseMs: c.MAIL_LEASE_SECONDS * 1000,
      maxAttempts: c.MAIL_MAX_ATTEMPTS,
      retryBaseMs: c.MAIL_RETRY_BASE_SECONDS * 1000,
      ceiling: { max: c.MAIL_MAX_PER_ADDRESS_PER_HOUR },
    });
    app.decorate('mailer', mailer);
    app.addHook('onReady', async () => {
      if (c.MAIL_WORKER) await mailer.start();
    });
    // Deliveries in progress finish before the database closes.
    app.addHook('onClose', async () => {
      await mailer.close();
    });
  },
  { name: 'mail' },
);
