import type { LoginInput, LoginResult, OtpSentResult, RegisterInput, UserDto } from '@nhasach/shared';
import { api } from './client.ts';

/** Auth calls (spec section 7, Auth). The client sends them without the bearer token. */

export const register = (body: RegisterInput) => api.post<OtpSentResult>('/api/v1/auth/register', body);

export const verifyEmail = (body: RegisterInput & { otp: string }) => api.post<UserDto>('/api/v1/auth/verify-email', body);

export const resendOtp = (email: string) => api.post<OtpSentResult>('/api/v1/auth/resend-otp', { email });

export const login = (body: LoginInput) => api.post<LoginResult | null>('/api/v1/auth/login', body);

export const forgotPasswordStart = (email: string) => api.post<OtpSentResult>('/api/v1/auth/forgot-password/start', { email });

export const forgotPasswordVerify = (body: { email: string; otp: string; newPassword: string; confirmPassword: string }) =>
  api.post<unknown>('/api/v1/auth/forgot-password/verify', body);

/** Ends the server session (refresh cookie); callers ignore failures. */
export const logout = () => api.post<unknown>('/api/v1/auth/logout');

export const changePassword = (body: { oldPassword: string; newPassword: string; confirmPassword: string }) =>
  api.put<unknown>('/api/v1/users/change-password', body);
