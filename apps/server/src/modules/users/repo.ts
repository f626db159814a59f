import { and, asc, eq, inArray, isNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { outerRef } from '../../lib/db-values.ts';
import { users } from '../../db/schema/users.ts';
import type { UserRow } from './dto.ts';

type Conn = Db | Tx;

export async function findUserById(db: Conn, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Live (not soft-deleted) user by id. */
export async function findLiveUserById(db: Conn, id: number): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

/** The user whose username or e-mail equals `login`, ignoring case (usernames cannot contain '@'). */
export async function findUserByLogin(db: Conn, login: string): Promise<UserRow | undefined> {
  const value = login.trim().toLowerCase();
  const [row] = await db
    .select()
    .from(users)
    .where(or(sql`lower(${users.username}) = ${value}`, sql`lower(${users.email}) = ${value}`))
    .limit(1);
  return row;
}

export async function findUserByEmail(db: Conn, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row;
}

/** True when any account (deleted ones included: the unique indexes cover them) holds the e-mail or username. */
export async function emailOrUsernameTaken(db: Conn, email: string, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(or(sql`lower(${users.email}) = ${email.toLowerCase()}`, sql`lower(${users.username}) = ${username.toLowerCase()}`))
    .limit(1);
  return row !== undefined;
}

export interface NewUser {
  username: string;
  email: string;
  passwordHash: string;
  fullName?: string | null;
  phone?: string | null;
}

export async function insertCustomer(db: Conn, user: NewUser): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...user, email: user.email.toLowerCase(), role: 'USER' })
    .returning();
  return row!;
}

export async function updatePasswordHash(db: Conn, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
}

export interface ProfileChanges {
  fullName?: string;
  phone?: string | null;
  gender?: 'MALE' | 'FEMALE' | 'OTHER';
  birthDate?: string;
}

export async function updateProfile(db: Conn, userId: number, changes: ProfileChanges): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .returning();
  return row;
}

/** The e-mail addresses of the active admins (the contact form mails them). */
export async function activeAdminEmails(db: Conn): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, 'ADMIN'), eq(users.enabled, true), isNull(users.deletedAt)));
  return rows.map((r) => r.email);
}

/**
 * Serialises writes of one user's own data (e.g. the address book's single default and count limit) by locking
 * the account row. NO KEY UPDATE: inserts elsewhere that only reference the user are not blocked.
 */
export async function lockUserRow(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`select id from users where id = ${userId} for no key update`);
}

/** The name shown for the user `userId` (a column or a value of the caller's query): full name, else the username. */
export const displayNameSql = (userId: AnyColumn | number): SQL<string> =>
  sql<string>`(select coalesce(nullif(btrim(u.full_name), ''), u.username) from users u where u.id = ${outerRef(userId)})`;

/** A contact field of the user `userId` (a column or a value of the caller's query). */
export const userFieldSql = (userId: AnyColumn | number, field: 'email' | 'phone'): SQL<string | null> =>
  sql<string | null>`(select u.${sql.raw(field)} from users u where u.id = ${outerRef(userId)})`;

/**
 * Whether the user `userId` matches a staff search: e-mail or username containing `like` (a lower-case LIKE
 * pattern), full name containing `q` (accents and case ignored), or phone digits matching `phoneDigits`.
 */
export const userMatchesSql = (userId: AnyColumn, m: { q: string; like: string; phoneDigits?: string }): SQL =>
  sql`exists (select 1 from users u where u.id = ${outerRef(userId)} and (
    lower(coalesce(u.email, '')) like ${m.like}
    or lower(coalesce(u.username, '')) like ${m.like}
    or (f_search_norm(${m.q}) <> '' and f_search_norm(coalesce(u.full_name, '')) like '%' || f_search_norm(${m.q}) || '%')
    ${m.phoneDigits ? sql`or regexp_replace(coalesce(u.phone, ''), '[^0-9]', '', 'g') like ${m.phoneDigits}` : sql``}))`;

/** An enabled, not deleted SALE or ADMIN account. */
export async function findStaff(db: Db | Tx, id: number) {
  const [row] = await db
    .select({ id: users.id, username: users.username, fullName: users.fullName, role: users.role, name: displayNameSql(users.id) })
    .from(users)
    .where(and(eq(users.id, id), eq(users.enabled, true), isNull(users.deletedAt), inArray(users.role, ['SALE', 'ADMIN'])))
    .limit(1);
  return row;
}

/** Enabled SALE and ADMIN accounts (the assignees an order may have). */
export function listStaff(db: Db) {
  return db
    .select({ id: users.id, username: users.username, fullName: users.fullName, role: users.role })
    .from(users)
    .where(and(eq(users.enabled, true), isNull(users.deletedAt), inArray(users.role, ['SALE', 'ADMIN'])))
    .orderBy(asc(users.role), asc(users.username));
}
