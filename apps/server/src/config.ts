import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : v === 'true' || v === '1'));

const optionalUrl = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Nhà Sách <no-reply@nhasach.local>'),
  PUBLIC_URL: optionalUrl,
  CORS_ORIGINS: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(',').map((s) => s.trim()).filter(Boolean) : [])),
  JWT_SECRET: optionalUrl,
  SEED_DEMO: bool(true),
  /** Keep shoppers' ranked search results for 30 s in the API process (the benchmark turns it off to measure). */
  SEARCH_CACHE: bool(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Directory of the built web app served in production mode. */
  WEB_DIST: z.string().optional(),
  VNPAY_TMN_CODE: optionalUrl,
  VNPAY_HASH_SECRET: optionalUrl,
  VNPAY_URL: optionalUrl,
  /** Multiplier for rate limits; tests raise it so one test IP can create many accounts. */
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'JWT_SECRET' | 'PUBLIC_URL'> {
  JWT_SECRET: string;
  PUBLIC_URL: string;
  isProduction: boolean;
}

/** Reads the secret from DATA_DIR, creating it on first start, so tokens survive restarts. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Parses the environment once; throws with every problem listed. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    ...env,
    DATA_DIR: dataDir,
    JWT_SECRET: env.JWT_SECRET ?? persistentSecret(dataDir),
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    isProduction: env.NODE_ENV === 'production',
  };
}
