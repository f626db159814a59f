import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, pageParam, sizeParam, type MetaPage, type PageResult } from '@nhasach/shared';

/** page is zero-based with minimum 0; size defaults to 12 and is capped. Out-of-range values are clamped. */
export const pageQuery = z.object({ page: pageParam(), size: sizeParam(DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE) });
export type PageQuery = z.infer<typeof pageQuery>;

export function toPage<T>(content: T[], total: number, page: number, size: number): PageResult<T> {
  return { content, totalElements: total, totalPages: Math.ceil(total / size), number: page, size };
}

export function toMetaPage<T>(result: T[], total: number, page: number, size: number): MetaPage<T> {
  return { meta: { page, pageSize: size, total, pages: Math.ceil(total / size) }, result };
}
