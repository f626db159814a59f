import type { CartMergeDto } from './cart.ts';
import type { UserDto } from './users.ts';

/**
 * Header the web client sets to 1 on the one retry of a call after a token refresh (spec section 4, token
 * refresh). Servers must allow it in CORS preflights so another origin's retry is not refused.
 */
export const REFRESH_RETRIED_HEADER = 'X-Retried';

/** Response data of the auth calls (spec section 7, Auth). */
export interface LoginResult {
  accessToken: string;
  tokenType: 'Bearer';
  /** Lifetime of the access token in seconds. */
  expiresIn: number;
  user: UserDto;
  /** The browser's guest cart joined the account's cart at this login (cart module); absent when there was none. */
  cartMerge?: CartMergeDto;
}

export interface RefreshResult {
  accessToken: string;
  tokenType: 'Bearer';
  expiresIn: number;
}

/** Answer of register, resend-otp and forgot-password/start. */
export interface OtpSentResult {
  email: string;
  /** Seconds until the code expires (600). */
  expiresInSeconds: number;
  /** Seconds until another code may be requested (60). */
  resendAfterSeconds: number;
}

/** `data` of a 400 OTP_INVALID / OTP_LOCKED / OTP_EXPIRED error. */
export interface OtpErrorData {
  attempts: number;
  maxAttempts: number;
  attemptsLeft: number;
}

/** `data` of a 429 error (rate limit or OTP cooldown). */
export interface RetryAfterData {
  retryAfterSeconds: number;
}
