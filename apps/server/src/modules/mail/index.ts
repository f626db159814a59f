/**
 * Mail: the outbox (enqueueMail writes a mail in the caller's transaction), the mailer that delivers it over SMTP or
 * keeps it in the outbox, the templates, and the back-office panel of the outbox.
 */
export { mailPlugin } from './plugin.ts';
export { mailOutboxRoutes } from './outbox-routes.ts';
export { createMailer, type Mailer } from './mailer.ts';
export { enqueueMail, type MailMessage } from './enqueue.ts';
export { otpMail, type MailContent } from './templates.ts';
