import { and, eq, gt, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { otpCodes, refreshTokens, type OtpPurpose } from '../../db/schema/auth.ts';

type Conn = Db | Tx;
export type OtpRow = typeof otpCodes.$inferSelect;
export type RefreshRow = typeof refreshTokens.$inferSelect;

const otpKey = (email: string, purpose: OtpPurpose) => and(eq(otpCodes.email, email), eq(otpCodes.purpose, purpose));

// ---- one-time codes ----

/** The code row of (email, purpose), locked for the rest of the transaction. */
export async function lockOtp(tx: Tx, email: string, purpose: OtpPurpose): Promise<OtpRow | undefined> {
  const [row] = await tx.select().from(otpCodes).where(otpKey(email, purpose)).for('update').limit(1);
  return row;
}

export async function findOtp(db: Conn, email: string, purpose: OtpPurpose): Promise<OtpRow | undefined> {
  const [row] = await db.select().from(otpCodes).where(otpKey(email, purpose)).limit(1);
  return row;
}

export type OtpValues = Omit<typeof otpCodes.$inferInsert, 'id' | 'createdAt'>;

/** Inserts the first code of (email, purpose); undefined when a concurrent request inserted it first. */
export async function insertOtp(tx: Tx, values: OtpValues): Promise<OtpRow | undefined> {
  const [row] = await tx.insert(otpCodes).values(values).onConflictDoNothing().returning();
  return row;
}

export async function replaceOtp(tx: Tx, id: number, values: Partial<OtpValues>): Promise<void> {
  await tx.update(otpCodes).set(values).where(eq(otpCodes.id, id));
}

/** Puts back the row as it was before a code whose mail failed; only if that code is still the live one. */
export async function restoreOtp(db: Conn, previous: OtpRow, failedHash: string): Promise<void> {
  const { id: _id, createdAt: _createdAt, ...values } = previous;
  await db
    .update(otpCodes)
    .set(values)
    .where(and(eq(otpCodes.id, previous.id), eq(otpCodes.codeHash, failedHash)));
}

export async function deleteOtpIfHash(db: Conn, email: string, purpose: OtpPurpose, codeHash: string): Promise<void> {
  await db.delete(otpCodes).where(and(otpKey(email, purpose), eq(otpCodes.codeHash, codeHash)));
}

/**
 * Consumes the code when it matches and is unexpired: one DELETE, so two requests can never both use it. The
 * caller has counted this attempt already (countAttempt), so up to maxAttempts counted attempts may still take it.
 * Returns the row's payload holder, or undefined when nothing matched.
 */
export async function takeOtp(
  tx: Tx,
  email: string,
  purpose: OtpPurpose,
  codeHash: string,
  now: Date,
  maxAttempts: number,
): Promise<{ payload: OtpRow['payload'] } | undefined> {
  const [row] = await tx
    .delete(otpCodes)
    .where(
      and(otpKey(email, purpose), eq(otpCodes.codeHash, codeHash), gt(otpCodes.expiresAt, now), lte(otpCodes.attempts, maxAttempts)),
    )
    .returning({ payload: otpCodes.payload });
  return row;
}

/** Counts one attempt atomically; undefined when the code is missing, expired or its attempts are used up. */
export async function countAttempt(
  db: Conn,
  email: string,
  purpose: OtpPurpose,
  now: Date,
  maxAttempts: number,
): Promise<number | undefined> {
  const [row] = await db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(and(otpKey(email, purpose), gt(otpCodes.expiresAt, now), lt(otpCodes.attempts, maxAttempts)))
    .returning({ attempts: otpCodes.attempts });
  return row?.attempts;
}

/** Forgets codes that expired a day ago (pending registrations nobody finished, resets never used). */
export async function purgeStaleOtps(db: Conn, now: Date): Promise<void> {
  await db.delete(otpCodes).where(lt(otpCodes.expiresAt, new Date(now.getTime() - 24 * 3600 * 1000)));
}

// ---- refresh tokens ----

export async function insertRefreshToken(
  db: Conn,
  values: { userId: number; familyId: string; tokenHash: string; expiresAt: Date; userAgent?: string | null },
): Promise<void> {
  await db.insert(refreshTokens).values(values);
}

/**
 * Marks a live token as used and returns it; undefined when the token is unknown, expired, revoked or
 * already rotated. The condition is part of the UPDATE, so two concurrent refreshes cannot both win.
 */
export async function markRotated(tx: Tx, tokenHash: string, now: Date): Promise<RefreshRow | undefined> {
  const [row] = await tx
    .update(refreshTokens)
    .set({ rotatedAt: now })
    .where(
      and(
        eq(refreshTokens.tokenHash, tokenHash),
        isNull(refreshTokens.rotatedAt),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

export async function findRefreshToken(db: Conn, tokenHash: string): Promise<RefreshRow | undefined> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
  return row;
}

/** Whether a token of the family was exchanged after `since` (the family moved on past that rotation). */
export async function familyRotatedSince(db: Conn, familyId: string, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, familyId), gt(refreshTokens.rotatedAt, since)))
    .limit(1);
  return !!row;
}

export async function revokeFamily(db: Conn, familyId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeAllForUser(db: Conn, userId: number, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}
