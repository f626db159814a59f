import type { FastifyInstance } from 'fastify';
import { byBodyField, byIp, createLimiter } from '../../lib/rate-limit.ts';

const MINUTE = 60_000;

/**
 * Request limits of the auth calls (max is multiplied by RATE_LIMIT_SCALE). The per-account login
 * limit counts failed logins only: it stops password guessing without locking out a user who simply
 * logs in on several devices.
 */
export function createAuthLimits(app: FastifyInstance) {
  return {
    loginIp: createLimiter(app, { name: 'login-ip', max: 10, windowMs: MINUTE, key: byIp }),
    loginAccount: createLimiter(app, {
      name: 'login-account',
      max: 5,
      windowMs: 15 * MINUTE,
      key: byBodyField('username'),
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
