import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler, preHandlerAsyncHookHandler } from 'fastify';
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
  const role = parseRole(row.role) ?? 'USER';
  return { id: row.id, username: row.username, email: row.email, role, roles: [`ROLE_${role}`] };
}

/** The guards below: `runGuardsFirst` moves them out of a route's preHandler into its onRequest. */
const guards = new WeakSet<object>();
const guard = <T extends object>(hook: T): T => {
  guards.add(hook);
  return hook;
};

/** Requires a logged-in user (401 otherwise). */
export const authenticate: preHandlerAsyncHookHandler = guard(async (request) => {
  const user = await resolveUser(request);
  if (!user) throw unauthorized();
  request.authUser = user;
});

/** Attaches the user when a valid token is present; guests pass. A bad token is still a 401. */
export const optionalAuth: preHandlerAsyncHookHandler = guard(async (request) => {
  request.authUser = await resolveUser(request);
});

/** Requires a logged-in user holding one of `roles` (401 when not logged in, 403 when the role is missing). */
export function requireRoles(...roles: Role[]): preHandlerAsyncHookHandler {
  return guard(async function (this: unknown, request: FastifyRequest, reply: FastifyReply) {
    await authenticate.call(request.server, request, reply);
    if (!hasAnyRole(request.authUser!.roles, roles)) throw forbidden();
  });
}

type Hooks<T> = T | T[] | undefined;
const asList = <T>(hooks: Hooks<T>): T[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);

/**
 * Who is asking is settled before what they sent: a guard written in a route's `preHandler` (where it reads best,
 * next to the limits that use `request.authUser`) is run in the route's `onRequest` instead, before the body is
 * parsed and validated. A guest's malformed body to a signed-in route is then a 401, not a 400 that tells a stranger
 * how the route's input looks, and no guest body is parsed at all. Plugin-wide guards use `onRequest` directly.
 * Registered on the root before the modules, so it sees every route.
 */
export function runGuardsFirst(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const pre = asList(route.preHandler);
    const moved = pre.filter((hook) => guards.has(hook));
    if (moved.length === 0) return;
    route.preHandler = pre.filter((hook) => !guards.has(hook));
    // The guards only use (request, reply): as valid in onRequest as in preHandler.
    route.onRequest = [...asList(route.onRequest), ...(moved as unknown as onRequestAsyncHookHandler[])];
  });
}

/** The logged-in user of a route guarded by `authenticate` or `requireRoles`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw unauthorized();
  return request.authUser;
}
