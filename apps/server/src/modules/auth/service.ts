import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ERROR_CODES,
  OTP_RESEND_COOLDOWN_SECONDS,
  OTP_TTL_SECONDS,
  roleClaim,
  parseRole,
  type changePasswordSchema,
  type forgotVerifySchema,
  type LoginResult,
  type OtpSentResult,
  type RefreshResult,
  type registerSchema,
  type UserDto,
  type verifyEmailSchema,
} from '@nhasach/shared';
import type { OtpPurpose } from '../../db/schema/auth.ts';
import { AppError, conflict, unauthorized } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { hashSecret, verifySecret } from '../../lib/password.ts';
import { enqueueMail, otpMail, type Mailer } from '../mail/index.ts';
import {
  emailOrUsernameTaken,
  findLiveUserById,
  findUserByEmail,
  findUserByLogin,
  insertCustomer,
  toUserDto,
  updatePasswordHash,
  type UserRow,
} from '../users/index.ts';
import { claimAttempt, issueCode, otpExpired, takeCode, undoIssue, wrongCode, type OtpHasher } from './otp.ts';
import { issueRefreshToken, revokeByToken, rotateRefreshToken } from './refresh-tokens.ts';
import { revokeAllForUser } from './repo.ts';

export const MESSAGES = {
  duplicate: 'Email hoặc username đã tồn tại.',
  mailFailed: 'Không gửi được email xác thực. Vui lòng thử lại.',
  invalidCredentials: 'Tên đăng nhập hoặc mật khẩu không đúng.',
  disabled: 'Tài khoản đã bị vô hiệu hoá.',
  sessionExpired: 'Phiên đăng nhập đã hết hạn. Vui lòng đăng nhập lại.',
  wrongOldPassword: 'Mật khẩu hiện tại không đúng.',
  samePassword: 'Mật khẩu mới phải khác mật khẩu hiện tại.',
} as const;

/** What the services need from the app; routes pass `app` itself. */
export interface AuthContext {
  db: FastifyInstance['db'];
  mailer: Mailer;
  /** How long a code mail is held for the request's own first attempt (MAIL_LEASE_SECONDS). */
  mailHoldMs: number;
  tokens: FastifyInstance['tokens'];
  otp: OtpHasher;
  /** Lifetime of the access tokens the signer makes (ACCESS_TOKEN_TTL_SECONDS), reported as expiresIn. */
  accessTokenTtlSeconds: number;
}

/** The pending registration kept in otp_codes.payload until the e-mail is verified. */
const pendingRegistration = z.object({
  username: z.string(),
  passwordHash: z.string(),
  fullName: z.string().nullable(),
  phone: z.string().nullable(),
});
type PendingRegistration = z.infer<typeof pendingRegistration>;

const otpSent = (email: string): OtpSentResult => ({
  email,
  expiresInSeconds: OTP_TTL_SECONDS,
  resendAfterSeconds: OTP_RESEND_COOLDOWN_SECONDS,
});

const isActive = (u: UserRow | undefined): u is UserRow => !!u && u.enabled && !u.deletedAt;

/**
 * Issues a code and mails it. The code and its mail are written in one transaction (the outbox); the request then
 * makes the first delivery attempt itself and waits for it, so the shopper has the code in seconds and hears at
 * once when the mail server is down: the code is then undone, the mail marked FAILED and the answer is 503.
 * Should this process die between the commit and the attempt, a worker of any instance delivers the mail once
 * its hold ends (MAIL_LEASE_SECONDS).
 */
async function sendCodeOrFail(
  ctx: AuthContext,
  email: string,
  purpose: OtpPurpose,
  opts: { payload?: PendingRegistration; requireExisting?: boolean },
): Promise<void> {
  const { issued, mailId } = await ctx.db.transaction(async (tx) => {
    // The address's hourly ceiling: a 429 before anything is written, so the live code stays the previous one.
    await ctx.mailer.reserveDestination(tx, email);
    const issued = await issueCode(tx, ctx.otp, { email, purpose, payload: opts.payload, requireExisting: opts.requireExisting });
    const mailId = await enqueueMail(tx, { to: email, ...otpMail(purpose, issued.code), sensitive: true }, { holdForCallerMs: ctx.mailHoldMs });
    return { issued, mailId };
  });
  try {
    await ctx.mailer.deliverNow(mailId);
  } catch {
    // The failure itself is recorded in mail_outbox and logged by the mailer.
    await undoIssue(ctx.db, email, purpose, issued);
    throw new AppError(503, ERROR_CODES.mailFailed, MESSAGES.mailFailed);
  }
}

// ---------- registration ----------

export async function register(ctx: AuthContext, input: z.output<typeof registerSchema>): Promise<OtpSentResult> {
  if (await emailOrUsernameTaken(ctx.db, input.email, input.username)) throw conflict(MESSAGES.duplicate);
  const payload: PendingRegistration = {
    username: input.username,
    passwordHash: await hashSecret(input.password),
    fullName: input.fullName ?? null,
    phone: input.phone ?? null,
  };
  await sendCodeOrFail(ctx, input.email, 'REGISTER', { payload });
  return otpSent(input.email);
}

export async function resendRegisterOtp(ctx: AuthContext, email: string): Promise<OtpSentResult> {
  await sendCodeOrFail(ctx, email, 'REGISTER', { requireExisting: true });
  return otpSent(email);
}

/**
 * Creates the account from the data stored at registration (the fields sent again with the code are
 * validated but not trusted), in the same transaction that consumes the code.
 */
export async function verifyEmail(ctx: AuthContext, input: z.output<typeof verifyEmailSchema>): Promise<UserDto> {
  const now = new Date();
  const attempts = await claimAttempt(ctx.db, input.email, 'REGISTER', now);
  const created = await ctx.db.transaction(async (tx) => {
    const taken = await takeCode(tx, ctx.otp, input.email, 'REGISTER', input.otp, now);
    if (!taken) return undefined;
    const pending = pendingRegistration.safeParse(taken.payload);
    if (!pending.success) throw otpExpired();
    if (await emailOrUsernameTaken(tx, input.email, pending.data.username)) throw conflict(MESSAGES.duplicate);
    try {
      return await insertCustomer(tx, { email: input.email, ...pending.data });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(MESSAGES.duplicate);
      throw err;
    }
  });
  if (!created) throw wrongCode(attempts);
  return toUserDto(created);
}

// ---------- login and sessions ----------

/**
 * A real hash to verify against when the user does not exist, so both answers take as long. Made once per process
 * on first use: any hash of a random secret serves, so two apps in one process lose nothing by sharing it.
 */
let dummyHash: Promise<string> | undefined;
const timingDummy = () => (dummyHash ??= hashSecret(randomBytes(18).toString('base64url')));

/** An access token of the login `familyId` (its refresh-token family): it dies with that login (lib/guards.ts). */
async function accessTokenFor(ctx: AuthContext, user: Pick<UserRow, 'id' | 'username' | 'email' | 'role'>, familyId: string): Promise<string> {
  const role = parseRole(user.role) ?? 'USER';
  return ctx.tokens.sign({ sub: String(user.id), userId: user.id, username: user.username, email: user.email, roles: [roleClaim(role)], sid: familyId });
}

export interface Session<T> {
  result: T;
  refreshToken: string;
}

export async function login(
  ctx: AuthContext,
  input: { username: string; password: string },
  userAgent?: string,
): Promise<Session<LoginResult>> {
  const user = await findUserByLogin(ctx.db, input.username);
  const ok = await verifySecret(input.password, user?.passwordHash ?? (await timingDummy()));
  if (!user || !ok) throw new AppError(401, ERROR_CODES.invalidCredentials, MESSAGES.invalidCredentials);
  // Said only after the password was right, so the answer never tells whether a disabled account exists.
  if (!isActive(user)) throw new AppError(403, ERROR_CODES.accountDisabled, MESSAGES.disabled);
  const familyId = randomUUID();
  const refreshToken = await issueRefreshToken(ctx.db, user.id, { familyId, userAgent });
  const accessToken = await accessTokenFor(ctx, user, familyId);
  return {
    result: { accessToken, tokenType: 'Bearer', expiresIn: ctx.accessTokenTtlSeconds, user: toUserDto(user) },
    refreshToken,
  };
}

export const sessionExpired = () => unauthorized(MESSAGES.sessionExpired);

export async function refresh(ctx: AuthContext, token: string | undefined, userAgent?: string): Promise<Session<RefreshResult>> {
  if (!token) throw sessionExpired();
  const outcome = await rotateRefreshToken(ctx.db, token, userAgent);
  if (outcome.kind !== 'rotated') throw sessionExpired();
  const user = await findLiveUserById(ctx.db, outcome.userId);
  if (!isActive(user)) {
    await revokeByToken(ctx.db, outcome.token);
    throw sessionExpired();
  }
  const accessToken = await accessTokenFor(ctx, user, outcome.familyId);
  return { result: { accessToken, tokenType: 'Bearer', expiresIn: ctx.accessTokenTtlSeconds }, refreshToken: outcome.token };
}

export async function logout(ctx: AuthContext, token: string | undefined): Promise<void> {
  if (token) await revokeByToken(ctx.db, token);
}

// ---------- passwords ----------

/**
 * Same answer whether or not the e-mail has an account: a code row is kept (and limited) for any
 * address, but a mail goes out only to an active account, through the outbox so timing tells nothing.
 */
export async function forgotPasswordStart(ctx: AuthContext, email: string): Promise<OtpSentResult> {
  const user = await findUserByEmail(ctx.db, email);
  await ctx.db.transaction(async (tx) => {
    const issued = await issueCode(tx, ctx.otp, { email, purpose: 'RESET_PASSWORD', payload: null });
    // Delivered by the outbox worker (woken at commit), never waited for: the answer must not depend on the account.
    if (isActive(user)) await enqueueMail(tx, { to: email, ...otpMail('RESET_PASSWORD', issued.code), sensitive: true });
  });
  return otpSent(email);
}

export async function forgotPasswordVerify(ctx: AuthContext, input: z.output<typeof forgotVerifySchema>): Promise<void> {
  const now = new Date();
  // Hashed before the transaction so the row lock is not held during scrypt.
  const passwordHash = await hashSecret(input.newPassword);
  const attempts = await claimAttempt(ctx.db, input.email, 'RESET_PASSWORD', now);
  const done = await ctx.db.transaction(async (tx) => {
    if (!(await takeCode(tx, ctx.otp, input.email, 'RESET_PASSWORD', input.otp, now))) return false;
    const user = await findUserByEmail(tx, input.email);
    if (!isActive(user)) throw otpExpired();
    await updatePasswordHash(tx, user.id, passwordHash);
    await revokeAllForUser(tx, user.id, now);
    return true;
  });
  if (!done) throw wrongCode(attempts);
}

export async function changePassword(ctx: AuthContext, userId: number, input: z.output<typeof changePasswordSchema>): Promise<void> {
  const user = await findLiveUserById(ctx.db, userId);
  if (!isActive(user)) throw unauthorized();
  if (!(await verifySecret(input.oldPassword, user.passwordHash))) {
    throw new AppError(400, ERROR_CODES.wrongPassword, MESSAGES.wrongOldPassword, [{ field: 'oldPassword', message: MESSAGES.wrongOldPassword }]);
  }
  if (input.newPassword === input.oldPassword) {
    throw new AppError(400, ERROR_CODES.validation, MESSAGES.samePassword, [{ field: 'newPassword', message: MESSAGES.samePassword }]);
  }
  const passwordHash = await hashSecret(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    await updatePasswordHash(tx, user.id, passwordHash);
    await revokeAllForUser(tx, user.id, new Date());
  });
}
