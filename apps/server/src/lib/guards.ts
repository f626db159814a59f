import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { hasAnyRole, parseRole, type Role } from '@nhasach/shared';
import { refreshTokens, users } from '../db/schema/index.ts';
import { forbidden, unauthorized } from './errors.ts';

export interface AuthUser {
  id: number;
  username: string;
  email: string;
  role: Role;
  roles: string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate` / `optionalAuth` when a valid bearer token came with the request. */
    authUser?: AuthUser;
  }
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const m = /^Bearer\s+(.+)$/i.exec(header);
  return m?.[1]?.trim() || undefined;
}

/**
 * Resolves the bearer token to a user. The account is re-read so a disabled or deleted user is refused
 * at once rather than when the access token expires.
 */
async function resolveUser(request: FastifyRequest): Promise<AuthUser | undefined> {
  const token = bearer(request);
  if (!token) return undefined;
  const claims = await request.server.tokens.verify(token);
  if (!claims) throw unauthorized('Phiên đăng nhập đã hết hạn hoặc không hợp lệ.');
  // The login the token belongs to is read in the same query: a token of a login that ended (logout, a reused
  // refresh token, a password change) is refused at once on every instance, not when it expires.
  const loginRevoked = claims.sid
    ? sql<boolean>`exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${claims.sid}::uuid and ${refreshTokens.revokedAt} is not null)`
    : sql<boolean>`false`;
  const [row] = await request.server.db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      role: users.role,
      enabled: users.enabled,
      deletedAt: users.deletedAt,
      loginRevoked,
    })
    .from(users)
    .where(eq(users.id, claims.userId))
    .limit(1);
  if (row?.loginRevoked) throw unauthorized('Phiên đăng nhập đã hết hạn hoặc không hợp lệ.');
  if (!row || !row.enabled || row.deletedAt) throw unauthorized('Tài khoản không còn hoạt động.');
  const role = parseRole(row.role) ?? 'CUSTOMER';
  return { id: row.id, username: row.username, email: row.email, role, roles: [`ROLE_${role}`] };
}

/** Requires a logged-in user (401 otherwise). */
export const authenticate: preHandlerAsyncHookHandler = async (request) => {
  const user = await resolveUser(request);
  if (!user) throw unauthorized();
  request.authUser = user;
};

/** Attaches the user when a valid token is present; guests pass. A bad token is still a 401. */
export const optionalAuth: preHandlerAsyncHookHandler = async (request) => {
  request.authUser = await resolveUser(request);
};

/** Requires a logged-in user holding one of `roles` (401 when not logged in, 403 when the role is missing). */
export function requireRoles(...roles: Role[]): preHandlerAsyncHookHandler {
  return async function (this: unknown, request: FastifyRequest, reply: FastifyReply) {
    await authenticate.call(request.server, request, reply);
    if (!hasAnyRole(request.authUser!.roles, roles)) throw forbidden();
  };
}

/** The logged-in user of a route guarded by `authenticate` or `requireRoles`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw unauthorized();
  return request.authUser;
}
