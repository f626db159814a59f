/**
 * Auth: sign-up with a one-time code, log in and out, refresh-token rotation, password change and reset. The users
 * back-office ends a user's sessions with revokeAllForUser.
 */
export { authRoutes, changePasswordRoutes } from './routes.ts';
export { revokeAllForUser } from './repo.ts';
export { PAGE_SESSION_COOKIE } from './refresh-tokens.ts';
