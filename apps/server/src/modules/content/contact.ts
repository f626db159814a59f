import { count, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { CONTACT_TOPIC_LABELS, type ContactMessageDto, type ContactTopic, type PageResult } from '@nhasach/shared';
import type { Db } from '../../db/client.ts';
import { contactMessages } from '../../db/schema/content.ts';
import { notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../../lib/guards.ts';
import { toPage } from '../../lib/pagination.ts';
import { enqueueMail } from '../mail/index.ts';
import { activeAdminEmails } from '../users/index.ts';

export interface ContactInput {
  name: string;
  email: string;
  phone?: string;
  topic: ContactTopic;
  message: string;
}

type MessageRow = typeof contactMessages.$inferSelect;

const toDto = (row: MessageRow): ContactMessageDto => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  topic: row.topic,
  message: row.message,
  createdAt: row.createdAt.toISOString(),
  handledAt: row.handledAt?.toISOString() ?? null,
  handledBy: row.handledBy,
});

/** The mail an admin receives for a message (plain text: the sender's words are never read as HTML). */
export function contactMail(row: MessageRow, publicUrl: string) {
  return {
    subject: `[Liên hệ] ${CONTACT_TOPIC_LABELS[row.topic]} - ${row.name}`,
    text: [
      `Tin nhắn mới từ trang Liên hệ (#${row.id}).`,
      '',
      `Họ tên: ${row.name}`,
      `Email: ${row.email}`,
      `Số điện thoại: ${row.phone ?? '(không có)'}`,
      `Chủ đề: ${CONTACT_TOPIC_LABELS[row.topic]}`,
      '',
      row.message,
      '',
      `Xem và đánh dấu đã xử lý: ${publicUrl}/admin/contact`,
    ].join('\n'),
  };
}

/**
 * Stores a contact message and, in the same transaction, writes one mail per active admin to the outbox: the
 * message exists exactly when its mails do.
 */
export async function sendContactMessage(db: Db, input: ContactInput, opts: { userId?: number; publicUrl: string }): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ name: input.name, email: input.email, phone: input.phone ?? null, topic: input.topic, message: input.message, userId: opts.userId ?? null })
      .returning();
    const mail = contactMail(row!, opts.publicUrl);
    for (const to of await activeAdminEmails(tx)) await enqueueMail(tx, { to, ...mail });
    return { id: row!.id };
  });
}

export async function listContactMessages(db: Db, q: { page: number; size: number; status?: 'NEW' | 'HANDLED' }): Promise<PageResult<ContactMessageDto>> {
  const where: SQL | undefined =
    q.status === 'NEW' ? isNull(contactMessages.handledAt) : q.status === 'HANDLED' ? isNotNull(contactMessages.handledAt) : undefined;
  const [rows, [total]] = await Promise.all([
    db.select().from(contactMessages).where(where).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id)).limit(q.size).offset(q.page * q.size),
    db.select({ n: count() }).from(contactMessages).where(where),
  ]);
  return toPage(rows.map(toDto), total?.n ?? 0, q.page, q.size);
}

/** Marks a message handled (or new again); who and when are kept. */
export async function setContactHandled(db: Db, user: AuthUser, id: number, handled: boolean): Promise<ContactMessageDto> {
  const [row] = await db
    .update(contactMessages)
    .set(handled ? { handledAt: new Date(), handledBy: user.username } : { handledAt: null, handledBy: null })
    .where(eq(contactMessages.id, id))
    .returning();
  if (!row) throw notFound('Không tìm thấy tin nhắn.');
  return toDto(row);
}
