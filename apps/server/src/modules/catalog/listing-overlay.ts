import type { ListingBook, ListingSortField } from './listing-index.ts';

/** A book's price at `nowUs`: the sale price while its window is open (packages/shared/src/price.ts's rule). */
export function effectivePrice(b: ListingBook, nowUs: number): number {
  const active = b.salePrice !== null && (b.saleStart === null || b.saleStart <= nowUs) && (b.saleEnd === null || b.saleEnd > nowUs);
  return active ? b.salePrice! : b.price;
}

/** The overlay's books in one order: ascending (key, id), with each book's key. */
export interface OverlayOrder {
  books: ListingBook[];
  keys: Float64Array;
}

/**
 * The visible books changed since the listing index's build (ListingIndex keeps them out of its arrays), and the
 * ways a listing reaches them without testing and sorting every one of them each time:
 * - by category, publisher and supplier: a listing filtered on them tests only the changed books they hold;
 * - in each sort's order, kept until the next change (by price: also until the next sale window's edge among
 *   them), so a listing walks them in order and stops once it holds its page's worth.
 */
export class ListingOverlay {
  private readonly books = new Map<number, ListingBook>();
  private readonly byCategory = new IdSets();
  private readonly byPublisher = new IdSets();
  private readonly bySupplier = new IdSets();
  private readonly orders = new Map<ListingSortField, OverlayOrder & { from: number; until: number }>();

  get size(): number {
    return this.books.size;
  }

  get(id: number): ListingBook | undefined {
    return this.books.get(id);
  }

  set(book: ListingBook): void {
    const held = this.books.get(book.id);
    // The feed reads its last versions again on every sync: a book as held keeps its orders (and decoded card).
    if (held && sameBook(held, book)) return;
    this.delete(book.id);
    this.books.set(book.id, book);
    for (const c of book.categoryIds) this.byCategory.add(c, book.id);
    if (book.publisherId !== null) this.byPublisher.add(book.publisherId, book.id);
    if (book.supplierId !== null) this.bySupplier.add(book.supplierId, book.id);
    this.orders.clear();
  }

  delete(id: number): void {
    const old = this.books.get(id);
    if (!old) return;
    this.books.delete(id);
    for (const c of old.categoryIds) this.byCategory.delete(c, id);
    if (old.publisherId !== null) this.byPublisher.delete(old.publisherId, id);
    if (old.supplierId !== null) this.bySupplier.delete(old.supplierId, id);
    this.orders.clear();
  }

  /**
   * The books a listing may match, found as the base's universe is: those of the category set, the publishers or
   * the suppliers with the fewest changed books (each once). Undefined when the filter names none of them, or the
   * fewest are still so many that walking an order is cheaper than sorting them.
   */
  candidates(f: { categorySets?: readonly (readonly number[])[]; publisherIds?: readonly number[]; supplierIds?: readonly number[] }): ListingBook[] | undefined {
    const options = (f.categorySets ?? []).map((set) => this.byCategory.lists(set));
    if (f.publisherIds) options.push(this.byPublisher.lists(f.publisherIds));
    if (f.supplierIds) options.push(this.bySupplier.lists(f.supplierIds));
    if (options.length === 0) return undefined;
    let best = options[0]!;
    for (const o of options) if (o.size < best.size) best = o;
    if (best.size === 0) return [];
    if (best.size > WALK_OVER_SORT * this.books.size) return undefined;
    const ids = best.lists.length === 1 ? best.lists[0]! : new Set(best.lists.flatMap((l) => [...l]));
    const out: ListingBook[] = [];
    for (const id of ids) out.push(this.books.get(id)!);
    return out;
  }

  /** Every book in ascending (key, id) of the sort field, as of `nowUs`. */
  ordered(field: ListingSortField, nowUs: number): OverlayOrder {
    const held = this.orders.get(field);
    if (held && held.from <= nowUs && nowUs < held.until) return held;
    const books = [...this.books.values()];
    const keyOf = (b: ListingBook) => overlayKey(b, field, nowUs);
    const keyed = books.map((b) => ({ b, key: keyOf(b) }));
    keyed.sort((x, y) => x.key - y.key || x.b.id - y.b.id);
    // By price the order holds while no sale window opens or closes: between the edges around `nowUs`.
    let from = -Infinity;
    let until = Infinity;
    if (field === 'price') {
      for (const b of books) {
        if (b.salePrice === null) continue;
        for (const edge of [b.saleStart, b.saleEnd]) {
          if (edge === null) continue;
          if (edge <= nowUs) from = Math.max(from, edge);
          else until = Math.min(until, edge);
        }
      }
    }
    const order = { books: keyed.map((x) => x.b), keys: Float64Array.from(keyed, (x) => x.key), from, until };
    this.orders.set(field, order);
    return order;
  }
}

/** The changed books' ids by one of their values (a category, publisher or supplier). */
class IdSets {
  private readonly sets = new Map<number, Set<number>>();

  add(value: number, id: number): void {
    let ids = this.sets.get(value);
    if (!ids) this.sets.set(value, (ids = new Set()));
    ids.add(id);
  }

  delete(value: number, id: number): void {
    const ids = this.sets.get(value);
    ids?.delete(id);
    if (ids?.size === 0) this.sets.delete(value);
  }

  /** The sets of these values that hold any book, and how many they hold together. */
  lists(values: readonly number[]): { lists: Set<number>[]; size: number } {
    const lists: Set<number>[] = [];
    let size = 0;
    for (const v of values) {
      const ids = this.sets.get(v);
      if (ids) {
        lists.push(ids);
        size += ids.size;
      }
    }
    return { lists, size };
  }
}

/** Above this share of the overlay, a category set's changed books are found by walking an order, not sorted. */
const WALK_OVER_SORT = 1 / 8;

/** A changed book's key in a listing's order (the effective price at `nowUs` by price). */
export function overlayKey(b: ListingBook, field: ListingSortField, nowUs: number): number {
  return field === 'createdAt' ? b.created : field === 'sold' ? b.sold : field === 'price' ? effectivePrice(b, nowUs) : b.id;
}

const FIELDS = ['status', 'created', 'sold', 'stock', 'price', 'salePrice', 'saleStart', 'saleEnd', 'publisherId', 'supplierId', 'language', 'ageMin'] as const;

/** The same values in every field, the categories and the card text. */
function sameBook(a: ListingBook, b: ListingBook): boolean {
  if (FIELDS.some((f) => a[f] !== b[f])) return false;
  if (a.categoryIds.length !== b.categoryIds.length || a.categoryIds.some((c, i) => c !== b.categoryIds[i])) return false;
  if (!a.card || !b.card) return a.card === b.card;
  return Buffer.compare(a.card, b.card) === 0;
}
