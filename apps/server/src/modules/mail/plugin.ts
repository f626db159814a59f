import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { createDestinationLimit } from './destination-limit.ts';
import { createMailer, type Mailer } from './mailer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends mail over SMTP_URL, or keeps it in mail_outbox when SMTP is not configured. */
    mailer: Mailer;
  }
}

/** Decorates the app with `mailer`; wrapped with fastify-plugin so every module sees it. */
export const mailPlugin = fp(
  async (app: FastifyInstance) => {
    const destinationLimit = createDestinationLimit({
      db: app.db,
      redis: app.redis,
      log: app.log,
      max: app.config.MAIL_MAX_PER_ADDRESS_PER_HOUR,
    });
    const mailer = createMailer({ db: app.db, log: app.log, smtpUrl: app.config.SMTP_URL, from: app.config.MAIL_FROM, destinationLimit });
    app.decorate('mailer', mailer);
    // Background mails (password reset) finish before the database closes.
    app.addHook('onClose', async () => {
      await mailer.close();
    });
  },
  { name: 'mail' },
);
