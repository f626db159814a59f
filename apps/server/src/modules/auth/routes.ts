import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ERROR_CODES,
  changePasswordSchema,
  emailOnlySchema,
  forgotVerifySchema,
  loginSchema,
  registerSchema,
  verifyEmailSchema,
  type CartMergeDto,
} from '@nhasach/shared';
import { AppError } from '../../lib/errors.ts';
import { envelope } from '../../lib/envelope.ts';
import { authenticate, currentUser } from '../../lib/guards.ts';
import { createAuthLimits, resolveLoginAccount } from './limits.ts';
import { OtpHasher } from './otp.ts';
import { REFRESH_COOKIE, clearRefreshCookie, refreshCookiePolicy, setPageSessionCookie, setRefreshCookie } from './refresh-tokens.ts';
import {
  changePassword,
  forgotPasswordStart,
  forgotPasswordVerify,
  login,
  logout,
  refresh,
  register,
  resendRegisterOtp,
  verifyEmail,
  type AuthContext,
} from './service.ts';
import type { Mailer } from '../mail/index.ts';

/** What the auth routes get from the composition root. */
export interface AuthOptions {
  mailer: Mailer;
  /**
   * The cart module's step at login and at the end of a registration: moves the visitor's guest cart (named by its
   * cookie) into the account's cart; null when there was none.
   */
  mergeGuestCart?: (request: FastifyRequest, reply: FastifyReply, userId: number) => Promise<CartMergeDto | null>;
}

const authContext = (app: FastifyInstance, { mailer }: AuthOptions): AuthContext => ({
  db: app.db,
  mailer,
  mailHoldMs: app.config.MAIL_LEASE_SECONDS * 1000,
  tokens: app.tokens,
  otp: new OtpHasher(app.config.JWT_SECRET),
  accessTokenTtlSeconds: app.config.ACCESS_TOKEN_TTL_SECONDS,
});

const userAgent = (request: FastifyRequest) => request.headers['user-agent'];
const tags = ['auth'];

/** The auth calls of spec section 7, under /api/v1/auth. */
export async function authRoutes(app: FastifyInstance, opts: AuthOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = authContext(app, opts);
  const limits = createAuthLimits(app);
  const cookiePolicy = refreshCookiePolicy(app.config);

  r.post(
    '/auth/register',
    { preHandler: [limits.registerIp.hit], schema: { tags, summary: 'Start a registration: mails a 6-digit code', body: registerSchema } },
    async (request, reply) => {
      const result = await register(ctx, request.body);
      reply.status(201);
      return envelope(201, result, 'Mã OTP đã được gửi tới email của bạn.');
    },
  );

  r.post(
    '/auth/verify-email',
    { preHandler: [limits.verifyEmailIp.hit], schema: { tags, summary: 'Finish a registration with the code', body: verifyEmailSchema } },
    async (request, reply) => {
      const user = await verifyEmail(ctx, request.body);
      const cartMerge = await opts.mergeGuestCart?.(request, reply, user.id);
      reply.status(201);
      return envelope(201, cartMerge ? { ...user, cartMerge } : user, 'Xác thực email thành công. Bạn có thể đăng nhập.');
    },
  );

  r.post(
    '/auth/resend-otp',
    {
      preHandler: [limits.resendIp.hit, limits.resendEmail.hit],
      schema: { tags, summary: 'Mail a new registration code', body: emailOnlySchema },
    },
    async (request) => envelope(200, await resendRegisterOtp(ctx, request.body.email), 'Đã gửi lại mã OTP.'),
  );

  r.post(
    '/auth/login',
    {
      // The account's attempt is counted before the password is checked (and refused past the limit), so guesses
      // sent together cannot all be checked; only a wrong password keeps its count.
      preHandler: [limits.loginIp.hit, resolveLoginAccount(app), limits.loginAccount.hit],
      schema: { tags, summary: 'Log in with username or e-mail; sets the refresh cookie', body: loginSchema },
    },
    async (request, reply) => {
      try {
        const session = await login(ctx, request.body, userAgent(request));
        await limits.loginAccount.refund(request);
        setRefreshCookie(reply, session.refreshToken, cookiePolicy);
        setPageSessionCookie(reply, session.result.accessToken, session.result.expiresIn, cookiePolicy);
        const cartMerge = await opts.mergeGuestCart?.(request, reply, session.result.user.id);
        return envelope(200, cartMerge ? { ...session.result, cartMerge } : session.result, 'Đăng nhập thành công');
      } catch (err) {
        if (!(err instanceof AppError && err.code === ERROR_CODES.invalidCredentials)) await limits.loginAccount.refund(request);
        throw err;
      }
    },
  );

  r.post(
    '/auth/refresh',
    { schema: { tags, summary: 'New access token from the refresh cookie (rotates the cookie)' } },
    async (request, reply) => {
      try {
        const session = await refresh(ctx, request.cookies[REFRESH_COOKIE], userAgent(request));
        setRefreshCookie(reply, session.refreshToken, cookiePolicy);
        setPageSessionCookie(reply, session.result.accessToken, session.result.expiresIn, cookiePolicy);
        return session.result;
      } catch (err) {
        clearRefreshCookie(reply, cookiePolicy);
        throw err;
      }
    },
  );

  r.post('/auth/logout', { schema: { tags, summary: 'End this login (revokes its refresh tokens)' } }, async (request, reply) => {
    await logout(ctx, request.cookies[REFRESH_COOKIE]);
    clearRefreshCookie(reply, cookiePolicy);
    return envelope(200, null, 'Đăng xuất thành công');
  });

  r.post(
    '/auth/forgot-password/start',
    {
      preHandler: [limits.forgotStartIp.hit, limits.forgotStartEmail.hit],
      schema: { tags, summary: 'Mail a password-reset code (same answer for unknown e-mails)', body: emailOnlySchema },
    },
    async (request) => envelope(200, await forgotPasswordStart(ctx, request.body.email), 'Nếu email tồn tại, mã OTP đã được gửi.'),
  );

  r.post(
    '/auth/forgot-password/verify',
    {
      preHandler: [limits.forgotVerifyIp.hit],
      schema: { tags, summary: 'Set a new password with the reset code', body: forgotVerifySchema },
    },
    async (request) => {
      await forgotPasswordVerify(ctx, request.body);
      return envelope(200, null, 'Đặt lại mật khẩu thành công. Vui lòng đăng nhập lại.');
    },
  );
}

/**
 * PUT /users/change-password. Registered twice: under /api/v1 and at the root, because the spec saw
 * both paths; `config.envelope` makes the root one answer in the envelope too.
 */
export async function changePasswordRoutes(app: FastifyInstance, opts: AuthOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = authContext(app, opts);
  const cookiePolicy = refreshCookiePolicy(app.config);
  r.put(
    '/users/change-password',
    {
      preHandler: authenticate,
      config: { envelope: true },
      schema: { tags, summary: 'Change my password (ends every session)', security: [{ bearerAuth: [] }], body: changePasswordSchema },
    },
    async (request, reply) => {
      await changePassword(ctx, currentUser(request).id, request.body);
      clearRefreshCookie(reply, cookiePolicy);
      return envelope(200, null, 'Đổi mật khẩu thành công');
    },
  );
}
