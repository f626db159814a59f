import type { FavoriteBookDto, PageResult } from '@nhasach/shared';
import type { Db } from '../../db/client.ts';
import { toPage } from '../../lib/pagination.ts';
import { toCard } from '../catalog/dto.ts';
import { loadCardRows } from '../catalog/repo.ts';
import { engagementLookup } from './lookup.ts';
import { favoriteBookIds } from './service.ts';

/**
 * GET /books/favorites/me: a page of the caller's liked books as catalogue cards (same shape as every
 * book list), plus likedByMe and favoriteCount for the heart button. Hidden books are left out.
 */
export async function favoritesPage(
  db: Db,
  userId: number,
  query: { page: number; size: number; sort: 'asc' | 'desc' },
): Promise<PageResult<FavoriteBookDto>> {
  const { ids, total } = await favoriteBookIds(db, userId, { page: query.page, size: query.size, direction: query.sort });
  const [rows, engagement] = await Promise.all([loadCardRows(db, ids), engagementLookup(db, ids, userId)]);
  const now = new Date();
  const content = rows.map((row): FavoriteBookDto => {
    const e = engagement.get(row.id);
    return { ...toCard(row, now), likedByMe: true, favoriteCount: e?.favoriteCount ?? 1 };
  });
  return toPage(content, total, query.page, query.size);
}
