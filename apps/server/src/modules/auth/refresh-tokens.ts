import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { ownPageCookiePaths, REFRESH_TOKEN_TTL_DAYS } from '@nhasach/shared';
import type { Db, Tx } from '../../db/client.ts';
import { familyRotatedSince, findRefreshToken, insertRefreshToken, markRotated, revokeFamily } from './repo.ts';

export const REFRESH_COOKIE = 'refresh_token';
/** The cookie only travels to the auth calls (refresh, logout), never to the rest of the API. */
export const REFRESH_COOKIE_PATH = '/api/v1/auth';
const TTL_MS = REFRESH_TOKEN_TTL_DAYS * 24 * 3600 * 1000;

/** Only the SHA-256 of a token is stored: a database leak gives no usable session. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function issueRefreshToken(
  db: Db | Tx,
  userId: number,
  opts: { familyId?: string; userAgent?: string; now?: Date } = {},
): Promise<string> {
  const now = opts.now ?? new Date();
  const token = randomBytes(32).toString('base64url');
  await insertRefreshToken(db, {
    userId,
    familyId: opts.familyId ?? randomUUID(),
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + TTL_MS),
    userAgent: opts.userAgent?.slice(0, 300) ?? null,
  });
  return token;
}

export type RotateOutcome =
  | { kind: 'rotated'; userId: number; familyId: string; token: string }
  | { kind: 'reused'; userId: number }
  | { kind: 'invalid' };

/**
 * How long a token just exchanged may be presented again and still get a session: two tabs (or a retried request)
 * refreshing with one cookie at the same moment. Auth0's "reuse interval" and Okta's grace period do the same.
 */
export const REFRESH_REUSE_GRACE_MS = 30_000;

/**
 * Exchanges a live token for a new one in the same family. A token presented after it was already rotated is
 * treated as stolen and the whole family (every session descended from that login) is revoked, except within
 * REFRESH_REUSE_GRACE_MS of its rotation while the family has not moved on (no later rotation): that is the
 * rotation's immediate successor racing it, which gets a token of the same family too.
 */
export async function rotateRefreshToken(db: Db, token: string, userAgent?: string): Promise<RotateOutcome> {
  const now = new Date();
  const tokenHash = hashToken(token);
  const rotated = await db.transaction(async (tx) => {
    const row = await markRotated(tx, tokenHash, now);
    if (!row) return undefined;
    const next = await issueRefreshToken(tx, row.userId, { familyId: row.familyId, userAgent, now });
    return { kind: 'rotated' as const, userId: row.userId, familyId: row.familyId, token: next };
  });
  if (rotated) return rotated;
  const row = await findRefreshToken(db, tokenHash);
  if (row?.rotatedAt && !row.revokedAt) {
    const withinGrace = now.getTime() - row.rotatedAt.getTime() <= REFRESH_REUSE_GRACE_MS && row.expiresAt > now;
    if (withinGrace && !(await familyRotatedSince(db, row.familyId, row.rotatedAt))) {
      const next = await issueRefreshToken(db, row.userId, { familyId: row.familyId, userAgent, now });
      return { kind: 'rotated', userId: row.userId, familyId: row.familyId, token: next };
    }
    await revokeFamily(db, row.familyId, now);
    return { kind: 'reused', userId: row.userId };
  }
  return { kind: 'invalid' };
}

/** Logout: the presented token's family ends; unknown tokens are ignored. */
export async function revokeByToken(db: Db, token: string): Promise<void> {
  const row = await findRefreshToken(db, hashToken(token));
  if (row) await revokeFamily(db, row.familyId, new Date());
}

/** How the refresh cookie is sent: Secure and SameSite come from the settings (COOKIE_SAMESITE, PUBLIC_URL). */
export interface RefreshCookiePolicy {
  secure: boolean;
  sameSite: 'lax' | 'strict' | 'none';
}

/**
 * SameSite=None is refused by browsers without Secure, so it forces Secure; it is also Partitioned (CHIPS), the
 * form browsers that block third-party cookies still keep for the front end's site.
 */
export function refreshCookiePolicy(config: { PUBLIC_URL: string; COOKIE_SAMESITE: RefreshCookiePolicy['sameSite'] }): RefreshCookiePolicy {
  const sameSite = config.COOKIE_SAMESITE;
  return { sameSite, secure: sameSite === 'none' || config.PUBLIC_URL.startsWith('https:') };
}

const cookieOptions = (policy: RefreshCookiePolicy) => ({
  httpOnly: true,
  sameSite: policy.sameSite,
  path: REFRESH_COOKIE_PATH,
  secure: policy.secure,
  ...(policy.sameSite === 'none' ? { partitioned: true } : {}),
});

export function setRefreshCookie(reply: FastifyReply, token: string, policy: RefreshCookiePolicy): void {
  reply.setCookie(REFRESH_COOKIE, token, { ...cookieOptions(policy), maxAge: Math.floor(TTL_MS / 1000) });
}

export function clearRefreshCookie(reply: FastifyReply, policy: RefreshCookiePolicy): void {
  reply.clearCookie(REFRESH_COOKIE, cookieOptions(policy));
  clearPageSessionCookie(reply, policy);
}

/**
 * The page cookie (docs/decisions.md, "Shopper's own pages rendered by the server"): the access token again, sent
 * only with the requests of the shopper's own pages the server renders (OWN_PAGE_ROUTES in packages/shared), so
 * their HTML can hold the shopper's data. Never read by the API (it takes the bearer header only); it lives as long
 * as the token, and is renewed with it and dropped with the refresh cookie.
 */
export const PAGE_SESSION_COOKIE = 'page_session';
const PAGE_SESSION_PATHS = ownPageCookiePaths();

const pageCookieOptions = (policy: RefreshCookiePolicy, path: string) => ({ httpOnly: true, sameSite: 'lax' as const, path, secure: policy.secure });

export function setPageSessionCookie(reply: FastifyReply, accessToken: string, ttlSeconds: number, policy: RefreshCookiePolicy): void {
  for (const path of PAGE_SESSION_PATHS) reply.setCookie(PAGE_SESSION_COOKIE, accessToken, { ...pageCookieOptions(policy, path), maxAge: ttlSeconds });
}

function clearPageSessionCookie(reply: FastifyReply, policy: RefreshCookiePolicy): void {
  for (const path of PAGE_SESSION_PATHS) reply.clearCookie(PAGE_SESSION_COOKIE, pageCookieOptions(policy, path));
}
