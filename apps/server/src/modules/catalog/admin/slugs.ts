import { sql } from 'drizzle-orm';
import slugify from 'slugify';
import { SLUG_MAX } from '@nhasach/shared';
import { queryRows, type Db, type Tx } from '../../../db/client.ts';

export type SluggedTable = 'books' | 'categories' | 'authors' | 'publishers' | 'suppliers';

/** 'Đắc Nhân Tâm' -> 'dac-nhan-tam' (the vi locale maps đ to d); `fallback` when nothing is left (e.g. only CJK). */
export function slugFrom(text: string, fallback: string): string {
  const s = slugify(text, { locale: 'vi', lower: true, strict: true })
    .replace(/-+/g, '-')
    .slice(0, SLUG_MAX)
    .replace(/^-+|-+$/g, '');
  return s || fallback;
}

/**
 * `base`, or `base-2`, `base-3`, ... : the first slug no other row of `table` holds (the row `exceptId` is
 * ignored, for an edit). The base is shortened so the suffix still fits in SLUG_MAX. A concurrent writer can
 * still take the same slug first: the unique index refuses it and the caller retries once.
 */
export async function uniqueSlug(db: Db | Tx, table: SluggedTable, base: string, exceptId?: number): Promise<string> {
  const rows = await queryRows<{ slug: string }>(
    db,
    sql`select slug from ${sql.identifier(table)}
      where (slug = ${base} or slug like ${`${base.slice(0, SLUG_MAX - 8)}%`}) and id <> ${exceptId ?? 0}`,
  );
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, SLUG_MAX - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** True when another row of `table` holds `slug`. */
export async function slugTaken(db: Db | Tx, table: SluggedTable, slug: string, exceptId?: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from ${sql.identifier(table)} where slug = ${slug} and id <> ${exceptId ?? 0} limit 1`,
  );
  return rows.length > 0;
}
