import { getTableName, sql, type AnyColumn, type SQL } from 'drizzle-orm';

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

/**
 * A column of the caller's query, or a value, for a subquery written by another module. A column is written with
 * its table's name: in a single-table select drizzle writes selection columns bare, and inside the subquery a bare
 * name could bind to the subquery's own table.
 */
export const outerRef = (value: AnyColumn | number): SQL =>
  typeof value === 'number' ? sql`${value}` : sql`${sql.identifier(getTableName(value.table))}.${sql.identifier(value.name)}`;
