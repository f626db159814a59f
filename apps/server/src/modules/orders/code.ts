import { randomBytes } from 'node:crypto';

// Crockford's base32: no I, L, O or U, so a code read over the phone is not misheard.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const VIETNAM_OFFSET_MS = 7 * 60 * 60 * 1000;

/**
 * 'NS' + yymmdd (the day in Vietnam, UTC+7) + 6 random base32 characters, e.g. 'NS250314K7Q2ZD': readable, sortable
 * by day, and not guessable from another order's code (32^6 ≈ 10^9 per day).
 */
export function generateOrderCode(now: Date = new Date()): string {
  const local = new Date(now.getTime() + VIETNAM_OFFSET_MS);
  const day = `${String(local.getUTCFullYear() % 100).padStart(2, '0')}${String(local.getUTCMonth() + 1).padStart(2, '0')}${String(local.getUTCDate()).padStart(2, '0')}`;
  const bytes = randomBytes(6);
  let suffix = '';
  for (const b of bytes) suffix += ALPHABET[b & 31];
  return `NS${day}${suffix}`;
}

export const ORDER_CODE_PATTERN = /^NS\d{6}[0-9A-HJKMNP-TV-Z]{6}$/;
