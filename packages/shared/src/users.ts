import type { Gender } from './validation.ts';

/** What the API returns for a user (profile and session). */
export interface UserDto {
  id: number;
  username: string;
  email: string;
  fullName: string | null;
  phone: string | null;
  gender: Gender | null;
  birthDate: string | null;
  avatarUrl: string | null;
  roles: string[];
  role: string;
  enabled: boolean;
  createdAt: string;
}

/** Claims of the access token; the browser builds its session user from them (spec section 3). */
export interface AccessTokenClaims {
  sub: string;
  userId: number;
  username: string;
  email: string;
  roles: string[];
}
