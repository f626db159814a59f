import { sql, type SQL } from 'drizzle-orm';

/**
 * Values between the application and both drivers (node-postgres, PGlite): arrays sent as one text parameter cast
 * to an array type (both accept it, however long the list), and what comes back normalised for the API.
 */

/** An int[] parameter. */
export const intArray = (ids: readonly number[]): SQL => sql`${`{${ids.map((n) => Math.trunc(n)).join(',')}}`}::int[]`;

/** A text[] parameter. */
export const textArray = (values: readonly string[]): SQL =>
  sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`}::text[]`;

/** Timestamps come back as Date (PGlite) or as PostgreSQL text (drizzle's node-postgres parsers): both to ISO. */
export function iso(value: Date | string): string;
export function iso(value: Date | string | null | undefined): string | null;
export function iso(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  const normalised = value.includes('T') ? value : value.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00');
  return new Date(normalised).toISOString();
}

/** numeric and bigint columns come back as strings from node-postgres. */
export const num = (value: string | number | null | undefined): number | null =>
  value === null || value === undefined ? null : Number(value);
