import { hasAnyRole, type UserDto, type updateProfileSchema } from '@nhasach/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../../lib/guards.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { toUserDto } from './dto.ts';
import { findLiveUserById, updateProfile } from './repo.ts';

const USER_NOT_FOUND = 'Không tìm thấy người dùng.';

/** A user's profile: the user themself or an admin; anyone else gets 403 (before any lookup, so ids are not probed). */
export async function getUser(db: Db, viewer: AuthUser, id: number): Promise<UserDto> {
  if (viewer.id !== id && !hasAnyRole(viewer.roles, ['ADMIN'])) throw forbidden();
  const row = await findLiveUserById(db, id);
  if (!row) throw notFound(USER_NOT_FOUND);
  return toUserDto(row);
}

export async function updateMyProfile(
  db: Db,
  viewer: AuthUser,
  input: z.output<typeof updateProfileSchema>,
): Promise<UserDto> {
  const row = await updateProfile(db, viewer.id, input);
  if (!row) throw notFound(USER_NOT_FOUND);
  return toUserDto(row);
}
