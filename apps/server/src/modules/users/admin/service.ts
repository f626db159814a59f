import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import {
  ERROR_CODES,
  type AdminUserDto,
  type AdminUserListQuery,
  type MetaPage,
  type Role,
  type adminCreateUserSchema,
} from '@nhasach/shared';
import type { z } from 'zod';
import type { Db, Tx } from '../../../db/client.ts';
import { users } from '../../../db/schema/users.ts';
import { FOREIGN_KEY_VIOLATION, isUniqueViolation, pgErrorOf } from '../../../lib/db-errors.ts';
import { AppError, conflict, notFound } from '../../../lib/errors.ts';
import type { AuthUser } from '../../../lib/guards.ts';
import { toMetaPage } from '../../../lib/pagination.ts';
import { hashSecret } from '../../../lib/password.ts';
import { auditActor, recordAudit } from '../../audit/index.ts';
import { toUserDto, type UserRow } from '../dto.ts';
import { emailOrUsernameTaken } from '../repo.ts';

/** What the users back-office needs of other modules; the composition root (modules/index.ts) hands it in. */
export interface UserAdminPorts {
  /** Ends every session of the user (the auth module's refresh tokens), in the caller's transaction. */
  endSessions(tx: Tx, userId: number, at: Date): Promise<void>;
  /** How many orders the user placed: orders are kept, so such an account is never hard-deleted. */
  countOrders(tx: Tx, userId: number): Promise<number>;
}

export interface UserAdminContext {
  db: Db;
  ports: UserAdminPorts;
}

const USER_NOT_FOUND = 'Không tìm thấy người dùng.';
export const USER_MESSAGES = {
  taken: 'Email hoặc username đã tồn tại.',
  selfDelete: 'Bạn không thể xoá tài khoản của chính mình.',
  selfDisable: 'Bạn không thể vô hiệu hoá tài khoản của chính mình.',
  selfRole: 'Bạn không thể đổi vai trò của chính mình.',
  softDeleted: 'Đã xoá mềm người dùng: tài khoản bị vô hiệu hoá và mọi phiên đăng nhập đã kết thúc.',
  hardDeleted: 'Đã xoá vĩnh viễn người dùng.',
  hasOrders: (n: number) =>
    `Người dùng đã có ${n} đơn hàng nên không thể xoá vĩnh viễn (đơn hàng phải được giữ lại). Hãy dùng xoá mềm để vô hiệu hoá tài khoản.`,
  stillReferenced: 'Người dùng vẫn còn dữ liệu liên quan nên không thể xoá vĩnh viễn. Hãy dùng xoá mềm.',
} as const;

export const toAdminUserDto = (row: UserRow): AdminUserDto => ({ ...toUserDto(row), deletedAt: row.deletedAt?.toISOString() ?? null });

/** LIKE pattern of a search term: its own % and _ are literal. */
const contains = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const SORT_COLUMNS = { id: users.id, createdAt: users.createdAt, username: sql`lower(${users.username})`, email: users.email } as const;

/** GET /users (ADMIN): every account, soft-deleted ones included (deletedAt set), for the users table. */
export async function listUsers(db: Db, q: AdminUserListQuery): Promise<MetaPage<AdminUserDto>> {
  const parts: SQL[] = [];
  if (q.q) {
    const p = contains(q.q);
    // Names match without regard to case or diacritics ('tran thi' finds 'Trần Thị'); logins as typed.
    parts.push(sql`(lower(${users.username}) like ${p} or lower(${users.email}) like ${p}
      or (f_search_norm(${q.q}) <> '' and f_search_norm(coalesce(${users.fullName}, '')) like '%' || f_search_norm(${q.q}) || '%'))`);
  }
  if (q.role) parts.push(eq(users.role, q.role));
  const where = parts.length ? and(...parts) : undefined;
  const column = SORT_COLUMNS[q.sort.field];
  const order = q.sort.direction === 'asc' ? sql`${column} asc, ${users.id} asc` : sql`${column} desc, ${users.id} desc`;
  const [rows, [total]] = await Promise.all([
    db.select().from(users).where(where).orderBy(order).limit(q.size).offset(q.page * q.size),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return toMetaPage(rows.map(toAdminUserDto), total?.n ?? 0, q.page, q.size);
}

function refuseSelf(actor: AuthUser, id: number, message: string): void {
  if (actor.id === id) throw conflict(message);
}

/**
 * DELETE /users/{id}: soft delete = the account is disabled and marked deleted, every refresh token revoked.
 * The user cannot log in (login answers 'account disabled') and access tokens are refused at once (the guard
 * re-reads the account). Reversible: PUT /admin/users/{id}/enable {enabled: true}.
 */
export async function softDeleteUser({ db, ports }: UserAdminContext, actor: AuthUser, id: number): Promise<AdminUserDto> {
  refuseSelf(actor, id, USER_MESSAGES.selfDelete);
  return db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .update(users)
      .set({ enabled: false, deletedAt: sql`coalesce(${users.deletedAt}, ${now.toISOString()}::timestamptz)`, updatedAt: now })
      .where(eq(users.id, id))
      .returning();
    if (!row) throw notFound(USER_NOT_FOUND);
    await ports.endSessions(tx, id, now);
    await recordAudit(tx, {
      ...auditActor(actor),
      action: 'USER_SOFT_DELETE',
      entityType: 'USER',
      entityId: id,
      summary: `Xoá mềm người dùng ${row.username}`,
      details: { username: row.username, email: row.email, role: row.role },
    });
    return toAdminUserDto(row);
  });
}

/**
 * DELETE /users/{id}/hard: refused while the user has orders (they are kept for the books and the accounts);
 * otherwise the account and its data (sessions, addresses, cart, favourites, reviews, comments) are deleted.
 */
export async function hardDeleteUser({ db, ports }: UserAdminContext, actor: AuthUser, id: number): Promise<{ id: number; deleted: true }> {
  refuseSelf(actor, id, USER_MESSAGES.selfDelete);
  try {
    await db.transaction(async (tx) => {
      // Locked: an order being inserted for this user holds a key-share lock, so it commits first (and is
      // counted below) or waits and then fails on the missing user.
      const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
      if (!row) throw notFound(USER_NOT_FOUND);
      const placed = await ports.countOrders(tx, id);
      if (placed > 0) throw new AppError(409, ERROR_CODES.inUse, USER_MESSAGES.hasOrders(placed));
      await tx.delete(users).where(eq(users.id, id));
      await recordAudit(tx, {
        ...auditActor(actor),
        action: 'USER_HARD_DELETE',
        entityType: 'USER',
        entityId: id,
        summary: `Xoá vĩnh viễn người dùng ${row.username}`,
        details: { username: row.username, email: row.email, role: row.role },
      });
    });
  } catch (err) {
    if (pgErrorOf(err)?.code === FOREIGN_KEY_VIOLATION) throw new AppError(409, ERROR_CODES.inUse, USER_MESSAGES.stillReferenced);
    throw err;
  }
  return { id, deleted: true };
}

/** POST /admin/users: an account an admin makes (staff usually); it can log in at once. */
export async function createUser(db: Db, actor: AuthUser, input: z.output<typeof adminCreateUserSchema>): Promise<AdminUserDto> {
  if (await emailOrUsernameTaken(db, input.email, input.username)) throw conflict(USER_MESSAGES.taken);
  const passwordHash = await hashSecret(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          username: input.username,
          email: input.email.toLowerCase(),
          passwordHash,
          fullName: input.fullName ?? null,
          phone: input.phone,
          role: input.role,
        })
        .returning();
      await recordAudit(tx, {
        ...auditActor(actor),
        action: 'USER_CREATE',
        entityType: 'USER',
        entityId: row!.id,
        summary: `Tạo tài khoản ${row!.username} (${input.role})`,
        details: { username: row!.username, email: row!.email, role: input.role },
      });
      return toAdminUserDto(row!);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(USER_MESSAGES.taken);
    throw err;
  }
}

/**
 * PUT /admin/users/{id}/role. The guard reads the role from the database on every call, so it applies at once;
 * the user's sessions end too, so their browser (which keeps the role it logged in with) starts afresh.
 */
export async function setUserRole({ db, ports }: UserAdminContext, actor: AuthUser, id: number, role: Role): Promise<AdminUserDto> {
  refuseSelf(actor, id, USER_MESSAGES.selfRole);
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ role: users.role }).from(users).where(eq(users.id, id)).for('update');
    if (!before) throw notFound(USER_NOT_FOUND);
    const now = new Date();
    const [row] = await tx.update(users).set({ role, updatedAt: now }).where(eq(users.id, id)).returning();
    if (before.role !== role) {
      await ports.endSessions(tx, id, now);
      await recordAudit(tx, {
        ...auditActor(actor),
        action: 'USER_ROLE',
        entityType: 'USER',
        entityId: id,
        summary: `Đổi vai trò của ${row!.username}: ${before.role} → ${role}`,
        details: { from: before.role, to: role },
      });
    }
    return toAdminUserDto(row!);
  });
}

/** PUT /admin/users/{id}/enable: false disables (sessions end); true enables and undoes a soft delete. */
export async function setUserEnabled({ db, ports }: UserAdminContext, actor: AuthUser, id: number, enabled: boolean): Promise<AdminUserDto> {
  if (!enabled) refuseSelf(actor, id, USER_MESSAGES.selfDisable);
  return db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .update(users)
      .set(enabled ? { enabled: true, deletedAt: null, updatedAt: now } : { enabled: false, updatedAt: now })
      .where(eq(users.id, id))
      .returning();
    if (!row) throw notFound(USER_NOT_FOUND);
    if (!enabled) await ports.endSessions(tx, id, now);
    await recordAudit(tx, {
      ...auditActor(actor),
      action: enabled ? 'USER_ENABLE' : 'USER_DISABLE',
      entityType: 'USER',
      entityId: id,
      summary: `${enabled ? 'Kích hoạt' : 'Vô hiệu hoá'} tài khoản ${row.username}`,
      details: { enabled },
    });
    return toAdminUserDto(row);
  });
}

