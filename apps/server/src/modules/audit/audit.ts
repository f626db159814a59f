import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { AuditEntryDto, AuditQuery, PageResult } from '@nhasach/shared';
import type { Db, Tx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/audit.ts';
import type { AuthUser } from '../../lib/guards.ts';
import { toPage } from '../../lib/pagination.ts';

export interface AuditEntry {
  actorId: number | null;
  actorRole: string;
  actorUsername?: string | null;
  /** Upper-case verb, e.g. BOOK_CREATE, USER_ROLE, ORDER_STATUS. */
  action: string;
  /** BOOK, BOOK_IMAGE, USER, CATEGORY, AUTHOR, PUBLISHER, SUPPLIER, ORDER, ... */
  entityType: string;
  entityId?: string | number | null;
  /** One Vietnamese line a person reads in the log. */
  summary: string;
  details?: Record<string, unknown> | null;
}

/** The actor fields of an entry for the logged-in staff member. */
export const auditActor = (user: AuthUser) => ({ actorId: user.id, actorRole: user.role, actorUsername: user.username });

/**
 * Logs a staff write. Call it inside the write's transaction, so the log holds exactly the writes that
 * happened (the sales module uses it too).
 */
export async function recordAudit(tx: Db | Tx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    actorRole: entry.actorRole,
    actorUsername: entry.actorUsername ?? null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    summary: entry.summary,
    details: entry.details ?? null,
  });
}

type AuditRow = typeof auditLog.$inferSelect;

const toDto = (r: AuditRow): AuditEntryDto => ({
  id: r.id,
  actorId: r.actorId,
  actorUsername: r.actorUsername,
  actorRole: r.actorRole,
  action: r.action,
  entityType: r.entityType,
  entityId: r.entityId,
  summary: r.summary,
  details: r.details ?? null,
  createdAt: r.createdAt.toISOString(),
});

/** GET /admin/audit: newest first, filtered by entity, action or actor. */
export async function listAudit(db: Db, q: AuditQuery): Promise<PageResult<AuditEntryDto>> {
  const parts: SQL[] = [];
  if (q.entityType) parts.push(eq(auditLog.entityType, q.entityType));
  if (q.entityId) parts.push(eq(auditLog.entityId, q.entityId));
  if (q.action) parts.push(eq(auditLog.action, q.action));
  if (q.actorId !== undefined) parts.push(eq(auditLog.actorId, q.actorId));
  const where = parts.length ? and(...parts) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(q.size)
      .offset(q.page * q.size),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return toPage(rows.map(toDto), total?.n ?? 0, q.page, q.size);
}
