import { afterEach, describe, expect, it } from 'vitest';
import { ListingIndex, listingColumns, listingParts, listingTuning, selectSmallest, type ListingBook, type ListingFilter, type ListingSortField } from './listing-index.ts';

/**
 * Every page of a listing is the books in the order's (key, id) from `offset` on, whichever way the index takes
 * them: a category page whose books all match (taken from its position in the group's order), one order walked
 * or collected, the two price sides (list price, running sale) merged, and books changed since the build (the
 * overlay, found by category or publisher, or walked in its own order) merged in. The expected pages are the filter and sort applied to the books as they are.
 */
const T0 = Date.UTC(2026, 10, 28) * 1000;
const HOUR = 3_600_000_000;
const TREE = [
  { id: 1, parentId: null },
  { id: 2, parentId: 1 },
  { id: 3, parentId: 1 },
  { id: 4, parentId: null },
];

function book(id: number, publisherBase = 0): ListingBook {
  const onSale = id % 4 === 0;
  return {
    id, status: 'ACTIVE',
    // Books of one import share created_at; sold and price tie too.
    created: T0 - Math.floor(id / 3) * HOUR, sold: id % 7, stock: 5, price: 50_000 + (id % 11) * 10_000,
    salePrice: onSale ? 40_000 + (id % 5) * 10_000 : null,
    // Some sales run now, some are over, some not yet open.
    saleStart: onSale ? (id % 3 === 0 ? T0 + HOUR : T0 - 10 * HOUR) : null, saleEnd: onSale && id % 8 === 0 ? T0 - HOUR : null,
    publisherId: publisherBase + 1 + (id % 3), supplierId: null, language: id % 5 === 0 ? 'EN' : 'VI', ageMin: 0, categoryIds: [2 + (id % 3)],
  };
}

const effective = (b: ListingBook, nowUs: number) =>
  b.salePrice !== null && (b.saleStart === null || b.saleStart <= nowUs) && (b.saleEnd === null || b.saleEnd > nowUs) ? b.salePrice : b.price;

function expected(books: Map<number, ListingBook>, f: ListingFilter, field: ListingSortField, direction: 'asc' | 'desc', nowUs: number): number[] {
  const key = (b: ListingBook) => (field === 'createdAt' ? b.created : field === 'sold' ? b.sold : field === 'price' ? effective(b, nowUs) : b.id);
  return [...books.values()]
    .filter(
      (b) =>
        (f.categorySets ?? []).every((set) => b.categoryIds.some((c) => set.includes(c))) &&
        (!f.languages || f.languages.includes(b.language)) &&
        (!f.publisherIds || (b.publisherId !== null && f.publisherIds.includes(b.publisherId))) &&
        (f.priceMin === undefined || effective(b, nowUs) >= f.priceMin) &&
        (f.priceMax === undefined || effective(b, nowUs) <= f.priceMax),
    )
    .sort((a, b) => (direction === 'asc' ? 1 : -1) * (key(a) - key(b) || a.id - b.id))
    .map((b) => b.id);
}

afterEach(() => {
  listingTuning.collectMax = 150_000;
});

describe('listing index: every page of a listing', () => {
  // Publisher ids past the rows' 10-bit field: the status, language, publisher and supplier come from the columns.
  it.each([
    ['ids the rows hold', 0],
    ['publisher ids past the rows\' field', 2000],
  ])('is the books from the page\'s offset on, before and after books change, walked or collected (%s)', (_, base) => {
    const books = new Map<number, ListingBook>();
    for (let id = 1; id <= 240; id++) books.set(id, book(id, base));
    const index = new ListingIndex(listingParts(listingColumns([...books.values()]), TREE));
    const now = new Date(T0 / 1000);
    const filters: ListingFilter[] = [
      {},
      { categorySets: [[1, 2, 3]] },
      { categorySets: [[4]] },
      { categorySets: [[1, 2, 3]], languages: ['VI'] },
      { publisherIds: [base + 2] },
      { categorySets: [[1, 2, 3]], publisherIds: [base + 1, base + 3] },
      // Two value conditions: the value counts bound the total, the books are counted.
      { categorySets: [[4]], publisherIds: [base + 2], languages: ['EN'] },
      // A publisher without a book in the base (one comes in the overlay below).
      { categorySets: [[1, 2, 3]], publisherIds: [base + 9] },
      { publisherIds: [base + 9], languages: ['VI'] },
      // Price ranges whose ends fall among many books of one price (the binary searches find a run's first and last).
      { priceMin: 70_000, priceMax: 120_000 },
      { categorySets: [[1, 2, 3]], priceMax: 90_000 },
      { categorySets: [[1, 2, 3]], priceMin: 60_000, publisherIds: [base + 2] },
      // The catalogue with a price range and a value: each value's books by list price and by sale price.
      { priceMin: 60_000, priceMax: 100_000, publisherIds: [base + 1, base + 3] },
      { priceMax: 70_000, languages: ['VI'] },
    ];
    const check = (state: string) => {
      for (const collectMax of [150_000, 0]) {
        listingTuning.collectMax = collectMax;
        for (const f of filters) {
          for (const field of ['createdAt', 'sold', 'price', 'id'] as const) {
            for (const direction of ['asc', 'desc'] as const) {
              const all = expected(books, f, field, direction, T0);
              for (let offset = 0; offset <= all.length + 7; offset += 7) {
                const answer = index.page(f, { field, direction }, offset, 7, now, 10_000);
                expect(answer, `${state}, collectMax ${collectMax}, ${JSON.stringify(f)} ${field} ${direction} from ${offset}`).toEqual({ ids: all.slice(offset, offset + 7), total: all.length });
              }
            }
          }
        }
      }
    };
    check('as built');
    // Books of category 4 only change: the group of category 1 still has every book it was built with.
    for (const id of [5, 11, 14, 17]) {
      const changed = { ...books.get(id)!, created: T0 + id, sold: 3, price: 65_000 };
      books.set(id, changed);
      index.apply(changed, true);
    }
    check('category 4 changed');
    // A book of category 1's group hidden: the group's pages have no overlay book to merge, but one book fewer.
    books.delete(12);
    index.remove(12);
    check('a book of category 1 hidden');
    // Then books of every category, a sale started, one hidden.
    for (const id of [2, 3, 5, 6, 8, 30, 31]) {
      const changed = { ...books.get(id)!, created: T0 - 5 * HOUR, sold: 1, salePrice: 45_000, saleStart: T0 - HOUR, saleEnd: null };
      books.set(id, changed);
      index.apply(changed, true);
    }
    books.delete(9);
    index.remove(9);
    const moved = { ...books.get(21)!, publisherId: base + 9, language: 'VI' };
    books.set(21, moved);
    index.apply(moved, true);
    check('every category changed');
  });
});

describe('selectSmallest (a collected page sorts only its first ranks)', () => {
  it('puts the k smallest values first, whatever their order before', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    for (const length of [1, 2, 3, 10, 257, 5_000]) {
      for (const shape of ['random', 'ascending', 'descending'] as const) {
        const values = Array.from({ length }, (_, i) => (shape === 'ascending' ? i : shape === 'descending' ? length - i : i));
        if (shape === 'random') values.sort(() => random() - 0.5);
        for (const k of [0, 1, Math.floor(length / 3), length - 1, length]) {
          const a = Int32Array.from(values);
          selectSmallest(a, k);
          expect([...a.subarray(0, k)].sort((x, y) => x - y), `${shape} ${length}, k ${k}`).toEqual(Array.from({ length: Math.max(0, k) }, (_, i) => i + (shape === 'descending' ? 1 : 0)));
          expect([...a].sort((x, y) => x - y), 'the same values').toEqual([...values].sort((x, y) => x - y));
        }
      }
    }
  });
});
