import { sql } from 'drizzle-orm';
import type { BookCardDto } from '@nhasach/shared';
import { queryRows, type Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { pageBookIds } from './repo.ts';
import { visibleSql } from './sql.ts';

/**
 * Shelves of cards beside the listings: books related to one book. Only books a
 * shopper may see (ACTIVE, OUT_OF_STOCK) appear, best-selling first (sold, then the newer id).
 */

/**
 * Books of the same authors. Driven from book_authors (an author has a few hundred books at most), each candidate
 * checked and ranked from books_visible_id_sold_idx, so a prolific author costs index probes, not table pages.
 */
async function sameAuthorIds(db: Db, bookId: number, limit: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select b.id from books b
      where b.id in (select ba.book_id from book_authors ba
                     where ba.author_id in (select author_id from book_authors where book_id = ${bookId}))
        and ${visibleSql} and b.id <> ${bookId}
      order by b.sold desc, b.id desc limit ${limit}`,
  );
  return rows.map((r) => r.id);
}

/** Books sharing a category with the book, except `excluded`: the storefront's best-seller path of a category listing. */
async function sameCategoryIds(db: Db, categoryIds: number[], excluded: number[], limit: number, now: Date): Promise<number[]> {
  if (categoryIds.length === 0 || limit <= 0) return [];
  // Over-fetch by the excluded count rather than filtering in SQL: the listing query keeps its index path.
  const ids = await pageBookIds(db, { visibleOnly: true, categorySets: [categoryIds] }, { field: 'sold', direction: 'desc' }, 0, limit + excluded.length, now);
  const skip = new Set(excluded);
  return ids.filter((id) => !skip.has(id)).slice(0, limit);
}

/** The shelves, showing books as the catalogue's `cards`. */
export function createShelfService(db: Db, cardsOf: (ids: number[], now: Date) => Promise<BookCardDto[]>) {
  return {
    /**
     * GET /books/{id}/related: same author first, then same categories, each best-selling first; the book itself
     * and hidden books never appear. A book shoppers cannot see has no related books to show (404).
     */
    async related(bookId: number, limit: number): Promise<BookCardDto[]> {
      const [book] = await queryRows<{ categoryIds: number[] }>(
        db,
        sql`select b.category_ids as "categoryIds" from books b where b.id = ${bookId} and ${visibleSql}`,
      );
      if (!book) throw notFound('Không tìm thấy sách.');
      const now = new Date();
      const byAuthor = await sameAuthorIds(db, bookId, limit);
      const byCategory = await sameCategoryIds(db, book.categoryIds, [bookId, ...byAuthor], limit - byAuthor.length, now);
      return cardsOf([...byAuthor, ...byCategory], now);
    },
  };
}

