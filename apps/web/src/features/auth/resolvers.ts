// The sign-in forms' schema checks (Zod), loaded when a form is first checked (lib/lazyResolver.ts).
import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema, registerSchema } from '@nhasach/shared';

export const loginResolver = zodResolver(loginSchema);
export const registerResolver = zodResolver(registerSchema);
