import { parseRole, roleClaim, type UserDto } from '@nhasach/shared';
import type { users } from '../../db/schema/users.ts';

export type UserRow = typeof users.$inferSelect;

/** The API form of a user; the password hash and deletion mark never leave the server. */
export function toUserDto(row: UserRow): UserDto {
  const role = parseRole(row.role) ?? 'USER';
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    fullName: row.fullName,
    phone: row.phone,
    gender: row.gender,
    birthDate: row.birthDate,
    avatarUrl: row.avatarUrl,
    role,
    roles: [roleClaim(role)],
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
  };
}
