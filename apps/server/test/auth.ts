// Helpers for tests that need accounts and sessions (imported by *.test.ts only).
import { randomInt } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import type { LoginResult } from '@nhasach/shared';
import { queryRows, type Db } from '../src/db/client.ts';
import { users } from '../src/db/schema/index.ts';
import { hashSecret } from '../src/lib/password.ts';
import type { MailCatcher } from './mail-catcher.ts';
import { REFRESH_COOKIE } from '../src/modules/auth/refresh-tokens.ts';

let seq = 0;
/** A name no other test of this run uses. */
export function uniqueName(prefix = 'u'): string {
  seq += 1;
  return `${prefix}${Date.now().toString(36)}${seq}`;
}

export interface TestAccount {
  id: number;
  username: string;
  email: string;
  password: string;
}

/** Inserts an account directly (tests that are not about registration). */
export async function createAccount(
  db: Db,
  opts: { role?: 'ADMIN' | 'SALE' | 'USER'; password?: string; username?: string; fullName?: string } = {},
): Promise<TestAccount> {
  const username = opts.username ?? uniqueName();
  const email = `${username.toLowerCase()}@example.com`;
  const password = opts.password ?? 'Secret@123';
  const [row] = await db
    .insert(users)
    .values({ username, email, passwordHash: await hashSecret(password), role: opts.role ?? 'USER', fullName: opts.fullName ?? 'Người Thử' })
    .returning({ id: users.id });
  return { id: row!.id, username, email, password };
}

/** Registers through the API, reads the code from the real mail and verifies it. */
export async function registerViaApi(app: FastifyInstance, catcher: MailCatcher, overrides: Record<string, unknown> = {}) {
  const username = uniqueName('reg');
  const body = {
    email: `${username}@example.com`,
    password: 'Matkhau@1',
    username,
    fullName: 'Nguyễn Văn Thử',
    phone: '0901234567',
    ...overrides,
  } as { email: string; password: string; username: string; fullName: string; phone: string };
  const res = await app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: body });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const otp = await catcher.otpFor(body.email);
  const verified = await app.inject({ method: 'POST', url: '/api/v1/auth/verify-email', payload: { ...body, otp } });
  if (verified.statusCode !== 201) throw new Error(`verify failed: ${verified.statusCode} ${verified.body}`);
  return { ...body, id: verified.json().data.id as number };
}

export const refreshCookieOf = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === REFRESH_COOKIE);

export async function loginViaApi(app: FastifyInstance, username: string, password: string, remoteAddress?: string) {
  const res = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username, password }, remoteAddress });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const data = res.json().data as LoginResult;
  return { accessToken: data.accessToken, refreshToken: refreshCookieOf(res)!.value, data };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function countRows(db: Db, table: 'users' | 'otp_codes' | 'mail_outbox' | 'refresh_tokens'): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(table)}`);
  return row!.n;
}

/** A fresh client address per test, so counters of one test never touch another (nor another run, with Redis). */
export const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** Asserts a rate-limit answer: 429, Vietnamese text with the wait, data.retryAfterSeconds and Retry-After agree. */
export function expectLimited(res: LightMyRequestResponse): void {
  expect(res.statusCode).toBe(429);
  const body = res.json();
  expect(body.error).toBe('TOO_MANY_REQUESTS');
  expect(body.data.retryAfterSeconds).toBeGreaterThan(0);
  expect(body.message).toMatch(/\d+ (giây|phút)\.$/);
  expect(Number(res.headers['retry-after'])).toBe(body.data.retryAfterSeconds);
}
