import { createContext } from 'react';
import type { LoginResult, UserDto } from '@nhasach/shared';
import type { SessionUser } from './session.ts';

export interface AuthContextValue {
  /** The signed-in user, or null for a guest. */
  user: SessionUser | null;
  token: string | null;
  /** 'checking' while an expired stored token is being refreshed at start-up. */
  status: 'checking' | 'ready';
  /** True after logout or a password change, so guards send the user to plain /dang-nhap. */
  signedOutOnPurpose: boolean;
  /** Message for the login page after the session was ended on purpose (e.g. password changed). */
  signOutNotice?: string;
  /** Saves token and user after a successful login. */
  login: (result: LoginResult) => SessionUser;
  /** Posts logout (failure ignored), clears all local storage and goes to /dang-nhap. */
  logout: () => Promise<void>;
  /** Forgets token, user and registration data (password change, reset) without navigating. */
  clearSession: (opts?: { notice?: string }) => void;
  /** Changes the password of the signed-in user; throws 'Chưa đăng nhập' without a session. */
  changePassword: (body: { oldPassword: string; newPassword: string; confirmPassword: string }) => Promise<void>;
  /** Refreshes the stored user record from a fresh profile. */
  updateUser: (dto: UserDto) => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
