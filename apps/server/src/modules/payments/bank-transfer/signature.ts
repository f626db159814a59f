import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 of the raw request body, hex: what the notification service puts in X-Bank-Signature. */
export function signBody(rawBody: string | Buffer, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

/**
 * True when `header` ('<hex>' or 'sha256=<hex>') is the body's signature with `secret`. Compared in constant time;
 * no secret (transfers off) verifies nothing.
 */
export function verifyBodySignature(rawBody: string | Buffer, header: string | undefined, secret: string): boolean {
  if (!secret || !header) return false;
  const given = header.trim().replace(/^sha256=/i, '').toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(given)) return false;
  const expected = Buffer.from(signBody(rawBody, secret), 'hex');
  return timingSafeEqual(Buffer.from(given, 'hex'), expected);
}
