import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListingIndex, listingColumns, listingParts, listingTuning, type ListingBook } from './listing-index.ts';

/**
 * The effective price a listing filters and sorts on follows the sale windows as time passes, forwards and back
 * (requests may come with a `now` a little older than the last one's), in the books' columns and in a category's
 * group rows alike, and for books changed since the build (whose order by price is kept between edges): the same
 * answer as the price rule applied to each book at that time.
 */
const HOUR = 3_600_000_000;
const T0 = Date.UTC(2026, 10, 27) * 1000;

function book(id: number, price: number, sale?: { price: number; start: number | null; end: number | null }): ListingBook {
  return {
    id, status: 'ACTIVE', created: T0 - id, sold: id % 3, stock: 10, price,
    salePrice: sale?.price ?? null, saleStart: sale?.start ?? null, saleEnd: sale?.end ?? null,
    publisherId: 1 + (id % 2), supplierId: null, language: 'VI', ageMin: 0, categoryIds: [id % 2 ? 2 : 3],
  };
}

const books = [
  book(1, 100_000),
  book(2, 200_000, { price: 50_000, start: T0 + HOUR, end: T0 + 3 * HOUR }),
  book(3, 300_000, { price: 90_000, start: null, end: T0 + 2 * HOUR }),
  book(4, 120_000, { price: 80_000, start: T0 + 2 * HOUR, end: null }),
  book(5, 150_000, { price: 70_000, start: T0 - HOUR, end: T0 + 4 * HOUR }),
  book(6, 110_000, { price: 60_000, start: T0 + 3 * HOUR, end: T0 + HOUR }),
];
const effective = (b: ListingBook, nowUs: number) =>
  b.salePrice !== null && (b.saleStart === null || b.saleStart <= nowUs) && (b.saleEnd === null || b.saleEnd > nowUs) ? b.salePrice : b.price;

const TREE = [{ id: 1, parentId: null }, { id: 2, parentId: 1 }, { id: 3, parentId: 1 }];

/** The books at most 100,000 at `nowUs`, in a category set (if given), by their price then (or date, or sales). */
function expected(nowUs: number, categorySets: number[][] | undefined, direction: 'asc' | 'desc', field: 'price' | 'createdAt' | 'sold' = 'price'): number[] {
  const key = (b: ListingBook) => (field === 'price' ? effective(b, nowUs) : field === 'createdAt' ? b.created : b.sold);
  return books
    .filter((b) => effective(b, nowUs) <= 100_000 && (!categorySets || b.categoryIds.some((c) => categorySets[0]!.includes(c))))
    .sort((a, b) => (direction === 'asc' ? 1 : -1) * (key(a) - key(b) || a.id - b.id))
    .map((b) => b.id);
}

afterEach(() => {
  listingTuning.collectMax = 150_000;
  vi.useRealTimers();
});

describe('listing index: sale windows opening and closing', () => {
  it('filters and sorts on the price at each request time, forwards and back (and filters on it sorted by date or sales)', () => {
    // Category 1 holds 2 and 3: its group is the set a category page filters on.
    const index = new ListingIndex(listingParts(listingColumns(books), TREE));
    const times = [0, 1, 2, 3, 4, 5, 3, 1, 2, -1, 6, 0].map((h) => T0 + h * HOUR);
    for (const state of ['as built', 'four books changed (the same values, now in the overlay)']) {
      if (state !== 'as built') for (const b of books.slice(1, 5)) index.apply({ ...b }, true);
      // Collected, then walked in the sorted orders (by date and sales: their rows' prices follow the edges too).
      for (const collectMax of [150_000, 0]) {
        listingTuning.collectMax = collectMax;
        for (const nowUs of times) {
          for (const categorySets of [undefined, [[1, 2, 3]], [[3]]]) {
            for (const direction of ['asc', 'desc'] as const) {
              for (const field of ['price', 'createdAt', 'sold'] as const) {
                const f = { priceMax: 100_000, ...(categorySets ? { categorySets } : {}) };
                const ids = expected(nowUs, categorySets, direction, field);
                // Walked with a count key: a count remembered before a sale edge is not answered after it.
                const answer = index.page(f, { field, direction }, 0, 10, new Date(nowUs / 1000), 10_000, collectMax === 0 ? JSON.stringify(f) : undefined);
                expect(answer, `${state}, collectMax ${collectMax}, ${(nowUs - T0) / HOUR} h, ${JSON.stringify(f)} ${field} ${direction}`).toEqual({ ids, total: ids.length });
              }
            }
          }
        }
      }
    }
  });

  it('keeps every other book of the price orders walked when a book without a sale price changes', () => {
    // Book 1 has no sale price: it is in no sale order, and its change must touch no row of one (the last group's
    // last sale book, 6, sits just before the catalogue's).
    listingTuning.collectMax = 0;
    const index = new ListingIndex(listingParts(listingColumns(books), TREE));
    index.apply({ ...books[0]!, stock: 9 }, true);
    const nowUs = T0 + 3.5 * HOUR;
    for (const categorySets of [undefined, [[3]], [[1, 2, 3]]]) {
      for (const direction of ['asc', 'desc'] as const) {
        const ids = books
          .filter((b) => !categorySets || b.categoryIds.some((c) => categorySets[0]!.includes(c)))
          .sort((a, b) => (direction === 'asc' ? 1 : -1) * (effective(a, nowUs) - effective(b, nowUs) || a.id - b.id))
          .map((b) => b.id);
        // A language every book has: the walk tests each book (a listing without a condition starts at its page).
        const f = { languages: ['VI'], ...(categorySets ? { categorySets } : {}) };
        const answer = index.page(f, { field: 'price', direction }, 0, 10, new Date(nowUs / 1000), 10_000);
        expect(answer, `${JSON.stringify(categorySets)} ${direction}`).toEqual({ ids, total: ids.length });
      }
    }
  });

  it('puts the books whose sale opened or closed after the build on their side when the index is made', () => {
    // The parts (with each price list's books on its side) are made at T0, the index from them hours later, as a
    // snapshot read at start-up is: sales of books 2, 3 and 6 opened or closed in between.
    vi.useFakeTimers();
    vi.setSystemTime(new Date(T0 / 1000));
    const parts = listingParts(listingColumns(books), TREE);
    vi.setSystemTime(new Date((T0 + 2.5 * HOUR) / 1000));
    const index = new ListingIndex(parts);
    for (const hours of [2.5, 3.5, 0, -1, 5]) {
      const nowUs = T0 + hours * HOUR;
      for (const categorySets of [undefined, [[1, 2, 3]]]) {
        for (const direction of ['asc', 'desc'] as const) {
          // Sorted by price, the page starts at its place; with a language every book has (and no collecting), each
          // order's rows are walked, by price or by date.
          for (const [field, walked] of [['price', false], ['price', true], ['createdAt', true]] as const) {
            listingTuning.collectMax = walked ? 0 : 150_000;
            const ids = expected(nowUs, categorySets, direction, field);
            const f = { priceMax: 100_000, ...(walked ? { languages: ['VI'] } : {}), ...(categorySets ? { categorySets } : {}) };
            for (let offset = 0; offset <= ids.length; offset++) {
              const answer = index.page(f, { field, direction }, offset, 2, new Date(nowUs / 1000), 10_000);
              expect(answer, `${hours} h, ${JSON.stringify(f)} ${field} ${direction} from ${offset}`).toEqual({ ids: ids.slice(offset, offset + 2), total: ids.length });
            }
          }
        }
      }
    }
  });
});
