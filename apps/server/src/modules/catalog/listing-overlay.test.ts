import { describe, expect, it } from 'vitest';
import type { ListingBook } from './listing-index.ts';
import { ListingOverlay } from './listing-overlay.ts';

/**
 * The changed books of the listing index in each sort's order: kept while nothing changes (the feed reads its last
 * versions again every second), sorted again after a change, and by price again once a sale window opens or closes.
 */
const HOUR = 3_600_000_000;
const T0 = Date.UTC(2026, 10, 28) * 1000;

function book(id: number, over: Partial<ListingBook> = {}): ListingBook {
  return {
    id, status: 'ACTIVE', created: T0 - id * HOUR, sold: 10 - id, stock: 3, price: 100_000 + id * 10_000, salePrice: null, saleStart: null,
    saleEnd: null, publisherId: 1, supplierId: 2, language: 'VI', ageMin: 0, categoryIds: [5], card: Uint8Array.from([id]), ...over,
  };
}

const ids = (o: ListingOverlay, field: 'createdAt' | 'sold' | 'price' | 'id', nowUs = T0) => o.ordered(field, nowUs).books.map((b) => b.id);

describe('listing overlay', () => {
  it('keeps an order while the books read again are the same, and sorts again when one changed', () => {
    const o = new ListingOverlay();
    for (const id of [3, 1, 2]) o.set(book(id));
    const first = o.ordered('sold', T0);
    expect(first.books.map((b) => b.id)).toEqual([3, 2, 1]);
    // The same values in new objects (the feed's re-read): the order is the one already made.
    for (const id of [1, 2, 3]) o.set(book(id));
    expect(o.ordered('sold', T0)).toBe(first);
    // Another card text is a change too.
    o.set(book(2, { card: Uint8Array.from([9]) }));
    expect(o.ordered('sold', T0)).not.toBe(first);
    o.set(book(1, { sold: 0 }));
    expect(ids(o, 'sold')).toEqual([1, 3, 2]);
    o.delete(3);
    expect(ids(o, 'sold')).toEqual([1, 2]);
    expect(o.size).toBe(2);
  });

  it('orders by the price at the time asked, across a sale window opening and closing', () => {
    const o = new ListingOverlay();
    o.set(book(1)); // 110,000
    o.set(book(2, { salePrice: 50_000, saleStart: T0 + HOUR, saleEnd: T0 + 3 * HOUR })); // 120,000, 50,000 from 1 h to 3 h
    o.set(book(3)); // 130,000
    expect(ids(o, 'price', T0)).toEqual([1, 2, 3]);
    expect(ids(o, 'price', T0 + 2 * HOUR)).toEqual([2, 1, 3]);
    expect(ids(o, 'price', T0 + 3 * HOUR)).toEqual([1, 2, 3]);
    // Back in time (a request's `now` a little older than the last).
    expect(ids(o, 'price', T0 + HOUR)).toEqual([2, 1, 3]);
    expect(o.ordered('price', T0 + 2 * HOUR).keys[0]).toBe(50_000);
  });

  it('finds a filtered listing\'s candidates by category, publisher or supplier, whichever holds fewest', () => {
    const o = new ListingOverlay();
    for (let id = 1; id <= 40; id++) o.set(book(id, { categoryIds: [id % 2 ? 5 : 6], publisherId: id === 7 ? 9 : 1, supplierId: id <= 3 ? 4 : 2 }));
    expect(o.candidates({})).toBeUndefined();
    expect(o.candidates({ publisherIds: [9] })!.map((b) => b.id)).toEqual([7]);
    expect(o.candidates({ categorySets: [[5, 6]], supplierIds: [4] })!.map((b) => b.id).sort()).toEqual([1, 2, 3]);
    expect(o.candidates({ publisherIds: [8] })).toEqual([]);
    // Half of the books: cheaper to walk an order than to sort them.
    expect(o.candidates({ categorySets: [[5]] })).toBeUndefined();
  });
});
