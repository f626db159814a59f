/** Mail: the outbox and its templates, for the other modules. */
export { enqueueMail } from './enqueue.ts';
export type { MailContent } from './templates.ts';
