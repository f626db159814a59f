/** The PostgreSQL error under whatever the driver (node-postgres, PGlite) and Drizzle wrapped around it. */
export interface PgErrorInfo {
  code: string;
  constraint?: string;
}

export function pgErrorOf(err: unknown): PgErrorInfo | undefined {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      const constraint = (e as { constraint?: unknown }).constraint;
      return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
    }
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';

/** True for PostgreSQL unique violations, however deep the driver wrapped them. */
export const isUniqueViolation = (err: unknown): boolean => pgErrorOf(err)?.code === UNIQUE_VIOLATION;
