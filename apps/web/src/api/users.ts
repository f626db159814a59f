import type { UpdateProfileInput, UserDto } from '@nhasach/shared';
import { sessionKey } from '../lib/viewer.ts';
import { api } from './client.ts';

export const fetchMe = () => api.get<UserDto>('/api/v1/users/me');

export const fetchUser = (id: number | string) => api.get<UserDto>(`/api/v1/users/${id}`);

export const updateMe = (body: UpdateProfileInput) => api.put<UserDto>('/api/v1/users/me', body);

/** The session's own profile (lib/viewer.ts). */
export const userKeys = {
  me: (viewer: string) => sessionKey(viewer, 'me'),
};
