import { createHmac, randomInt } from 'node:crypto';
import {
  ERROR_CODES,
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_MAX_RESENDS_PER_HOUR,
  OTP_RESEND_COOLDOWN_SECONDS,
  OTP_TTL_SECONDS,
  type OtpErrorData,
} from '@nhasach/shared';
import type { Db, Tx } from '../../db/client.ts';
import type { OtpPurpose } from '../../db/schema/auth.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import {
  countAttempt,
  deleteOtpIfHash,
  findOtp,
  insertOtp,
  lockOtp,
  purgeStaleOtps,
  replaceOtp,
  restoreOtp,
  takeOtp,
  type OtpRow,
} from './repo.ts';

const HOUR_MS = 3600 * 1000;
export const OTP_WRONG_MESSAGE = 'Mã OTP không đúng hoặc đã hết hạn.';
export const OTP_LOCKED_MESSAGE = 'Bạn đã nhập sai quá 5 lần. Hãy bấm Gửi lại OTP.';

/**
 * Codes are stored as HMAC-SHA256 under a key derived from the server secret, not with scrypt:
 * a 6-digit code has only a million values, so a slow hash would not stop an offline search
 * anyway, while a keyed hash makes the stored value useless without the secret. It is also
 * deterministic, which lets one DELETE ... WHERE code_hash = $1 consume the code atomically.
 * The purpose and e-mail are part of the input, so a hash means nothing for another row.
 */
export class OtpHasher {
  private readonly key: Buffer;
  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('nhasach:otp-key:v1').digest();
  }
  hash(purpose: OtpPurpose, email: string, code: string): string {
    return createHmac('sha256', this.key).update(`${purpose}:${email}:${code}`).digest('hex');
  }
}

/** Six uniformly random digits from the CSPRNG. */
export const generateCode = () => String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');

const otpData = (attempts: number): OtpErrorData => ({
  attempts,
  maxAttempts: OTP_MAX_ATTEMPTS,
  attemptsLeft: Math.max(0, OTP_MAX_ATTEMPTS - attempts),
});

export const otpExpired = (attempts = 0) =>
  new AppError(400, ERROR_CODES.otpExpired, OTP_WRONG_MESSAGE, undefined, { ...otpData(attempts) });

function ensureMaySend(row: OtpRow, now: Date): void {
  const sinceLast = (now.getTime() - row.lastSentAt.getTime()) / 1000;
  if (sinceLast < OTP_RESEND_COOLDOWN_SECONDS) {
    const wait = Math.max(1, Math.ceil(OTP_RESEND_COOLDOWN_SECONDS - sinceLast));
    throw new AppError(429, ERROR_CODES.otpCooldown, `Vui lòng đợi ${wait} giây trước khi gửi lại mã.`, undefined, {
      retryAfterSeconds: wait,
    });
  }
  const windowEnd = row.sendWindowStart.getTime() + HOUR_MS;
  if (now.getTime() < windowEnd && row.sendsInWindow >= OTP_MAX_RESENDS_PER_HOUR) {
    const wait = Math.ceil((windowEnd - now.getTime()) / 1000);
    throw new AppError(
      429,
      ERROR_CODES.tooManyRequests,
      `Bạn đã yêu cầu gửi mã quá ${OTP_MAX_RESENDS_PER_HOUR} lần trong 1 giờ. Vui lòng thử lại sau ${Math.ceil(wait / 60)} phút.`,
      undefined,
      { retryAfterSeconds: wait },
    );
  }
}

export interface IssuedCode {
  code: string;
  codeHash: string;
  /** The row before this code replaced it (undefined when the row is new), to undo a failed mail. */
  previous?: OtpRow;
}

export interface IssueOptions {
  email: string;
  purpose: OtpPurpose;
  /** New pending data; undefined keeps what the row holds (resend). */
  payload?: Record<string, unknown> | null;
  /** Resend: the row must already exist (404 otherwise). */
  requireExisting?: boolean;
  now?: Date;
}

/**
 * Creates or replaces the live code of (email, purpose) with a fresh one and zero attempts, applying
 * the 60 s cooldown and the 5-per-hour limit under a row lock so concurrent requests cannot skip them.
 */
export async function issueCode(db: Db, hasher: OtpHasher, opts: IssueOptions): Promise<IssuedCode> {
  const now = opts.now ?? new Date();
  const code = generateCode();
  const codeHash = hasher.hash(opts.purpose, opts.email, code);
  const expiresAt = new Date(now.getTime() + OTP_TTL_SECONDS * 1000);
  await purgeStaleOtps(db, now);
  return db.transaction(async (tx) => {
    const existing = await lockOtp(tx, opts.email, opts.purpose);
    if (!existing) {
      if (opts.requireExisting) throw notFound('Không tìm thấy yêu cầu đăng ký cho email này.');
      const inserted = await insertOtp(tx, {
        email: opts.email,
        purpose: opts.purpose,
        codeHash,
        expiresAt,
        attempts: 0,
        lastSentAt: now,
        sendWindowStart: now,
        sendsInWindow: 1,
        payload: opts.payload ?? null,
      });
      // Lost an insert race with an identical request a moment ago: that one is the cooldown.
      if (!inserted) throw new AppError(429, ERROR_CODES.otpCooldown, `Vui lòng đợi ${OTP_RESEND_COOLDOWN_SECONDS} giây trước khi gửi lại mã.`, undefined, {
        retryAfterSeconds: OTP_RESEND_COOLDOWN_SECONDS,
      });
      return { code, codeHash };
    }
    ensureMaySend(existing, now);
    const windowOpen = now.getTime() < existing.sendWindowStart.getTime() + HOUR_MS;
    await replaceOtp(tx, existing.id, {
      codeHash,
      expiresAt,
      attempts: 0,
      lastSentAt: now,
      sendWindowStart: windowOpen ? existing.sendWindowStart : now,
      sendsInWindow: windowOpen ? existing.sendsInWindow + 1 : 1,
      ...(opts.payload !== undefined ? { payload: opts.payload } : {}),
    });
    return { code, codeHash, previous: existing };
  });
}

/** Undoes `issueCode` after its mail could not be sent: the row is back as before, or gone if it was new. */
export async function undoIssue(db: Db, email: string, purpose: OtpPurpose, issued: IssuedCode): Promise<void> {
  if (issued.previous) await restoreOtp(db, issued.previous, issued.codeHash);
  else await deleteOtpIfHash(db, email, purpose, issued.codeHash);
}

/**
 * Counts one attempt at the live code of (email, purpose) BEFORE the code is compared, in one UPDATE, so codes sent
 * together each use up an attempt and the sixth is refused whatever the timing. Returns the attempts counted so far;
 * throws OTP_LOCKED once they are used up and OTP_EXPIRED when there is no live code. Runs outside the caller's
 * transaction so the count is never rolled back.
 */
export async function claimAttempt(db: Db, email: string, purpose: OtpPurpose, now: Date): Promise<number> {
  const attempts = await countAttempt(db, email, purpose, now, OTP_MAX_ATTEMPTS);
  if (attempts !== undefined) return attempts;
  const row = await findOtp(db, email, purpose);
  if (row && row.attempts >= OTP_MAX_ATTEMPTS) {
    throw new AppError(400, ERROR_CODES.otpLocked, OTP_LOCKED_MESSAGE, undefined, { ...otpData(row.attempts) });
  }
  throw otpExpired(row?.attempts ?? 0);
}

/** Deletes the code when `code` is right (inside the caller's transaction, after `claimAttempt`); undefined when it is not. */
export async function takeCode(
  tx: Tx,
  hasher: OtpHasher,
  email: string,
  purpose: OtpPurpose,
  code: string,
  now: Date,
): Promise<{ payload: Record<string, unknown> | null } | undefined> {
  return takeOtp(tx, email, purpose, hasher.hash(purpose, email, code), now, OTP_MAX_ATTEMPTS);
}

/** The answer to a wrong code: OTP_INVALID with the attempts left (the 5th wrong attempt leaves 0 and locks the code). */
export const wrongCode = (attempts: number) =>
  new AppError(400, ERROR_CODES.otpInvalid, OTP_WRONG_MESSAGE, undefined, { ...otpData(attempts) });
