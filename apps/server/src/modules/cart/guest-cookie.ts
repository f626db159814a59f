import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GUEST_CART_TTL_DAYS } from './guest-repo.ts';

/**
 * The guest cart's cookie: the cart's id and its HMAC under the server secret (JWT_SECRET, with its own label), so
 * a visitor cannot name another visitor's cart. httpOnly (scripts never read it), SameSite=Lax (sent on the
 * shop's own pages and top-level navigations, so a server-rendered form post works before any JavaScript), Secure
 * when the shop is served over https; path / so both the API and the pages see it.
 */
export const GUEST_CART_COOKIE = 'nhasach_guest_cart';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const mac = (secret: string, id: string) => createHmac('sha256', secret).update(`guest-cart:${id}`).digest('base64url');

export const newGuestCartId = (): string => randomUUID();

/** The cart id the request's cookie names, when its signature is right. */
export function readGuestCartId(request: FastifyRequest): string | undefined {
  const raw = request.cookies[GUEST_CART_COOKIE];
  if (!raw) return undefined;
  const dot = raw.indexOf('.');
  const id = raw.slice(0, dot);
  if (dot < 0 || !UUID.test(id)) return undefined;
  const expected = Buffer.from(mac(request.server.config.JWT_SECRET, id));
  const given = Buffer.from(raw.slice(dot + 1));
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
}

const options = (request: FastifyRequest) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: request.server.config.PUBLIC_URL.startsWith('https:'),
});

export function setGuestCartCookie(request: FastifyRequest, reply: FastifyReply, id: string): void {
  reply.setCookie(GUEST_CART_COOKIE, `${id}.${mac(request.server.config.JWT_SECRET, id)}`, {
    ...options(request),
    maxAge: GUEST_CART_TTL_DAYS * 24 * 60 * 60,
  });
}

export function clearGuestCartCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(GUEST_CART_COOKIE, options(request));
}
