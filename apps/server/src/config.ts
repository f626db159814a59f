import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { ACCESS_TOKEN_TTL_SECONDS, BANK_TRANSFER_DEFAULT_EXPIRY_MINUTES, taxCodeProblem } from '@nhasach/shared';

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : v === 'true' || v === '1'));

const optionalUrl = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));

/** proxy-addr's names for address ranges, accepted in a TRUST_PROXY list. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const isProxyAddress = (entry: string) => {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  // A prefix length, or an IPv4 netmask such as 255.255.255.0.
  if (/^\d{1,3}$/.test(bits)) return Number(bits) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(bits) === 4;
};

/**
 * Which proxies may tell the client address in X-Forwarded-For, in the forms Fastify's `trustProxy` takes:
 * off (the socket address is the client), `true` (any: only behind a proxy that overwrites the header),
 * a hop count, or a comma list of proxy addresses, CIDR ranges and proxy-addr names (loopback, ...).
 */
const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx): boolean | number | string[] => {
    const value = (v ?? '').trim();
    if (value === '' || value === 'false' || value === '0') return false;
    if (value === 'true') return true;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((s) => s.trim()).filter(Boolean);
    const wrong = entries.filter((e) => !isProxyAddress(e));
    if (wrong.length) {
      ctx.addIssue({ code: 'custom', message: `not a proxy address, CIDR range, hop count or true/false: ${wrong.join(', ')}` });
      return z.NEVER;
    }
    return entries;
  });

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
  /** Lifetime of access tokens; tests shorten it to see a refresh happen. */
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(ACCESS_TOKEN_TTL_SECONDS),
  /**
   * SameSite of the refresh cookie: lax (default) when the front ends share the API's site; none when a front end
   * on another site calls the API (the cookie is then always Secure, so the API must be on https).
   */
  COOKIE_SAMESITE: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v.trim().toLowerCase() : 'lax'))
    .pipe(z.enum(['lax', 'strict', 'none'])),
  SEED_DEMO: bool(true),
  /** Only shoppers who bought a book (an order reached DELIVERED or COMPLETED) may rate it; default: anyone signed in. */
  REVIEWS_BUYERS_ONLY: bool(false),
  /**
   * Keep shoppers' ranked search results for 30 s and listing totals for 60 s in the API process (the benchmark
   * turns it off to measure every request's full cost).
   */
  SEARCH_CACHE: bool(true),
  /**
   * The shopper's search from an index in this process's memory (about 300 MB at a million books), following
   * book_search within a second; false: every search reads the database.
   */
  SEARCH_INDEX: bool(true),
  /**
   * Shoppers' category and catalogue listings from the visible books' columns in this process's memory (about
   * 100 MB at a million books), following the books table within a second; false: every listing reads the database.
   */
  LISTING_INDEX: bool(true),
  /** Minutes between the search index's background rebuilds (the benchmark's soak mode shortens it to watch one). */
  SEARCH_INDEX_REBUILD_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(30),
  /**
   * Where the built search index is kept for the next start on PostgreSQL (a million books: ready in seconds
   * instead of a build); default DATA_DIR/search-index, empty: none. Instances may share it (one file per database).
   */
  SEARCH_INDEX_SNAPSHOT_DIR: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Swagger UI and the OpenAPI document at /api/docs; default: on outside production. */
  API_DOCS: z.enum(['true', 'false', '1', '0', '']).optional(),
  /**
   * The built-in VNPAY sandbox gateway (when VNPAY_URL is unset); default: on outside production. `npm start`
   * turns it on so the store pays end to end out of the box.
   */
  VNPAY_SANDBOX: z.enum(['true', 'false', '1', '0', '']).optional(),
  /**
   * Bank transfer by VietQR. A real account (BANK_TRANSFER_ACCOUNT_NO) needs its bank's BIN, the account holder's
   * name and the webhook secret shared with the transfer-notification service; without one, the built-in test bank
   * (BANK_TRANSFER_SANDBOX, default: as VNPAY_SANDBOX) takes a demo account and a per-installation secret.
   */
  BANK_TRANSFER_SANDBOX: z.enum(['true', 'false', '1', '0', '']).optional(),
  BANK_TRANSFER_BIN: optionalUrl.pipe(z.string().regex(/^\d{6}$/, 'a 6-digit NAPAS bank BIN').optional()),
  BANK_TRANSFER_ACCOUNT_NO: optionalUrl.pipe(z.string().regex(/^[0-9A-Za-z]{1,19}$/, 'letters and digits, at most 19').optional()),
  BANK_TRANSFER_ACCOUNT_NAME: optionalUrl.pipe(z.string().max(50).optional()),
  BANK_TRANSFER_WEBHOOK_SECRET: optionalUrl.pipe(z.string().min(16, 'at least 16 characters').optional()),
  /** An unpaid transfer order is cancelled (stock returned) after this many minutes. */
  BANK_TRANSFER_EXPIRY_MINUTES: z.coerce.number().int().min(5).max(30 * 24 * 60).default(BANK_TRANSFER_DEFAULT_EXPIRY_MINUTES),
  /** Directory of the built web app served in production mode. */
  WEB_DIST: z.string().optional(),
  VNPAY_TMN_CODE: optionalUrl,
  VNPAY_HASH_SECRET: optionalUrl,
  VNPAY_URL: optionalUrl,
  TRUST_PROXY: trustProxy,
  /** Ceiling on the capped mails one address receives in an hour (codes, contact messages; not order mails). */
  MAIL_MAX_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(20),
  /** Multiplier for rate limits; tests raise it so one test IP can create many accounts. */
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  /** This instance delivers the mail outbox (every instance may; exactly one takes each mail). */
  MAIL_WORKER: bool(true),
  /** A claimed mail belongs to its instance this long; then another instance takes it over (crash recovery). */
  MAIL_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Delivery attempts before a mail is marked FAILED. */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(10),
  /** First retry delay of a failed delivery, doubled after each attempt (at most an hour). */
  MAIL_RETRY_BASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  /** How often the unpaid-order expiry job runs (0: never on this instance). */
  ORDER_EXPIRY_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  /** Where uploaded and generated images live: the local disk under DATA_DIR/media, or an S3-compatible store. */
  MEDIA_STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: optionalUrl,
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalUrl,
  S3_SECRET_ACCESS_KEY: optionalUrl,
  /** Path-style addresses (endpoint/bucket/key): MinIO, s3rver and most self-hosted stores need it. */
  S3_FORCE_PATH_STYLE: bool(false),
  /** Public address of the images (a CDN or the bucket); unset: the API streams them under /media. */
  MEDIA_PUBLIC_URL: optionalUrl,
  /** The seller printed on VAT invoices (the built-in provider numbers them; docs/decisions.md, VAT invoices). */
  INVOICE_SELLER_NAME: z.string().trim().min(2).max(200).default('Công ty TNHH Nhà Sách'),
  INVOICE_SELLER_TAX_CODE: z
    .string()
    .trim()
    .refine((v) => taxCodeProblem(v) === null, 'a Vietnamese tax code (10 digits with its check digit, or 10-3)')
    .default('0312345673'),
  INVOICE_SELLER_ADDRESS: z.string().trim().min(5).max(300).default('123 Nguyễn Huệ, Phường Sài Gòn, Thành phố Hồ Chí Minh'),
  /** The two capital letters of the invoice series the shop registered (ký hiệu C26T + these). */
  INVOICE_SERIES_SUFFIX: z.string().regex(/^[A-Z]{2}$/, 'two capital letters').default('NS'),
  /**
   * The carrier the shop ships with: sandbox (the built-in test carrier under /sandbox/carrier, in GHN's API shape),
   * ghn (Giao Hàng Nhanh: GHN_TOKEN, GHN_SHOP_ID, SHIPPING_WEBHOOK_SECRET) or flat (the flat tariff, no carrier API;
   * staff type the tracking code). Default: sandbox where the built-in sandboxes are on (outside production, or
   * VNPAY_SANDBOX=true as `npm start` sets it), else flat.
   */
  SHIPPING_CARRIER: z.enum(['sandbox', 'ghn', 'flat', '']).optional(),
  /** HMAC-SHA256 key of the carrier's tracking webhooks (X-Signature); the sandbox generates one per installation. */
  SHIPPING_WEBHOOK_SECRET: optionalUrl.pipe(z.string().min(16, 'at least 16 characters').optional()),
  /** GHN's API (production https://online-gateway.ghn.vn, test https://dev-online-gateway.ghn.vn), token and shop id. */
  GHN_API_URL: optionalUrl,
  GHN_TOKEN: optionalUrl,
  GHN_SHOP_ID: optionalUrl.pipe(z.string().regex(/^\d{1,12}$/, 'digits').optional()),
  /** Where parcels are picked up: the shop's warehouse (sender on labels; the carrier's zone of origin). */
  SHIPPING_FROM_NAME: z.string().trim().min(2).max(100).default('Nhà Sách'),
  SHIPPING_FROM_PHONE: z.string().trim().regex(/^0\d{9,10}$/, 'a Vietnamese phone number').default('0281234567'),
  SHIPPING_FROM_ADDRESS: z.string().trim().min(2).max(200).default('123 Nguyễn Huệ'),
  /** 2025 codes of the province and ward (geo module); default: Phường Sài Gòn, Thành phố Hồ Chí Minh. */
  SHIPPING_FROM_PROVINCE_CODE: z.string().trim().regex(/^\d{2}$/, 'a 2-digit province code').default('79'),
  SHIPPING_FROM_WARD_CODE: z.string().trim().regex(/^\d{5}$/, 'a 5-digit ward code').default('26740'),
  /** How often pending shipments are retried with the carrier (0: only when woken by a confirmation). */
  SHIPPING_RETRY_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** A SIGTERM waits this long for requests in flight and jobs, then the process exits anyway. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(10),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'JWT_SECRET' | 'PUBLIC_URL' | 'API_DOCS' | 'VNPAY_SANDBOX' | 'BANK_TRANSFER_SANDBOX' | 'SHIPPING_CARRIER'> {
  /** The carrier the shop ships with (see the schema's SHIPPING_CARRIER). */
  SHIPPING_CARRIER: 'sandbox' | 'ghn' | 'flat';
  /**
   * Key of the carrier's webhook signatures: SHIPPING_WEBHOOK_SECRET, or for the sandbox one generated once into
   * DATA_DIR/shipping-webhook-secret; undefined with the flat provider.
   */
  SHIPPING_SIGNING_SECRET?: string;
  JWT_SECRET: string;
  PUBLIC_URL: string;
  isProduction: boolean;
  API_DOCS: boolean;
  /** The built-in sandbox plays the gateway: VNPAY_URL unset and the sandbox allowed. */
  VNPAY_SANDBOX: boolean;
  /** Hash secret of the built-in sandbox: VNPAY_HASH_SECRET, or generated once into DATA_DIR/vnpay-sandbox-secret. */
  VNPAY_SANDBOX_SECRET?: string;
  /** The built-in test bank: no real account configured (BANK_TRANSFER_ACCOUNT_NO) and the sandbox allowed. */
  BANK_TRANSFER_SANDBOX: boolean;
  /**
   * Webhook secret of the test bank: BANK_TRANSFER_WEBHOOK_SECRET, or generated once into
   * DATA_DIR/bank-transfer-webhook-secret.
   */
  BANK_TRANSFER_SANDBOX_SECRET?: string;
}

/** Reads a secret from DATA_DIR, creating it on first start, so it survives restarts (tokens, signed payments). */
function persistentSecret(dataDir: string, name = 'jwt-secret'): string {
  const file = path.join(dataDir, name);
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
  if (env.MEDIA_STORAGE === 's3' && !env.S3_BUCKET) throw new Error('Invalid configuration: MEDIA_STORAGE=s3 needs S3_BUCKET');
  const dataDir = path.resolve(env.DATA_DIR);
  const isProduction = env.NODE_ENV === 'production';
  const flag = (v: string | undefined) => (v === undefined || v === '' ? !isProduction : v === 'true' || v === '1');
  const sandbox = !env.VNPAY_URL && flag(env.VNPAY_SANDBOX);
  const bankSandbox = !env.BANK_TRANSFER_ACCOUNT_NO && flag(env.BANK_TRANSFER_SANDBOX || env.VNPAY_SANDBOX);
  const carrier = env.SHIPPING_CARRIER || (flag(env.VNPAY_SANDBOX) ? 'sandbox' : 'flat');
  if (carrier === 'ghn') {
    const missing = (['GHN_TOKEN', 'GHN_SHOP_ID', 'SHIPPING_WEBHOOK_SECRET'] as const).filter((k) => !env[k]);
    if (missing.length) throw new Error(`Invalid configuration: SHIPPING_CARRIER=ghn needs ${missing.join(', ')}`);
  }
  return {
    ...env,
    DATA_DIR: dataDir,
    SEARCH_INDEX_SNAPSHOT_DIR: env.SEARCH_INDEX_SNAPSHOT_DIR === undefined ? path.join(dataDir, 'search-index') : env.SEARCH_INDEX_SNAPSHOT_DIR && path.resolve(env.SEARCH_INDEX_SNAPSHOT_DIR),
    JWT_SECRET: env.JWT_SECRET ?? persistentSecret(dataDir),
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    MEDIA_PUBLIC_URL: env.MEDIA_PUBLIC_URL?.replace(/\/+$/, ''),
    isProduction,
    API_DOCS: flag(env.API_DOCS),
    VNPAY_SANDBOX: sandbox,
    VNPAY_SANDBOX_SECRET: sandbox ? (env.VNPAY_HASH_SECRET ?? persistentSecret(dataDir, 'vnpay-sandbox-secret')) : undefined,
    BANK_TRANSFER_SANDBOX: bankSandbox,
    BANK_TRANSFER_SANDBOX_SECRET: bankSandbox
      ? (env.BANK_TRANSFER_WEBHOOK_SECRET ?? persistentSecret(dataDir, 'bank-transfer-webhook-secret'))
      : undefined,
    SHIPPING_CARRIER: carrier,
    SHIPPING_SIGNING_SECRET:
      carrier === 'flat' ? undefined : (env.SHIPPING_WEBHOOK_SECRET ?? persistentSecret(dataDir, 'shipping-webhook-secret')),
  };
}
