import type { FavoriteBookDto, PageResult } from '@nhasach/shared';
import type { Db } from '../../db/client.ts';
import { toPage } from '../../lib/pagination.ts';
import type { CatalogService } from '../catalog/index.ts';
import { engagementPort } from './lookup.ts';
import { favoriteBookIds } from './service.ts';

/**
 * GET /books/favorites/me: a page of the caller's liked books as catalogue cards (same shape as every
 * book list), plus likedByMe and favoriteCount for the heart button. Hidden books are left out.
 */
export async function favoritesPage(
  db: Db,
  catalog: CatalogService,
  userId: number,
  query: { page: number; size: number; sort: 'asc' | 'desc' },
): Promise<PageResult<FavoriteBookDto>> {
  const { ids, total } = await favoriteBookIds(db, userId, { page: query.page, size: query.size, direction: query.sort });
  const [cards, engagement] = await Promise.all([catalog.cards(ids), engagementPort.lookup(db, ids, userId)]);
  const content = cards.map((card): FavoriteBookDto => ({ ...card, likedByMe: true, favoriteCount: engagement.get(card.id)?.favoriteCount ?? 1 }));
  return toPage(content, total, query.page, query.size);
}
