import { STORAGE_KEYS, type UserDto } from '@nhasach/shared';
import { decodeJwtPayload } from '../../lib/jwt.ts';
import { storage } from '../../lib/storage.ts';

/** The user record kept under STORAGE_KEYS.user (spec section 3: id, email, role, roles, username). */
export interface StoredUser {
  id: number | string;
  email?: string;
  username?: string;
  fullName?: string | null;
  avatarUrl?: string | null;
  role?: string;
  roles: string[];
}

/** The session user the UI works with (spec section 3, Session user). */
export interface SessionUser {
  id: number | string;
  email?: string;
  /** From username, else fullName (else the e-mail). */
  name: string;
  fullName?: string;
  avatarUrl?: string;
  /** First of roles, or role. */
  role?: string;
  roles: string[];
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : undefined);
const idOf = (v: unknown): number | string | undefined => {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim()) return /^\d+$/.test(v) ? Number(v) : v;
  return undefined;
};

function rolesOf(source: Record<string, unknown>): string[] {
  const roles = Array.isArray(source.roles) ? source.roles.filter((r): r is string => typeof r === 'string' && r !== '') : [];
  const role = str(source.role);
  if (roles.length === 0 && role) return [role];
  return roles;
}

/** Builds the user record from token claims (userId, id or sub; username; email; roles or role). */
export function userFromClaims(claims: Record<string, unknown> | undefined): StoredUser | undefined {
  if (!claims) return undefined;
  const id = idOf(claims.userId) ?? idOf(claims.id) ?? idOf(claims.sub);
  if (id === undefined) return undefined;
  const roles = rolesOf(claims);
  return {
    id,
    email: str(claims.email),
    username: str(claims.username) ?? str(claims.preferred_username),
    fullName: str(claims.fullName) ?? null,
    avatarUrl: str(claims.avatarUrl) ?? null,
    role: roles[0] ?? str(claims.role),
    roles,
  };
}

export const userFromToken = (token: string | null | undefined) => userFromClaims(decodeJwtPayload(token));

/** Builds the user record from the API's user object. */
export function userFromDto(dto: UserDto): StoredUser {
  const roles = rolesOf(dto as unknown as Record<string, unknown>);
  return {
    id: dto.id,
    email: dto.email,
    username: dto.username,
    fullName: dto.fullName,
    avatarUrl: dto.avatarUrl,
    role: roles[0] ?? dto.role,
    roles,
  };
}

/** A stored record read back from storage, or undefined when it is not one. */
export function parseStoredUser(value: unknown): StoredUser | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  const id = idOf(v.id);
  if (id === undefined) return undefined;
  const roles = rolesOf(v);
  return {
    id,
    email: str(v.email),
    username: str(v.username),
    fullName: str(v.fullName) ?? null,
    avatarUrl: str(v.avatarUrl) ?? null,
    role: roles[0] ?? str(v.role),
    roles,
  };
}

export function toSessionUser(record: StoredUser): SessionUser {
  return {
    id: record.id,
    email: record.email,
    name: record.username ?? record.fullName ?? record.email ?? 'Khách hàng',
    fullName: record.fullName ?? undefined,
    avatarUrl: record.avatarUrl ?? undefined,
    role: record.roles[0] ?? record.role,
    roles: record.roles,
  };
}

/** All role strings of a user (role and roles), as the guard checks them (spec section 6). */
export function allRoles(user: Pick<SessionUser, 'role' | 'roles'> | null | undefined): string[] {
  if (!user) return [];
  return user.role && !user.roles.includes(user.role) ? [...user.roles, user.role] : user.roles;
}

/**
 * Whose answers the page's data are: the signed-in user's id, or 'guest' (on the server, the rendered request's
 * session: a guest but for the shopper's own pages, lib/storage.ts). The same key the page's components use (useViewer).
 */
export function storedViewerKey(): string {
  const user = parseStoredUser(storage.getJson<unknown>(STORAGE_KEYS.user));
  return user && storage.get(STORAGE_KEYS.accessToken) ? String(user.id) : 'guest';
}
