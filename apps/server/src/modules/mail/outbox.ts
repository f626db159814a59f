import { desc, ilike, sql } from 'drizzle-orm';
import type { OutboxMailDto, PageResult } from '@nhasach/shared';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import { toPage } from '../../lib/pagination.ts';

/**
 * The store's sent and stored mails, newest first. Without SMTP this is where mails (including one-time codes
 * for registrations) can be read by an admin.
 */
export async function listOutbox(db: Db, q: { page: number; size: number; to?: string }): Promise<PageResult<OutboxMailDto>> {
  const where = q.to ? ilike(mailOutbox.to, `%${q.to.replace(/[%_\\]/g, (c) => `\\${c}`)}%`) : undefined;
  const [rows, [count]] = await Promise.all([
    db.select().from(mailOutbox).where(where).orderBy(desc(mailOutbox.id)).limit(q.size).offset(q.page * q.size),
    db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox).where(where),
  ]);
  const content = rows.map((r) => ({
    id: r.id,
    to: r.to,
    subject: r.subject,
    text: r.text,
    status: r.status,
    error: r.error,
    attempts: r.attempts,
    createdAt: r.createdAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
  }));
  return toPage(content, count?.n ?? 0, q.page, q.size);
}
