import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { byBodyField, byIp, createLimiter } from '../../lib/rate-limit.ts';
import { findUserByLogin } from '../users/index.ts';

/** The login's bucket, resolved once per request by `resolveLoginAccount`. */
const loginAccountKeys = new WeakMap<FastifyRequest, string>();

/**
 * preHandler of the login: the per-account limit counts the account, whichever name it was given by (username or
 * e-mail, any case), so the two are one bucket; an unknown name counts under its normalised form.
 */
export const resolveLoginAccount =
  (app: FastifyInstance): preHandlerAsyncHookHandler =>
  async (request) => {
    const name = (request.body as { username?: unknown } | undefined)?.username;
    if (typeof name !== 'string' || !name.trim()) return;
    const user = await findUserByLogin(app.db, name);
    loginAccountKeys.set(request, user ? `id:${user.id}` : `name:${name.trim().toLowerCase()}`);
  };

const MINUTE = 60_000;

/**
 * Request limits of the auth calls (max is multiplied by RATE_LIMIT_SCALE). The per-account login
 * limit keeps the count of failed logins only (a right password gives its count back): it stops password
 * guessing without locking out a user who simply logs in on several devices.
 */
export function createAuthLimits(app: FastifyInstance) {
  return {
    loginIp: createLimiter(app, { name: 'login-ip', max: 10, windowMs: MINUTE, key: byIp }),
    loginAccount: createLimiter(app, {
      name: 'login-account',
      max: 5,
      windowMs: 15 * MINUTE,
      key: (request) => loginAccountKeys.get(request),
      message: (s) => `Bạn đã đăng nhập sai quá nhiều lần. Vui lòng thử lại sau ${Math.ceil(s / 60)} phút.`,
    }),
    registerIp: createLimiter(app, { name: 'register-ip', max: 5, windowMs: 10 * MINUTE, key: byIp }),
    verifyEmailIp: createLimiter(app, { name: 'verify-email-ip', max: 10, windowMs: 10 * MINUTE, key: byIp }),
    resendIp: createLimiter(app, { name: 'resend-otp-ip', max: 5, windowMs: 10 * MINUTE, key: byIp }),
    resendEmail: createLimiter(app, { name: 'resend-otp-email', max: 5, windowMs: 10 * MINUTE, key: byBodyField('email') }),
    forgotStartIp: createLimiter(app, { name: 'forgot-start-ip', max: 5, windowMs: 10 * MINUTE, key: byIp }),
    forgotStartEmail: createLimiter(app, { name: 'forgot-start-email', max: 5, windowMs: 10 * MINUTE, key: byBodyField('email') }),
    forgotVerifyIp: createLimiter(app, { name: 'forgot-verify-ip', max: 10, windowMs: 10 * MINUTE, key: byIp }),
  };
}
