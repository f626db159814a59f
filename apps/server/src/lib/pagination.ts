import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type MetaPage, type PageResult } from '@nhasach/shared';

/** Blank strings count as absent (spec section 5: null or blank parameters are dropped). */
export const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** page is zero-based with minimum 0; size defaults to 12 and is capped. Out-of-range values are clamped. */
export const pageQuery = z.object({
  page: z.preprocess(
    blankToUndefined,
    z.coerce.number({ error: 'page phải là số.' }).int('page phải là số nguyên.').default(0).transform((n) => Math.max(0, n)),
  ),
  size: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'size phải là số.' })
      .int('size phải là số nguyên.')
      .default(DEFAULT_PAGE_SIZE)
      .transform((n) => Math.min(MAX_PAGE_SIZE, Math.max(1, n))),
  ),
});
export type PageQuery = z.infer<typeof pageQuery>;

export function toPage<T>(content: T[], total: number, page: number, size: number): PageResult<T> {
  return { content, totalElements: total, totalPages: Math.ceil(total / size), number: page, size };
}

export function toMetaPage<T>(result: T[], total: number, page: number, size: number): MetaPage<T> {
  return { meta: { page, pageSize: size, total, pages: Math.ceil(total / size) }, result };
}
