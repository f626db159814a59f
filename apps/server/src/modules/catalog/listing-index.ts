import { LRUCache } from 'lru-cache';
import { effectivePrice, ListingOverlay, overlayKey } from './listing-overlay.ts';
import { RankedBits } from './ranked-bits.ts';
/**
 * The shoppers' listings (category and catalogue pages: filters, the four storefront sorts, pages and totals)
 * answered from the visible books' columns held in this process (docs/decisions.md, "Listings from memory"):
 * PostgreSQL then reads only the 12-36 cards of a page. The same rules as repo.ts's SQL, row for row:
 * - filters: status, category sets (a book's category_ids meets each set), publishers, suppliers, languages, age,
 *   the effective price at `now` (sale price while the sale window is open, packages/shared/src/price.ts);
 * - order: (key, id) ascending or descending on created_at (microseconds), sold, the effective price, or id;
 * - total: every match counted, up to CATALOG_MAX_RESULT_WINDOW.
 * Books changed since the build are dead in the arrays and live in a small overlay (listing-overlay.ts; the feed of
 * listing-index-loader.ts), merged into every answer; a rebuild folds them back.
 */

/** One visible book as the database has it (the build's and the feed's row). */
export interface ListingBook {
  id: number;
  status: string;
  /** created_at in microseconds since the epoch. */
  created: number;
  sold: number;
  /** Not filtered on: the cards read it from here (CardFreshFields). */
  stock: number;
  price: number;
  salePrice: number | null;
  /** Sale window in microseconds; null: open on that side. */
  saleStart: number | null;
  saleEnd: number | null;
  publisherId: number | null;
  supplierId: number | null;
  language: string;
  ageMin: number;
  categoryIds: number[];
  /** Title, slug, picture and authors as listing-index-build.ts's cardTextSql gives them; absent: not held here. */
  card?: Uint8Array;
}

/**
 * What a card shows of a visible book as the index holds it: the listing's fields (sale window in microseconds, null:
 * open on that side), its first category, and the text cardTextSql made (decoded; shared, not to be changed).
 */
export type ListingCard = Pick<ListingBook, 'id' | 'status' | 'created' | 'sold' | 'stock' | 'price' | 'salePrice' | 'saleStart' | 'saleEnd'> & {
  categoryId: number | null;
  text: CardText;
};

export interface CardText {
  title: string;
  slug: string;
  thumbnail: string | null;
  authors: { id: number; name: string; slug: string }[];
}

/** The fields of cardTextSql's bytes (listing-index-build.ts). */
export function readCardText(bytes: Uint8Array): CardText {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let p = 0;
  const next = (): string | null => {
    const n = b.readInt32BE(p);
    p += 4;
    if (n < 0) return null;
    const text = b.toString('utf8', p, p + n);
    p += n;
    return text;
  };
  const title = next() ?? '';
  const slug = next() ?? '';
  const thumbnail = next();
  return { title, slug, thumbnail, authors: JSON.parse(next() ?? '[]') as CardText['authors'] };
}


export interface ListingFilter {
  statuses?: readonly string[];
  categorySets?: readonly (readonly number[])[];
  publisherIds?: readonly number[];
  supplierIds?: readonly number[];
  languages?: readonly string[];
  ageMin?: number;
  ageMax?: number;
  priceMin?: number;
  priceMax?: number;
}

export type ListingSortField = 'createdAt' | 'sold' | 'price' | 'id';
export interface ListingSort {
  field: ListingSortField;
  direction: 'asc' | 'desc';
}

export interface ListingAnswer {
  ids: number[];
  /** Matches counted, at most `cap`. */
  total: number;
}

/** The columns of the base, moved between threads as they are. */
export interface ListingColumns {
  ids: Int32Array;
  status: Uint8Array;
  created: Float64Array;
  sold: Int32Array;
  stock: Int32Array;
  price: Int32Array;
  /** -1: no sale price. */
  sale: Int32Array;
  saleStart: Float64Array;
  saleEnd: Float64Array;
  publisher: Int32Array;
  supplier: Int32Array;
  language: Uint8Array;
  age: Int16Array;
  catOff: Int32Array;
  catData: Int32Array;
  /** Book s's card text is cardData[cardOff[s], cardOff[s + 1]) (empty: not held). */
  cardOff: Int32Array;
  cardData: Uint8Array;
  statusNames: string[];
  languageNames: string[];
}

/**
 * Above `collectMax` candidates (or an eighth of the catalogue, when more: ListingIndex.collectMax) a listing walks the
 * sorted order instead of collecting and sorting its matches (a setting so the tests can take either path on a small
 * catalogue).
 */
export const listingTuning = { collectMax: 150_000 };
/** A remembered count of the base's matches of a filter (sale windows may open or close meanwhile) lives this long. */
const COUNT_TTL_MS = 60_000;

const NONE = -1;
/** A group's rows, read in a row, are read instead of up to this many times fewer candidates read at random. */
const ROWS_OVER_COLUMNS = 8;
/**
 * A row read in a row costs about this many times less than a book visited at random (measured at a million books:
 * 5-12 ns against 100-160 ns; taken low, as a collect also sorts its matches).
 */
const ROW_READS_PER_VISIT = 16;

/**
 * Fields of a group row's second word: supplier and publisher ids (ROW_ID_NONE: none) in 10 bits each, the
 * language's and the status's codes, and whether the book is still in the base.
 */
const ROW_ID_BITS = 10;
const ROW_ID_NONE = (1 << ROW_ID_BITS) - 1;
const ROW_PUBLISHER_SHIFT = ROW_ID_BITS;
const ROW_LANGUAGE_SHIFT = 2 * ROW_ID_BITS;
const ROW_LANGUAGE_CODES = 16;
const ROW_STATUS_SHIFT = ROW_LANGUAGE_SHIFT + 4;
const ROW_STATUS_CODES = 8;
const ROW_ALIVE = 1 << (ROW_STATUS_SHIFT + 3);
/** The book's sale runs now (read in the price orders' rows: which side of the price split it is on). */
const ROW_SALE = ROW_ALIVE << 1;

/** Members of each value of a dimension (category, publisher, supplier, language): slots in ascending order. */
class Members {
  constructor(
    readonly off: Int32Array,
    readonly data: Int32Array,
  ) {}

  /** The slots 0..slots - 1 (or those of `slots`, in its order) of each value `valueOf` gives them. */
  static of(slots: number | Int32Array, valueOf: (slot: number, out: number[]) => void, values: number): Members {
    const n = typeof slots === 'number' ? slots : slots.length;
    const slotAt = typeof slots === 'number' ? (i: number) => i : (i: number) => slots[i]!;
    const count = new Int32Array(values + 1);
    const tmp: number[] = [];
    for (let i = 0; i < n; i++) {
      const s = slotAt(i);
      tmp.length = 0;
      valueOf(s, tmp);
      for (const v of tmp) if (v >= 0 && v < values) count[v + 1]!++;
    }
    for (let v = 0; v < values; v++) count[v + 1]! += count[v]!;
    const off = count.slice();
    const data = new Int32Array(off[values]!);
    const fill = off.slice(0, values);
    for (let i = 0; i < n; i++) {
      const s = slotAt(i);
      tmp.length = 0;
      valueOf(s, tmp);
      for (const v of tmp) if (v >= 0 && v < values) data[fill[v]!++] = s;
    }
    return new Members(off, data);
  }

  size(v: number): number {
    return v >= 0 && v + 1 < this.off.length ? this.off[v + 1]! - this.off[v]! : 0;
  }

  list(v: number): Int32Array {
    return v >= 0 && v + 1 < this.off.length ? this.data.subarray(this.off[v]!, this.off[v + 1]!) : new Int32Array(0);
  }
}

/** Slots sorted by (key, id) ascending, and each slot's position in that order. */
function orderBy(n: number, key: (s: number) => number, include: (s: number) => boolean = () => true): { perm: Int32Array; rank: Int32Array } {
  const slots: number[] = [];
  for (let s = 0; s < n; s++) if (include(s)) slots.push(s);
  const keys = new Float64Array(n);
  for (const s of slots) keys[s] = key(s);
  // Slots are in id order, so the slot breaks ties as the id does.
  slots.sort((a, b) => keys[a]! - keys[b]! || a - b);
  const perm = Int32Array.from(slots);
  const rank = new Int32Array(n).fill(NONE);
  for (let i = 0; i < perm.length; i++) rank[perm[i]!] = i;
  return { perm, rank };
}

/** Candidates of a listing: lists of base slots every match is in, and the conditions left to test on them. */
interface Universe {
  lists: Int32Array[];
  size: number;
  /** A slot may be in more than one list. */
  dedupe: boolean;
  rest: Compiled;
  /** A group's books in the created order: the row of its list's first in `createdRows`. */
  rowsFrom?: number;
}

/** The conditions a group row can answer (ROW_* fields and the effective price). */
interface RowTest {
  statuses: Uint8Array | undefined;
  languages: Uint8Array | undefined;
  publishers: Uint8Array | undefined;
  suppliers: Uint8Array | undefined;
  price: boolean;
  priceMin: number;
  priceMax: number;
}

/** A filter compiled against the base's codes. */
interface Compiled {
  statuses: Uint8Array | undefined;
  /** The filter's statuses and languages as given (a changed book's may have no code in the base). */
  statusNames: readonly string[] | undefined;
  languageNames: readonly string[] | undefined;
  categoryFlags: Uint8Array[];
  /** Flags by publisher (supplier) id. */
  publishers: Uint8Array | undefined;
  suppliers: Uint8Array | undefined;
  languages: Uint8Array | undefined;
  age: boolean;
  ageMin: number;
  ageMax: number;
  price: boolean;
  priceMin: number;
  priceMax: number;
  nowUs: number;
}

export class ListingIndex {
  readonly builtAt = Date.now();
  private readonly n: number;
  private readonly c: ListingColumns;
  private readonly alive: Uint8Array;
  /** Slot of each id (-1: not in the base). */
  private readonly slotById: Int32Array;
  private readonly byCreated: { perm: Int32Array; rank: Int32Array };
  private readonly bySold: { perm: Int32Array; rank: Int32Array };
  private readonly byPrice: { perm: Int32Array; rank: Int32Array };
  private readonly bySale: { perm: Int32Array; rank: Int32Array };
  private readonly categories: Members;
  /** Each value's books by list price, and (`...OnSale`) those with a sale price by sale price. */
  private readonly publishers: Members;
  private readonly suppliers: Members;
  private readonly languages: Members;
  private readonly publishersOnSale: Members;
  private readonly suppliersOnSale: Members;
  private readonly languagesOnSale: Members;
  private readonly maxCategory: number;
  /** Groups (a category with its descendants): found by their sorted ids, their books in each order. */
  private readonly groupByKey = new Map<string, number>();
  private readonly groupOf: Int32Array;
  private readonly groupParent: Int32Array;
  private readonly groupSlots: Members;
  private readonly groupCreated: Members;
  private readonly groupSold: Members;
  private readonly groupPrice: Members;
  private readonly groupSale: Members;
  /** Books of each group still in the base (kept by kill(): a category page's count costs nothing). */
  private readonly groupAlive: Int32Array;
  private readonly groupMark: Int32Array;
  private groupMarkValue = 0;
  /**
   * Positions of the books gone from the base in the lists a walk may start deep in (the created and sold orders of
   * the catalogue and of each group, and the catalogue's slots), ascending, by deadKey: a page of a list whose
   * every book matches starts past its first `offset` books still there, none visited. Books keep changing (stock
   * with every order), so a big category's last page would otherwise walk up to the cap.
   */
  private readonly deadAt = new Map<number, number[]>();
  /**
   * For a price list (the catalogue's or a group's, list or sale prices: priceKey), which of its books are on that
   * side now and still there: made with the parts (listingParts), then kept by kill() and the sale edges. A page
   * sorted by price whose every book matches starts at the page on both sides, and a price range alone is counted.
   */
  private readonly priceBits = new Map<number, RankedBits>();
  /** ListingParts' value counts, kept by kill(). */
  private readonly languageCounts: Int32Array;
  private readonly publisherCounts: Int32Array;
  private readonly supplierCounts: Int32Array;
  /** Books changed since the build (visible ones; a hidden or deleted one is only dead in the base). */
  private readonly overlay = new ListingOverlay();
  // The base's card texts decoded, by slot: the cards of the pages opened most are not decoded for every listing
  // (their bytes never change in this index; a changed book moves to the overlay). Goes with the index.
  private readonly decoded = new LRUCache<number, CardText>({ max: 20_000 });
  /** The changed books' card texts decoded (a change replaces the book, and its entry goes with the old one). */
  private readonly overlayDecoded = new WeakMap<ListingBook, CardText>();
  private dead = 0;
  private stamp: Int32Array;
  private stampValue = 0;
  /**
   * Counts of the base's matches of a filter (walking plans only), valid while no book left the base and no sale
   * window opened or closed (`generation`), COUNT_TTL_MS.
   */
  private readonly counts = new Map<string, { total: number; generation: number; at: number }>();
  private generation = 0;
  /**
   * Each book's effective price and whether its sale runs, as of `effAt` (microseconds): one read per book where
   * the sale price and its window were four. Moved to a listing's `now` by the sale windows' edges passed since.
   */
  private readonly eff: Int32Array;
  private readonly saleNow: Uint8Array;
  private effAt: number;
  private readonly edgeTime: Float64Array;
  private readonly edgeSlot: Int32Array;
  private readonly edgeOpens: Uint8Array;
  /** Edges before this one have passed at `effAt`. */
  private edgePos: number;
  /**
   * Two words a row, a row for each entry of an order (created, sold, list price, sale price) of each group and then
   * of the catalogue: the book's effective price and ROW_* fields (alive, status, language, publisher, supplier, sale
   * running). A walk reads its order's rows one after the other, not each book's columns at random, and a category
   * page's count reads its group's created rows in a row (empty: the codes do not fit, the columns are read).
   */
  private readonly rows: { rows: Int32Array; lists: Members; order: { perm: Int32Array; rank: Int32Array } }[];
  /** The created order's rows (a group's candidates, read by its count and sample). */
  private readonly createdRows: Int32Array;

  constructor(parts: ListingParts) {
    const c = parts.columns;
    this.c = c;
    this.n = c.ids.length;
    this.alive = new Uint8Array(this.n).fill(1);
    this.slotById = parts.slotById;
    this.byCreated = { perm: parts.createdPerm, rank: parts.createdRank };
    this.bySold = { perm: parts.soldPerm, rank: parts.soldRank };
    this.byPrice = { perm: parts.pricePerm, rank: parts.priceRank };
    this.bySale = { perm: parts.salePerm, rank: parts.saleRank };
    this.categories = new Members(parts.categoryOff, parts.categoryData);
    this.publishers = new Members(parts.publisherOff, parts.publisherData);
    this.suppliers = new Members(parts.supplierOff, parts.supplierData);
    this.languages = new Members(parts.languageOff, parts.languageData);
    this.publishersOnSale = new Members(parts.publisherSaleOff, parts.publisherSaleData);
    this.suppliersOnSale = new Members(parts.supplierSaleOff, parts.supplierSaleData);
    this.languagesOnSale = new Members(parts.languageSaleOff, parts.languageSaleData);
    this.maxCategory = parts.categoryOff.length - 2;
    this.stamp = new Int32Array(this.n);
    const groups = parts.groupIds.length;
    this.groupOf = new Int32Array(parts.groupIds.reduce((m, id) => Math.max(m, id), -1) + 1).fill(NONE);
    for (let g = 0; g < groups; g++) {
      this.groupOf[parts.groupIds[g]!] = g;
      this.groupByKey.set(parts.groupCats.subarray(parts.groupCatOff[g]!, parts.groupCatOff[g + 1]!).join(','), g);
    }
    this.groupParent = parts.groupParent;
    this.groupSlots = new Members(parts.groupSlotOff, parts.groupSlot);
    this.groupCreated = new Members(parts.groupCreatedOff, parts.groupCreated);
    this.groupSold = new Members(parts.groupSoldOff, parts.groupSold);
    this.groupPrice = new Members(parts.groupPriceOff, parts.groupPrice);
    this.groupSale = new Members(parts.groupSaleOff, parts.groupSale);
    this.groupAlive = new Int32Array(groups);
    for (let g = 0; g < groups; g++) this.groupAlive[g] = this.groupCreated.size(g);
    this.groupMark = new Int32Array(groups);
    this.edgeTime = parts.saleEdgeTime;
    this.edgeSlot = parts.saleEdgeSlot;
    this.edgeOpens = parts.saleEdgeOpens;
    this.rows = [
      { rows: parts.createdRows, lists: this.groupCreated, order: this.byCreated },
      { rows: parts.soldRows, lists: this.groupSold, order: this.bySold },
      { rows: parts.priceRows, lists: this.groupPrice, order: this.byPrice },
      { rows: parts.saleRows, lists: this.groupSale, order: this.bySale },
    ];
    this.createdRows = this.rows[0]!.rows;
    this.effAt = Date.now() * 1000;
    this.eff = new Int32Array(this.n);
    this.saleNow = new Uint8Array(this.n);
    for (let s = 0; s < this.n; s++) {
      const on = saleRuns(c, s, this.effAt);
      this.saleNow[s] = on ? 1 : 0;
      this.eff[s] = on ? c.sale[s]! : c.price[s]!;
    }
    this.edgePos = edgeIndex(this.edgeTime, this.effAt);
    this.languageCounts = parts.languageCounts;
    this.publisherCounts = parts.publisherCounts;
    this.supplierCounts = parts.supplierCounts;
    const words = parts.priceBitsWords;
    const wordsOff = parts.priceBitsOff;
    for (let g = NONE; g < groups; g++) {
      for (const onSale of [false, true]) {
        const key = priceKey(g, onSale);
        const length = this.priceList(g, onSale).length;
        this.priceBits.set(key, new RankedBits(length, words.subarray(wordsOff[key]!, wordsOff[key + 1]!)));
      }
    }
    // The bits and the rows are of the parts' time: the books whose sale opened or closed since move to their side now.
    const [a, b] = [parts.priceBitsAt[0]!, this.effAt].sort((x, y) => x - y);
    for (let e = edgeIndex(this.edgeTime, a!); e < edgeIndex(this.edgeTime, b!); e++) {
      this.placePrice(this.edgeSlot[e]!);
      this.placeRows(this.edgeSlot[e]!);
    }
  }

  /** A price list: the catalogue's (NONE) or a group's, by list price or by sale price. */
  private priceList(group: number, onSale: boolean): Int32Array {
    if (group === NONE) return onSale ? this.bySale.perm : this.byPrice.perm;
    return onSale ? this.groupSale.list(group) : this.groupPrice.list(group);
  }

  /** The sale windows' edges between `effAt` and `nowUs` (either way: requests may come with a `now` a little older). */
  private advance(nowUs: number): void {
    if (nowUs === this.effAt) return;
    const t = this.edgeTime;
    while (this.edgePos < t.length && t[this.edgePos]! <= nowUs) this.edge(this.edgePos++, true);
    while (this.edgePos > 0 && t[this.edgePos - 1]! > nowUs) this.edge(--this.edgePos, false);
    this.effAt = nowUs;
  }

  private edge(e: number, forward: boolean): void {
    const s = this.edgeSlot[e]!;
    const on = this.edgeOpens[e] === 1 ? forward : !forward;
    const price = on ? this.c.sale[s]! : this.c.price[s]!;
    // A price filter's remembered counts may change with it.
    this.generation++;
    this.saleNow[s] = on ? 1 : 0;
    this.eff[s] = price;
    this.placeRows(s);
    this.placePrice(s);
  }

  /** The base slot `s`'s rows take its effective price and sale flag now. */
  private placeRows(s: number): void {
    const price = this.eff[s]!;
    const on = this.saleNow[s] === 1;
    this.eachRow(s, (rows, j) => {
      rows[2 * j] = price;
      rows[2 * j + 1] = on ? rows[2 * j + 1]! | ROW_SALE : rows[2 * j + 1]! & ~ROW_SALE;
    });
  }

  /** Calls `visit` with each row of the base slot `s` (in each order: its groups' and the catalogue's). */
  private eachRow(s: number, visit: (rows: Int32Array, j: number) => void): void {
    if (this.createdRows.length === 0) return;
    for (const { rows, lists, order } of this.rows) {
      // The sale price order holds the books with a sale price only.
      if (order.rank[s] === NONE) continue;
      this.eachGroupOf(s, (x) => visit(rows, lists.off[x]! + positionIn(lists.list(x), order.rank, s)));
      visit(rows, lists.data.length + order.rank[s]!);
    }
  }

  /** The rows of a group's (NONE: the catalogue's) order of a sort (one side of the price split): its first row's index. */
  private orderRows(group: number, field: ListingSortField, onSale = false): { rows: Int32Array; from: number } | undefined {
    if (this.createdRows.length === 0 || field === 'id') return undefined;
    const { rows, lists } = this.rows[field === 'createdAt' ? 0 : field === 'sold' ? 1 : onSale ? 3 : 2]!;
    return { rows, from: group === NONE ? lists.data.length : lists.off[group]! };
  }

  /** Calls `visit` with each group the base slot `s` is in (its categories' and their ancestors'), once each. */
  private eachGroupOf(s: number, visit: (group: number) => void): void {
    const mark = ++this.groupMarkValue;
    const c = this.c;
    for (let i = c.catOff[s]!; i < c.catOff[s + 1]!; i++) {
      const cat = c.catData[i]!;
      for (let x = cat < this.groupOf.length ? this.groupOf[cat]! : NONE; x !== NONE && this.groupMark[x] !== mark; x = this.groupParent[x]!) {
        this.groupMark[x] = mark;
        visit(x);
      }
    }
  }

  /**
   * One side of a price list (the catalogue's, or a group's) within the filter's price range: its books there are
   * the bits' members `lo` to `lo + count` (in the list's order).
   */
  private priceSide(group: number, onSale: boolean, f: ListingFilter): { onSale: boolean; list: Int32Array; bits: RankedBits; lo: number; count: number } {
    const list = this.priceList(group, onSale);
    const [from, to] = this.priceRange(list, onSale, f);
    const bits = this.priceBits.get(priceKey(group, onSale))!;
    const lo = bits.rank(from);
    return { onSale, list, bits, lo, count: bits.rank(to) - lo };
  }

  /** The base slot `s` is on its side now (alive, sale as `saleNow`) or off both: its price lists' bits follow. */
  private placePrice(s: number): void {
    const saleRank = this.bySale.rank[s]!;
    const listSide = this.alive[s] === 1 && this.saleNow[s] === 0;
    const saleSide = this.alive[s] === 1 && this.saleNow[s] === 1;
    const set = (group: number, onSale: boolean, position: number, on: boolean) => {
      const bits = this.priceBits.get(priceKey(group, onSale))!;
      if (on) bits.add(position);
      else bits.remove(position);
    };
    set(NONE, false, this.byPrice.rank[s]!, listSide);
    if (saleRank !== NONE) set(NONE, true, saleRank, saleSide);
    this.eachGroupOf(s, (x) => {
      set(x, false, positionIn(this.groupPrice.list(x), this.byPrice.rank, s), listSide);
      if (saleRank !== NONE) set(x, true, positionIn(this.groupSale.list(x), this.bySale.rank, s), saleSide);
    });
  }

  stats(): { books: number; overlay: number; dead: number; builtAt: number } {
    return { books: this.n - this.dead + this.overlay.size, overlay: this.overlay.size, dead: this.dead, builtAt: this.builtAt };
  }

  /** The card of a visible book as of the last sync; undefined when the index does not hold it. */
  card(id: number): ListingCard | undefined {
    const o = this.overlay.get(id);
    if (o) {
      if (!o.card?.length) return undefined;
      return { id, status: o.status, created: o.created, sold: o.sold, stock: o.stock, price: o.price, salePrice: o.salePrice,
        saleStart: o.saleStart, saleEnd: o.saleEnd, categoryId: o.categoryIds[0] ?? null, text: this.overlayText(o, o.card) };
    }
    const s = id >= 0 && id < this.slotById.length ? this.slotById[id]! : NONE;
    if (s === NONE || !this.alive[s]) return undefined;
    const c = this.c;
    if (c.cardOff[s] === c.cardOff[s + 1]) return undefined;
    const sale = c.sale[s]!;
    return {
      id,
      status: c.statusNames[c.status[s]!]!,
      created: c.created[s]!,
      sold: c.sold[s]!,
      stock: c.stock[s]!,
      price: c.price[s]!,
      salePrice: sale === NONE ? null : sale,
      saleStart: Number.isFinite(c.saleStart[s]!) ? c.saleStart[s]! : null,
      saleEnd: Number.isFinite(c.saleEnd[s]!) ? c.saleEnd[s]! : null,
      categoryId: c.catOff[s]! < c.catOff[s + 1]! ? c.catData[c.catOff[s]!]! : null,
      text: this.decoded.get(s) ?? this.decodeCard(s),
    };
  }

  private overlayText(book: ListingBook, bytes: Uint8Array): CardText {
    let text = this.overlayDecoded.get(book);
    if (!text) this.overlayDecoded.set(book, (text = readCardText(bytes)));
    return text;
  }

  private decodeCard(s: number): CardText {
    const text = readCardText(this.c.cardData.subarray(this.c.cardOff[s]!, this.c.cardOff[s + 1]!));
    this.decoded.set(s, text);
    return text;
  }

  /** A book changed (or came): visible ones go to the overlay, every one leaves the base. */
  apply(book: ListingBook, visible: boolean): void {
    this.kill(book.id);
    if (visible) this.overlay.set(book);
    else this.overlay.delete(book.id);
  }

  remove(id: number): void {
    this.kill(id);
    this.overlay.delete(id);
  }

  private kill(id: number): void {
    const slot = id >= 0 && id < this.slotById.length ? this.slotById[id]! : NONE;
    if (slot !== NONE && this.alive[slot]) {
      // The base changed: its remembered counts are stale (the overlay's matches are counted on every listing).
      this.generation++;
      this.alive[slot] = 0;
      this.dead++;
      this.eachRow(slot, (rows, j) => (rows[2 * j + 1]! &= ~ROW_ALIVE));
      // Out of every group of its categories and their ancestors, once each.
      this.countValues(NONE, slot, -1);
      this.eachGroupOf(slot, (x) => {
        this.groupAlive[x]!--;
        this.countValues(x, slot, -1);
        this.noteDead(deadKey(x, 'createdAt'), positionIn(this.groupCreated.list(x), this.byCreated.rank, slot));
        this.noteDead(deadKey(x, 'sold'), positionIn(this.groupSold.list(x), this.bySold.rank, slot));
      });
      this.noteDead(deadKey(NONE, 'createdAt'), this.byCreated.rank[slot]!);
      this.noteDead(deadKey(NONE, 'sold'), this.bySold.rank[slot]!);
      this.noteDead(deadKey(NONE, 'id'), slot);
      this.placePrice(slot);
    }
  }

  /** Adds `by` to the value counts of the base slot `s` in a group's row (NONE: the catalogue's). */
  private countValues(group: number, s: number, by: number): void {
    const c = this.c;
    const add = (counts: Int32Array, v: number) => {
      const width = counts.length / (this.groupParent.length + 1);
      if (v >= 0 && v < width) counts[(group + 1) * width + v]! += by;
    };
    add(this.languageCounts, c.language[s]!);
    add(this.publisherCounts, c.publisher[s]!);
    add(this.supplierCounts, c.supplier[s]!);
  }

  /**
   * The base's books of a group (NONE: the catalogue) passing `k` when its one condition is a language, publisher or
   * supplier set (undefined otherwise): read from the value counts.
   */
  private valueCount(group: number, k: Compiled): number | undefined {
    if (k.statuses || k.age || k.price || k.categoryFlags.length > 0) return undefined;
    if (Number(!!k.languages) + Number(!!k.publishers) + Number(!!k.suppliers) !== 1) return undefined;
    return this.valueBound(group, k);
  }

  /**
   * At most how many of the base's books of a group (NONE: the catalogue) pass `k`: the fewest of any one of its
   * language, publisher or supplier sets, read from the value counts (undefined: `k` has none).
   */
  private valueBound(group: number, k: Compiled): number | undefined {
    let bound: number | undefined;
    const sets: [Uint8Array | undefined, Int32Array][] = [
      [k.languages, this.languageCounts],
      [k.publishers, this.publisherCounts],
      [k.suppliers, this.supplierCounts],
    ];
    for (const [flags, counts] of sets) {
      if (!flags) continue;
      const width = counts.length / (this.groupParent.length + 1);
      const row = (group + 1) * width;
      let total = 0;
      for (let v = 0; v < flags.length && v < width; v++) if (flags[v]) total += counts[row + v]!;
      bound = Math.min(bound ?? total, total);
    }
    return bound;
  }

  /**
   * The base's matches of a listing when they are read, not counted (undefined otherwise): a count remembered for
   * its filter, every book, a category page's group, a price range alone (by ranks), or one language, publisher or
   * supplier set alone (the value counts).
   */
  private readTotal(f: ListingFilter, k: Compiled, group: { set: number; group: number } | undefined, grouped: Universe | undefined, countKey: string | undefined): number | undefined {
    const known = countKey === undefined ? undefined : this.counts.get(countKey);
    if (known && known.generation === this.generation && Date.now() - known.at < COUNT_TTL_MS) return known.total;
    // No condition at all: every book of the base that is still there.
    if (noCondition(k)) return this.n - this.dead;
    if (group && !grouped) return undefined;
    const g = group ? group.group : NONE;
    const rest = grouped ? grouped.rest : k;
    // A category page without other conditions: the group's books still in the base.
    if (group && noCondition(rest)) return this.groupAlive[g]!;
    // A price range alone: the books of both price sides within it, counted by their ranks, not read.
    if (onlyPrice(rest)) return this.priceSide(g, false, f).count + this.priceSide(g, true, f).count;
    return this.valueCount(g, rest);
  }

  /**
   * The base's matches of a listing counted, up to `cap`, and remembered under `countKey` (a walking plan's count,
   * when readTotal has none): estimated at the cap when a sample shows far more, else read from the rows in a row
   * (the group's or the catalogue's) or from the candidates (every book without any).
   */
  private countBase(f: ListingFilter, k: Compiled, group: { set: number; group: number } | undefined, universe: Universe | undefined, byRows: Universe | undefined, cap: number, sample: () => { seen: number; hits: number }, countKey: string | undefined): number {
    let total = 0;
    const alive = this.alive;
    const countTest = group ? byRows && this.rowTest(byRows) : this.rowTestOf(k);
    let spans: ReturnType<ListingIndex['countRows']> | undefined;
    const countRows = (t: RowTest) => (spans ??= this.countRows(group ? group.group : NONE, t, f));
    if (universe && sample().hits >= 48 && (sample().hits / sample().seen) * (universe.lists[0]?.length ?? 0) >= 2 * cap) {
      // Far more than the cap match (measured on the sample of the first list, whose matches alone are a lower
      // bound of the total): counting them would only reach the cap.
      total = cap;
    } else if (countTest && (!universe || countRows(countTest).size <= ROWS_OVER_COLUMNS * universe.size)) {
      // The rows read in a row (the group's, or the catalogue's), to the cap: less than the candidates at random.
      for (const r of countRows(countTest).spans) {
        for (let j = r.from; j < r.to && total < cap; j++) if (this.rowMatches(r.rows, j, countTest, r.side)) total++;
      }
    } else if (universe) {
      const rest = universe.rest;
      const stamp = universe.dedupe ? this.nextStamp() : 0;
      outer: for (const list of universe.lists) {
        for (let i = 0; i < list.length; i++) {
          const s = list[i]!;
          if (stamp) {
            if (this.stamp[s] === stamp) continue;
            this.stamp[s] = stamp;
          }
          if (alive[s] && this.matches(s, rest) && ++total >= cap) break outer;
        }
      }
    } else {
      for (let s = 0; s < this.n && total < cap; s++) if (alive[s] && this.matches(s, k)) total++;
    }
    if (countKey !== undefined) {
      if (this.counts.size >= 5_000) this.counts.clear();
      this.counts.set(countKey, { total, generation: this.generation, at: Date.now() });
    }
    return total;
  }

  private noteDead(key: number, position: number): void {
    const list = this.deadAt.get(key) ?? [];
    this.deadAt.set(key, list);
    list.splice(firstNot(0, list.length, (i) => list[i]! < position), 0, position);
  }

  /** The group a category set of the filter is (the smallest, if several are), and which set it is. */
  private groupFor(f: ListingFilter): { set: number; group: number } | undefined {
    let best: { set: number; group: number } | undefined;
    (f.categorySets ?? []).forEach((set, i) => {
      const g = this.groupByKey.get([...new Set(set)].sort((a, b) => a - b).join(','));
      if (g !== undefined && (!best || this.groupCreated.size(g) < this.groupCreated.size(best.group))) best = { set: i, group: g };
    });
    return best;
  }

  /** A group's books in a sort order (one side of the price split), or undefined for the id order. */
  private groupOrder(g: number, field: ListingSortField, onSale: boolean): Int32Array | undefined {
    switch (field) {
      case 'createdAt':
        return this.groupCreated.list(g);
      case 'sold':
        return this.groupSold.list(g);
      case 'price':
        return onSale ? this.groupSale.list(g) : this.groupPrice.list(g);
      default:
        return undefined;
    }
  }

  private compile(f: ListingFilter, nowUs: number): Compiled | undefined {
    const c = this.c;
    let statuses: Uint8Array | undefined;
    if (f.statuses) {
      statuses = new Uint8Array(c.statusNames.length);
      c.statusNames.forEach((name, i) => (statuses![i] = f.statuses!.includes(name) ? 1 : 0));
    }
    const categoryFlags = (f.categorySets ?? []).map((set) => {
      const flags = new Uint8Array(Math.max(this.maxCategory, ...set) + 1);
      for (const id of set) flags[id] = 1;
      return flags;
    });
    let languages: Uint8Array | undefined;
    if (f.languages) {
      languages = new Uint8Array(c.languageNames.length);
      c.languageNames.forEach((name, i) => (languages![i] = f.languages!.includes(name) ? 1 : 0));
    }
    return {
      statuses,
      statusNames: f.statuses,
      languageNames: f.languages,
      categoryFlags,
      publishers: f.publisherIds ? idFlags(f.publisherIds) : undefined,
      suppliers: f.supplierIds ? idFlags(f.supplierIds) : undefined,
      languages,
      age: f.ageMin !== undefined || f.ageMax !== undefined,
      ageMin: f.ageMin ?? -Infinity,
      ageMax: f.ageMax ?? Infinity,
      price: f.priceMin !== undefined || f.priceMax !== undefined,
      priceMin: f.priceMin ?? -Infinity,
      priceMax: f.priceMax ?? Infinity,
      nowUs,
    };
  }


  /** The base book in `slot` passes every condition (alive is the caller's test). */
  private matches(s: number, k: Compiled): boolean {
    const c = this.c;
    // Single values first, the category lists (a second memory read per book) last.
    if (k.statuses && !k.statuses[c.status[s]!]) return false;
    if (k.publishers && !k.publishers[c.publisher[s]!]) return false;
    if (k.suppliers && !k.suppliers[c.supplier[s]!]) return false;
    if (k.languages && !k.languages[c.language[s]!]) return false;
    if (k.age) {
      const age = c.age[s]!;
      if (age < k.ageMin || age > k.ageMax) return false;
    }
    if (k.price) {
      const p = this.eff[s]!;
      if (p < k.priceMin || p > k.priceMax) return false;
    }
    const flagsList = k.categoryFlags;
    for (let f = 0; f < flagsList.length; f++) {
      const flags = flagsList[f]!;
      const end = c.catOff[s + 1]!;
      let i = c.catOff[s]!;
      while (i < end && !flags[c.catData[i]!]) i++;
      if (i === end) return false;
    }
    return true;
  }

  /**
   * The changed books matching `k` walked in the sort's order: the first `want` pushed to `out`, every one counted
   * (the count answered).
   */
  private overlayWalk(k: Compiled, field: ListingSortField, desc: boolean, want: number, out: { book: ListingBook; key: number }[]): number {
    const { books, keys } = this.overlay.ordered(field, k.nowUs);
    if (noCondition(k)) {
      for (let j = 0; j < books.length && j < want; j++) {
        const pos = desc ? books.length - 1 - j : j;
        out.push({ book: books[pos]!, key: keys[pos]! });
      }
      return books.length;
    }
    let total = 0;
    for (let j = 0; j < books.length; j++) {
      const pos = desc ? books.length - 1 - j : j;
      const b = books[pos]!;
      if (!this.overlayMatches(b, k)) continue;
      total++;
      if (out.length < want) out.push({ book: b, key: keys[pos]! });
    }
    return total;
  }

  /** A changed book passes `k` (read from the compiled filter only: the filters' own objects come in many shapes). */
  private overlayMatches(b: ListingBook, k: Compiled): boolean {
    if (k.statusNames && !k.statusNames.includes(b.status)) return false;
    const cats = b.categoryIds;
    for (const flags of k.categoryFlags) {
      let i = 0;
      while (i < cats.length && flags[cats[i]!] !== 1) i++;
      if (i === cats.length) return false;
    }
    if (k.publishers && (b.publisherId === null || !k.publishers[b.publisherId])) return false;
    if (k.suppliers && (b.supplierId === null || !k.suppliers[b.supplierId])) return false;
    if (k.languageNames && !k.languageNames.includes(b.language)) return false;
    if (k.age && (b.ageMin < k.ageMin || b.ageMin > k.ageMax)) return false;
    if (k.price) {
      const p = effectivePrice(b, k.nowUs);
      if (p < k.priceMin || p > k.priceMax) return false;
    }
    return true;
  }

  /**
   * The smallest list of base slots every match is in (the members of a filtered category set, publishers,
   * suppliers or languages), or undefined when no such filter is given (every slot is a candidate).
   */
  private universe(f: ListingFilter, k: Compiled, group: { set: number; group: number } | undefined): { best: Universe | undefined; grouped: Universe | undefined } {
    const options: Universe[] = [];
    let grouped: Universe | undefined;
    const union = (members: Members, values: number[], dedupe: boolean, rest: Compiled) => {
      const lists = values.map((v) => members.list(v)).filter((l) => l.length > 0);
      options.push({ lists, size: lists.reduce((n, l) => n + l.length, 0), dedupe: dedupe && lists.length > 1, rest });
    };
    // Each option's `rest` leaves out the condition its candidates already meet (a book's publisher, supplier and
    // language are single values; a book in two categories of a set is in two lists, hence the dedupe). A set that
    // is a group is one list, each book once.
    (f.categorySets ?? []).forEach((set, i) => {
      const rest = { ...k, categoryFlags: k.categoryFlags.filter((_, j) => j !== i) };
      if (group?.set === i) {
        // With rows, in the created order (a count or a sample reads its rows); without, in slot order (it reads the
        // columns forwards, not at random).
        const rows = this.orderRows(group.group, 'createdAt');
        const list = (rows ? this.groupCreated : this.groupSlots).list(group.group);
        grouped = { lists: list.length > 0 ? [list] : [], size: list.length, dedupe: false, rest, rowsFrom: rows?.from };
        options.push(grouped);
      } else union(this.categories, [...new Set(set)], true, rest);
    });
    // A book has one publisher, supplier and language. With a price range, only each value's books within it: those
    // whose list price is, and those whose sale price is (a book may be both, hence the dedupe).
    const priced = f.priceMin !== undefined || f.priceMax !== undefined;
    const byValue = (members: Members, onSale: Members, values: number[], rest: Compiled) => {
      if (!priced) return union(members, values, false, rest);
      const lists = values.flatMap((v) => [false, true].map((sale) => {
        const list = (sale ? onSale : members).list(v);
        return list.subarray(...this.priceRange(list, sale, f));
      })).filter((l) => l.length > 0);
      options.push({ lists, size: lists.reduce((m, l) => m + l.length, 0), dedupe: lists.length > 1, rest });
    };
    if (f.publisherIds) byValue(this.publishers, this.publishersOnSale, [...new Set(f.publisherIds)], { ...k, publishers: undefined });
    if (f.supplierIds) byValue(this.suppliers, this.suppliersOnSale, [...new Set(f.supplierIds)], { ...k, suppliers: undefined });
    if (k.languages) byValue(this.languages, this.languagesOnSale, [...k.languages.keys()].filter((i) => k.languages![i]), { ...k, languages: undefined });
    if (priced) {
      // Every match pays a price in the range: its list price (a range of the price order) or its sale price (a
      // range of the sale order); the effective price is still tested on each candidate.
      const a = this.byPrice.perm.subarray(...this.priceRange(this.byPrice.perm, false, f));
      const b = this.bySale.perm.subarray(...this.priceRange(this.bySale.perm, true, f));
      const lists = [a, b].filter((l) => l.length > 0);
      options.push({ lists, size: a.length + b.length, dedupe: lists.length > 1, rest: k });
    }
    return { best: options.sort((a, b) => a.size - b.size)[0], grouped };
  }

  /**
   * Collecting the candidates' matches (one visit per candidate, then a sort) costs less than walking the sorted
   * order for the page (about want / density visits)? The density of matches among the candidates is measured on
   * a sample of them. `byRows`: the candidates are a group's rows, read in a row, each a fraction of a visit (a
   * category page with a rare publisher walked its whole group at random before); `walkByRows`: so is the walk.
   */
  private collectBeats(u: Universe, want: number, sides: number, walkSpan: number, sample: { seen: number; hits: number }, byRows: boolean, walkByRows: boolean): boolean {
    if (u.size <= 4 * want && !walkByRows) return true;
    if (sample.hits === 0) return true;
    const density = ((sample.hits / sample.seen) * u.size) / walkSpan;
    return (sides * want) / density / (walkByRows ? ROW_READS_PER_VISIT : 1) > (byRows ? u.size / ROW_READS_PER_VISIT : u.size);
  }

  /** Matches among a sample of (at most 256 of) the candidates' first list. */
  private sample(u: Universe): { seen: number; hits: number } {
    const first = u.lists[0];
    if (!first) return { seen: 0, hits: 0 };
    const step = Math.max(1, Math.floor(first.length / 256));
    const rows = this.rowTest(u);
    let seen = 0;
    let hits = 0;
    for (let i = 0; i < first.length; i += step) {
      seen++;
      if (rows ? this.rowMatches(this.createdRows, u.rowsFrom! + i, rows) : this.alive[first[i]!] && this.matches(first[i]!, u.rest)) hits++;
    }
    return { seen, hits };
  }

  /**
   * The rows a count of a group (NONE: the catalogue) reads: every one in the created order, or with a price range
   * only those within it in the two price orders (each on its side of the split).
   */
  private countRows(group: number, t: RowTest, f: ListingFilter): { spans: { rows: Int32Array; from: number; to: number; side: number }[]; size: number } {
    if (!t.price) {
      const { rows, from } = this.orderRows(group, 'createdAt')!;
      const size = group === NONE ? this.n : this.groupCreated.size(group);
      return { spans: [{ rows, from, to: from + size, side: NONE }], size };
    }
    const spans = [false, true].map((onSale) => {
      const { rows, from } = this.orderRows(group, 'price', onSale)!;
      const [lo, hi] = this.priceRange(this.priceList(group, onSale), onSale, f);
      return { rows, from: from + lo, to: from + hi, side: onSale ? 1 : 0 };
    });
    return { spans, size: spans.reduce((m, r) => m + r.to - r.from, 0) };
  }

  /** The test of a group's candidates on its rows, or undefined when a condition left needs the columns. */
  private rowTest(u: Universe): RowTest | undefined {
    return u.rowsFrom === undefined ? undefined : this.rowTestOf(u.rest);
  }

  /** The test of `k` on rows, or undefined when one of its conditions needs the columns (or there are no rows). */
  private rowTestOf(k: Compiled): RowTest | undefined {
    if (this.createdRows.length === 0 || k.age || k.categoryFlags.length > 0) return undefined;
    // An id of ROW_ID_NONE or more is no book's: its flag must not read as the books without one.
    const ids = (flags: Uint8Array | undefined) => (flags && flags.length > ROW_ID_NONE ? flags.subarray(0, ROW_ID_NONE) : flags);
    return { statuses: k.statuses, languages: k.languages, publishers: ids(k.publishers), suppliers: ids(k.suppliers), price: k.price, priceMin: k.priceMin, priceMax: k.priceMax };
  }

  /** The book of row `j` is alive and passes the test (and is on the price split's side `side`, unless NONE). */
  private rowMatches(rows: Int32Array, j: number, t: RowTest, side = NONE): boolean {
    const w = rows[2 * j + 1]!;
    if (!(w & ROW_ALIVE)) return false;
    if (side !== NONE && (w & ROW_SALE ? 1 : 0) !== side) return false;
    if (t.statuses && !t.statuses[(w >>> ROW_STATUS_SHIFT) & (ROW_STATUS_CODES - 1)]) return false;
    if (t.languages && !t.languages[(w >>> ROW_LANGUAGE_SHIFT) & (ROW_LANGUAGE_CODES - 1)]) return false;
    if (t.publishers && !t.publishers[(w >>> ROW_PUBLISHER_SHIFT) & ROW_ID_NONE]) return false;
    if (t.suppliers && !t.suppliers[w & ROW_ID_NONE]) return false;
    if (t.price) {
      const p = rows[2 * j]!;
      if (p < t.priceMin || p > t.priceMax) return false;
    }
    return true;
  }

  /** Positions [lo, hi) of a price order (list or sale prices) within the filter's range. */
  priceRange(perm: Int32Array, onSale: boolean, f: Pick<ListingFilter, 'priceMin' | 'priceMax'>): [number, number] {
    const price = onSale ? this.c.sale : this.c.price;
    // First position whose price is >= v (or > v with `after`).
    const bound = (v: number, after: boolean) =>
      firstNot(0, perm.length, (i) => {
        const p = price[perm[i]!]!;
        return p < v || (after && p === v);
      });
    return [f.priceMin !== undefined ? bound(f.priceMin, false) : 0, f.priceMax !== undefined ? bound(f.priceMax, true) : perm.length];
  }

  /** Key of a base slot for a sort, on one side of the price split. */
  private key(s: number, field: ListingSortField, onSale: boolean): number {
    const c = this.c;
    switch (field) {
      case 'createdAt':
        return c.created[s]!;
      case 'sold':
        return c.sold[s]!;
      case 'price':
        return onSale ? c.sale[s]! : c.price[s]!;
      default:
        return c.ids[s]!;
    }
  }

  /** One page of a listing and its total (capped). */
  page(f: ListingFilter, sort: ListingSort, offset: number, limit: number, now: Date, cap: number, countKey?: string): ListingAnswer {
    const nowUs = now.getTime() * 1000;
    this.advance(nowUs);
    const k = this.compile(f, nowUs)!;
    const desc = sort.direction === 'desc';
    const want = offset + limit;
    // The sources of base matches in order: one, or two for the effective price (list price, running sale).
    const sides: { onSale: boolean; order: { perm: Int32Array; rank: Int32Array } | undefined }[] =
      sort.field === 'price'
        ? [
            { onSale: false, order: this.byPrice },
            { onSale: true, order: this.bySale },
          ]
        : [{ onSale: false, order: sort.field === 'createdAt' ? this.byCreated : sort.field === 'sold' ? this.bySold : undefined }];
    const priceSort = sort.field === 'price';
    // The overlay's matches, ordered by their own keys (found first: without any, a lone stream is the page itself).
    // Only the first `want` can be on the page (or before it); every match is counted.
    const extra: { book: ListingBook; key: number }[] = [];
    let extraTotal = 0;
    const sign = desc ? -1 : 1;
    const subset = this.overlay.size === 0 ? [] : this.overlay.candidates(f);
    if (subset) {
      for (const b of subset) if (this.overlayMatches(b, k)) extra.push({ book: b, key: overlayKey(b, sort.field, nowUs) });
      if (extra.length > 1) extra.sort((a, b) => sign * (a.key - b.key || a.book.id - b.book.id));
      extraTotal = extra.length;
      extra.length = Math.min(extra.length, want);
    } else extraTotal = this.overlayWalk(k, sort.field, desc, want, extra);
    // One stream and nothing to merge in: its matches from `offset` on are the page.
    const lone = sides.length === 1 && extra.length === 0;
    // With one stream, at least offset - extra.length of its matches come before the page: they are passed over, not
    // kept. The overlay's books before them are then the merge's first, still before the page. (Held to `want`, extra
    // is shorter than every overlay match only when offset - want < 0: nothing is passed over either way.) Two
    // streams are merged from the start.
    const skipped = sides.length === 1 ? Math.max(0, offset - extra.length) : 0;
    const keep = want - skipped;
    // How many were passed over (fewer when the stream has fewer matches).
    let baseSkipped = 0;

    // A category page's set is a group: its books are held in each order, so a walk visits only them.
    const group = this.groupFor(f);
    const { best: universe, grouped } = this.universe(f, k, group);
    const groupWalk = group !== undefined && grouped !== undefined && sort.field !== 'id';
    const walkSpan = groupWalk ? grouped.size : this.n;
    // The base's total when it is read, not counted, and at most how many of its books match (the value counts).
    const read = this.readTotal(f, k, group, grouped, countKey);
    const bound = read ?? this.valueBound(group && grouped ? group.group : NONE, group && grouped ? grouped.rest : k);
    // The density of the matches among the candidates: exact from a read total, else measured on a sample (256
    // visits at random, read only when a choice needs it: a category page starting at its page needs none).
    let sampled: { seen: number; hits: number } | undefined;
    const sample = () =>
      (sampled ??= !universe ? { seen: 0, hits: 0 } : read !== undefined && universe.size > 0 ? { seen: universe.size, hits: Math.min(read, universe.size) } : this.sample(universe));
    // The group's candidates when its rows answer every other condition.
    const byRows = grouped && this.rowTest(grouped) ? grouped : undefined;
    const walkRest = groupWalk ? grouped.rest : k;
    // A walk tests its order's rows, read one after the other, when they answer its conditions.
    const walkTest = this.orderRows(groupWalk ? group.group : NONE, sort.field) && this.rowTestOf(walkRest);
    // Every book still there of the walked list matches (sorted by price: every one within the price range): the
    // walk starts at the page, whatever its depth (below).
    const startsAtPage = noCondition(walkRest, !priceSort && walkRest.price);
    let total = 0;
    let streams: number[][];
    if (bound !== undefined && (bound === 0 || offset >= bound + extraTotal)) {
      // None of the base's books can be on the page (none matches, or the page starts past them and the overlay's
      // matches): nothing is walked or collected, a deep page past the last shown is answered by its count alone.
      streams = sides.map(() => []);
      total = bound === 0 ? 0 : (read ?? this.countBase(f, k, group, universe, byRows, cap, sample, countKey));
    } else if (
      !startsAtPage &&
      universe &&
      universe.size <= this.collectMax() &&
      this.collectBeats(universe, want, sides.length, walkSpan, sample(), byRows === universe, walkTest !== undefined)
    ) {
      // Collect every match of the candidates (each counted once), then order them by their rank. The group's rows,
      // read in a row, cost less than a few times fewer candidates read at random.
      const source = byRows && byRows.size <= ROWS_OVER_COLUMNS * universe.size ? byRows : universe;
      const stamp = source.dedupe ? this.nextStamp() : 0;
      const rest = source.rest;
      const rows = this.rowTest(source);
      const bySide: number[][] = sides.map(() => []);
      for (const list of source.lists) {
        for (let i = 0; i < list.length; i++) {
          const s = list[i]!;
          if (stamp) {
            if (this.stamp[s] === stamp) continue;
            this.stamp[s] = stamp;
          }
          if (rows ? !this.rowMatches(this.createdRows, source.rowsFrom! + i, rows) : !this.alive[s] || !this.matches(s, rest)) continue;
          total++;
          const side = sort.field === 'price' ? this.saleNow[s]! : 0;
          bySide[side]!.push(s);
        }
      }
      streams = bySide.map((slots, i) => {
        const order = sides[i]!.order;
        if (!order) {
          // By id: slots are in id order; the candidates' lists are each ascending, not their union.
          const sorted = Int32Array.from(slots).sort();
          const inOrder = desc ? sorted.reverse() : sorted;
          baseSkipped = Math.min(skipped, inOrder.length);
          return Array.from(inOrder.subarray(skipped, want));
        }
        const ranks = new Int32Array(slots.length);
        for (let j = 0; j < slots.length; j++) ranks[j] = order.rank[slots[j]!]!;
        // Only the first `want` in the order's direction need sorting: a deep page's collect may hold tens of
        // thousands of matches.
        if (ranks.length > 2 * want) {
          const head = desc ? ranks.length - want : want;
          selectSmallest(ranks, head);
          (desc ? ranks.subarray(head) : ranks.subarray(0, head)).sort();
        } else ranks.sort();
        baseSkipped = Math.min(skipped, ranks.length);
        const out = new Array<number>(Math.max(0, Math.min(ranks.length, want) - skipped));
        for (let j = 0; j < out.length; j++) out[j] = order.perm[ranks[desc ? ranks.length - 1 - skipped - j : skipped + j]!]!;
        return out;
      });
    } else {
      // Walk the sorted order(s) for the page (a group's own, when the set is one); count on the candidates (or
      // every slot) up to the cap.
      const alive = this.alive;
      const saleNow = this.saleNow;
      streams = [];
      if (startsAtPage && priceSort) {
        // Both sides' books in the range, from where the page's merge starts: at least `offset` less the overlay's
        // matches come before the page (as for one stream, below).
        const pass = Math.max(0, offset - extra.length);
        const split = this.priceSplit(groupWalk ? group.group : NONE, f, desc, pass, want);
        streams = split.streams;
        baseSkipped = split.passed;
      } else for (const { onSale, order } of sides) {
        const out: number[] = [];
        const list = groupWalk ? this.groupOrder(group.group, sort.field, onSale) : order?.perm;
        const walkRows = walkTest && this.orderRows(groupWalk ? group.group : NONE, sort.field, onSale)!;
        // Sorted by price with a price range: only the range's part of the order is walked.
        const [from, to] = list && priceSort ? this.priceRange(list, onSale, f) : [0, list ? list.length : this.n];
        // Only the books of this side of the price split (every book when the sort is not by price).
        const side = onSale ? 1 : 0;
        // Every book of the list still there matches (a category page's group, or the catalogue, without other
        // conditions): the stream's first `skipped` matches are its first `skipped` books after the dead ones
        // among them, not walked.
        const dead = startsAtPage ? (this.deadAt.get(deadKey(groupWalk ? group.group : NONE, sort.field)) ?? []) : undefined;
        let start = 0;
        if (dead) {
          start = skipped;
          if (desc) for (let i = dead.length - 1; i >= 0 && to - 1 - dead[i]! < start; i--) start++;
          else for (let i = 0; i < dead.length && dead[i]! < start; i++) start++;
        }
        // The stream's first `skipped` matches are counted, not kept.
        let skip = dead ? 0 : skipped;
        for (let j = start; j < to - from && out.length < keep; j++) {
          const pos = desc ? to - 1 - j : from + j;
          const s = list ? list[pos]! : pos;
          if (walkRows) {
            const row = walkRows.from + pos;
            if (!this.rowMatches(walkRows.rows, row, walkTest, priceSort ? side : NONE)) continue;
          } else if (!alive[s] || (priceSort && saleNow[s] !== side) || !this.matches(s, walkRest)) continue;
          if (skip > 0) skip--;
          else out.push(s);
        }
        baseSkipped = dead ? Math.min(skipped, to - from - dead.length) : skipped - skip;
        streams.push(out);
      }
      total = read ?? this.countBase(f, k, group, universe, byRows, cap, sample, countKey);
    }

    total += extraTotal;
    const ids: number[] = [];
    const bookIds = this.c.ids;
    if (lone) {
      for (const s of streams[0]!) ids.push(bookIds[s]!);
    } else {
      // Merged with the base's streams: the head with the least (key, id) in the order's direction each time. Each
      // stream's head key is read once, when the stream moves on.
      const positions = new Int32Array(streams.length);
      const headKey = new Float64Array(streams.length);
      const headId = new Float64Array(streams.length);
      const readHead = (i: number) => {
        const stream = streams[i]!;
        if (positions[i]! >= stream.length) return;
        const s = stream[positions[i]!]!;
        headKey[i] = this.key(s, sort.field, sides[i]!.onSale);
        headId[i] = bookIds[s]!;
      };
      for (let i = 0; i < streams.length; i++) readHead(i);
      let e = 0;
      for (let taken = baseSkipped; taken < want; taken++) {
        let from = -1;
        let bestKey = 0;
        let bestId = 0;
        for (let i = 0; i < streams.length; i++) {
          if (positions[i]! >= streams[i]!.length) continue;
          const key = headKey[i]!;
          const id = headId[i]!;
          if (from === -1 || sign * (key - bestKey || id - bestId) < 0) {
            bestKey = key;
            bestId = id;
            from = i;
          }
        }
        if (e < extra.length) {
          const { book, key } = extra[e]!;
          if (from === -1 || sign * (key - bestKey || book.id - bestId) < 0) {
            bestKey = key;
            bestId = book.id;
            from = -2;
          }
        }
        if (from === -1) break;
        if (from === -2) e++;
        else {
          positions[from]!++;
          readHead(from);
        }
        if (taken >= offset) ids.push(bestId);
      }
    }
    return { ids, total: Math.min(total, cap) };
  }

  /**
   * The two price sides of a list whose every book within the price range matches (the catalogue's, or a group's),
   * merged up to `want`, the first `pass` passed over: found by their ranks among the side's books (priceBits), a
   * binary search for how many of the passed are list prices, then up to want - pass books of each side from there.
   */
  private priceSplit(group: number, f: ListingFilter, desc: boolean, pass: number, want: number): { streams: number[][]; passed: number } {
    const sides = [this.priceSide(group, false, f), this.priceSide(group, true, f)];
    // The i-th book of a side in the listing's direction.
    const at = (x: number, i: number) => {
      const p = sides[x]!;
      return p.list[p.bits.select(desc ? p.lo + p.count - 1 - i : p.lo + i)]!;
    };
    const sign = desc ? -1 : 1;
    const ids = this.c.ids;
    // The slot `s` of side x comes after the slot `t` of side y.
    const after = (s: number, x: number, t: number, y: number) => {
      const d = this.key(s, 'price', sides[x]!.onSale) - this.key(t, 'price', sides[y]!.onSale) || ids[s]! - ids[t]!;
      return sign * d > 0;
    };
    const n0 = sides[0]!.count;
    const n1 = sides[1]!.count;
    const passed = Math.min(pass, n0 + n1);
    // The least number of list-price books among the first `passed` such that the last sale book taken comes before
    // the next list-price book.
    const lo = firstNot(Math.max(0, passed - n1), Math.min(passed, n0), (a) => {
      const b = passed - a;
      return b > 0 && a < n0 && after(at(1, b - 1), 1, at(0, a), 0);
    });
    const firsts = [lo, passed - lo];
    const streams = sides.map((p, x) => {
      const out: number[] = [];
      for (let i = firsts[x]!; i < p.count && out.length < want - passed; i++) out.push(at(x, i));
      return out;
    });
    return { streams, passed };
  }

  /**
   * The most candidates a listing collects (else it walks): `collectMax`, or an eighth of the catalogue when that is
   * more (at three million books a supplier's 200,000 books with a language filter were walked to their last page,
   * a million random visits, instead of read once); 0 always walks (the tests' setting).
   */
  private collectMax(): number {
    return listingTuning.collectMax === 0 ? 0 : Math.max(listingTuning.collectMax, this.n >>> 3);
  }

  private nextStamp(): number {
    if (++this.stampValue >= 0x7fffffff) {
      this.stamp.fill(0);
      this.stampValue = 1;
    }
    return this.stampValue;
  }
}

/** The key of `deadAt` for a group's order (NONE: the catalogue's; by id: the catalogue's slots). */
function deadKey(group: number, field: ListingSortField): number {
  return 4 * (group + 1) + (field === 'createdAt' ? 0 : field === 'sold' ? 1 : field === 'id' ? 2 : 3);
}

/** The key of `priceBits` for a group's price list, or a sale price list (NONE: the catalogue's). */
function priceKey(group: number, onSale: boolean): number {
  return 2 * (group + 1) + (onSale ? 1 : 0);
}

/** The first index of [lo, hi) where `before` is false (a binary search: it is true on a prefix of the range). */
function firstNot(lo: number, hi: number, before: (i: number) => boolean): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The first of the (ascending) edge times after `t`. */
function edgeIndex(times: Float64Array, t: number): number {
  return firstNot(0, times.length, (i) => times[i]! <= t);
}

/** Position of slot `s` in `list`, a list ascending by `rank`. */
function positionIn(list: Int32Array, rank: Int32Array, s: number): number {
  const r = rank[s]!;
  return firstNot(0, list.length, (i) => rank[list[i]!]! < r);
}

/** The base slot `s`'s sale price is the one paid at `at` (microseconds; an open side of its window is infinite). */
function saleRuns(c: ListingColumns, s: number, at: number): boolean {
  return c.sale[s]! !== NONE && c.saleStart[s]! <= at && c.saleEnd[s]! > at;
}

/** A compiled filter whose only condition is a price range. */
function onlyPrice(k: Compiled): boolean {
  return k.price && noCondition(k, false);
}

/** A compiled filter that tests nothing. */
function noCondition(k: Compiled, price = k.price): boolean {
  return !k.statuses && !k.publishers && !k.suppliers && !k.languages && !k.age && !price && k.categoryFlags.length === 0;
}

/** Flags indexed by id (ids of publishers and suppliers are small); -1 (none) reads as unset. */
function idFlags(ids: readonly number[]): Uint8Array {
  const flags = new Uint8Array(Math.max(0, ...ids) + 1);
  for (const id of ids) if (id >= 0) flags[id] = 1;
  return flags;
}

/**
 * Reorders `a` so that its `k` smallest values come first, in no particular order, and the rest after them
 * (a quickselect with Hoare's partition; the values are distinct ranks).
 */
export function selectSmallest(a: Int32Array, k: number): void {
  if (k <= 0 || k >= a.length) return;
  const t = k - 1;
  let lo = 0;
  let hi = a.length - 1;
  while (hi > lo) {
    const x = a[lo]!;
    const y = a[(lo + hi) >>> 1]!;
    const z = a[hi]!;
    const pivot = x < y ? (y < z ? y : x < z ? z : x) : x < z ? x : y < z ? z : y;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        const v = a[i]!;
        a[i] = a[j]!;
        a[j] = v;
        i++;
        j--;
      }
    }
    if (t <= j) hi = j;
    else if (t >= i) lo = i;
    else return;
  }
}

type Typed = Int32Array | Uint8Array | Float64Array | Int16Array;

/** A typed array that grows as values are pushed (the build's columns, without a million row objects). */
class Grow<T extends Typed> {
  private a: T;
  length = 0;
  constructor(private readonly make: (n: number) => T) {
    this.a = make(1024);
  }
  push(v: number): void {
    if (this.length === this.a.length) {
      const next = this.make(this.a.length * 2);
      next.set(this.a as never);
      this.a = next;
    }
    this.a[this.length++] = v;
  }
  pushAll(v: ArrayLike<number>): void {
    let size = this.a.length;
    while (size < this.length + v.length) size *= 2;
    if (size !== this.a.length) {
      const next = this.make(size);
      next.set(this.a as never);
      this.a = next;
    }
    this.a.set(v as never, this.length);
    this.length += v.length;
  }
  done(): T {
    return this.a.slice(0, this.length) as T;
  }
}

/** Collects books (in ascending id order) into columns. */
export class ListingColumnsBuilder {
  private readonly statusNames: string[] = [];
  private readonly languageNames: string[] = [];
  private readonly ids = new Grow((n) => new Int32Array(n));
  private readonly status = new Grow((n) => new Uint8Array(n));
  private readonly created = new Grow((n) => new Float64Array(n));
  private readonly sold = new Grow((n) => new Int32Array(n));
  private readonly stock = new Grow((n) => new Int32Array(n));
  private readonly price = new Grow((n) => new Int32Array(n));
  private readonly sale = new Grow((n) => new Int32Array(n));
  private readonly saleStart = new Grow((n) => new Float64Array(n));
  private readonly saleEnd = new Grow((n) => new Float64Array(n));
  private readonly publisher = new Grow((n) => new Int32Array(n));
  private readonly supplier = new Grow((n) => new Int32Array(n));
  private readonly language = new Grow((n) => new Uint8Array(n));
  private readonly age = new Grow((n) => new Int16Array(n));
  private readonly catOff = new Grow((n) => new Int32Array(n));
  private readonly catData = new Grow((n) => new Int32Array(n));
  private readonly cardOff = new Grow((n) => new Int32Array(n));
  private readonly cardData = new Grow((n) => new Uint8Array(n));

  private code(names: string[], v: string): number {
    let i = names.indexOf(v);
    if (i < 0) i = names.push(v) - 1;
    return i;
  }

  add(b: ListingBook): void {
    this.ids.push(b.id);
    this.status.push(this.code(this.statusNames, b.status));
    this.created.push(b.created);
    this.sold.push(b.sold);
    this.stock.push(b.stock);
    this.price.push(b.price);
    this.sale.push(b.salePrice ?? NONE);
    this.saleStart.push(b.saleStart ?? -Infinity);
    this.saleEnd.push(b.saleEnd ?? Infinity);
    this.publisher.push(b.publisherId ?? NONE);
    this.supplier.push(b.supplierId ?? NONE);
    this.language.push(this.code(this.languageNames, b.language));
    this.age.push(b.ageMin);
    this.catOff.push(this.catData.length);
    for (const id of b.categoryIds) this.catData.push(id);
    this.cardOff.push(this.cardData.length);
    if (b.card) this.cardData.pushAll(b.card);
  }

  /** One book given as its columns (the build's batches; no row object). */
  addValues(id: number, status: string, created: number, sold: number, stock: number, price: number, sale: number, saleStart: number, saleEnd: number,
    publisher: number, supplier: number, language: string, age: number, cats: ArrayLike<number>, card: Uint8Array): void {
    this.ids.push(id);
    this.status.push(this.code(this.statusNames, status));
    this.created.push(created);
    this.sold.push(sold);
    this.stock.push(stock);
    this.price.push(price);
    this.sale.push(sale);
    this.saleStart.push(saleStart);
    this.saleEnd.push(saleEnd);
    this.publisher.push(publisher);
    this.supplier.push(supplier);
    this.language.push(this.code(this.languageNames, language));
    this.age.push(age);
    this.catOff.push(this.catData.length);
    for (let i = 0; i < cats.length; i++) this.catData.push(cats[i]!);
    this.cardOff.push(this.cardData.length);
    this.cardData.pushAll(card);
  }

  build(): ListingColumns {
    this.catOff.push(this.catData.length);
    this.cardOff.push(this.cardData.length);
    return {
      ids: this.ids.done(),
      status: this.status.done(),
      created: this.created.done(),
      sold: this.sold.done(),
      stock: this.stock.done(),
      price: this.price.done(),
      sale: this.sale.done(),
      saleStart: this.saleStart.done(),
      saleEnd: this.saleEnd.done(),
      publisher: this.publisher.done(),
      supplier: this.supplier.done(),
      language: this.language.done(),
      age: this.age.done(),
      catOff: this.catOff.done(),
      catData: this.catData.done(),
      cardOff: this.cardOff.done(),
      cardData: this.cardData.done(),
      statusNames: this.statusNames,
      languageNames: this.languageNames,
    };
  }
}

/** Columns of the given books (in ascending id order). */
export function listingColumns(books: readonly ListingBook[]): ListingColumns {
  const builder = new ListingColumnsBuilder();
  for (const b of books) builder.add(b);
  return builder.build();
}

/** The columns and what is derived from them (orders, members): computed where the columns are read. */
export interface ListingParts {
  columns: ListingColumns;
  slotById: Int32Array;
  createdPerm: Int32Array;
  createdRank: Int32Array;
  soldPerm: Int32Array;
  soldRank: Int32Array;
  pricePerm: Int32Array;
  priceRank: Int32Array;
  salePerm: Int32Array;
  saleRank: Int32Array;
  categoryOff: Int32Array;
  categoryData: Int32Array;
  /**
   * The books of each publisher (supplier, language) by list price, and those with a sale price by sale price
   * (`...Sale`): a price range's part of each is a catalogue listing's candidates with both conditions.
   */
  publisherOff: Int32Array;
  publisherData: Int32Array;
  publisherSaleOff: Int32Array;
  publisherSaleData: Int32Array;
  supplierOff: Int32Array;
  supplierData: Int32Array;
  supplierSaleOff: Int32Array;
  supplierSaleData: Int32Array;
  languageOff: Int32Array;
  languageData: Int32Array;
  languageSaleOff: Int32Array;
  languageSaleData: Int32Array;
  /** A category and its descendants (as the build saw the tree): group g's category id, and its set's ids, sorted. */
  groupIds: Int32Array;
  groupCatOff: Int32Array;
  groupCats: Int32Array;
  /** The parent group of each group (-1: a top level), so a book leaving the base leaves every group above it. */
  groupParent: Int32Array;
  /** The books of each group in slot (id) order: read in memory order, the cheapest to count. */
  groupSlotOff: Int32Array;
  groupSlot: Int32Array;
  /** The books of each group in each sort order (the sale order: books with a sale price only). */
  groupCreatedOff: Int32Array;
  groupCreated: Int32Array;
  groupSoldOff: Int32Array;
  groupSold: Int32Array;
  groupPriceOff: Int32Array;
  groupPrice: Int32Array;
  groupSaleOff: Int32Array;
  groupSale: Int32Array;
  /**
   * Two words per entry of groupCreated then createdPerm (groupSold then soldPerm): the effective price and ROW_*
   * fields, the sale's at `priceBitsAt`; empty when a code does not fit.
   */
  createdRows: Int32Array;
  soldRows: Int32Array;
  /** The same for groupPrice then pricePerm, and groupSale then salePerm. */
  priceRows: Int32Array;
  saleRows: Int32Array;
  /**
   * The books of the catalogue (row 0) and of each group (row g + 1) by language code, publisher id and supplier id
   * (each table's width is its length over the rows): a page with one such filter alone is counted by reading them.
   */
  languageCounts: Int32Array;
  publisherCounts: Int32Array;
  supplierCounts: Int32Array;
  /**
   * Each price list's books on its side at `priceBitsAt` (microseconds), as RankedBits' words: the lists by priceKey
   * (the catalogue's, then each group's; list prices, then sale prices), list k's words from priceBitsOff[k].
   */
  priceBitsWords: Int32Array;
  priceBitsOff: Int32Array;
  priceBitsAt: Float64Array;
  /** The opening and closing times of the sale windows (books with a sale price), in time order. */
  saleEdgeTime: Float64Array;
  saleEdgeSlot: Int32Array;
  /** 1: the sale opens then; 0: it closes. */
  saleEdgeOpens: Uint8Array;
}

/** The category tree as the build read it (id and parent id, null at the top). */
export interface ListingCategory {
  id: number;
  parentId: number | null;
}

/**
 * The books of each category with its descendants, in one sort order (`perm`), each book once per group: a walk
 * of the order, each book added to the groups of its categories and their ancestors.
 */
function groupLists(perm: Int32Array, c: ListingColumns, groupOf: Int32Array, parent: Int32Array, sizes: Int32Array): Members {
  const g = sizes.length;
  const off = new Int32Array(g + 1);
  for (let i = 0; i < g; i++) off[i + 1] = off[i]! + sizes[i]!;
  const fill = off.slice(0, g);
  const data = new Int32Array(off[g]!);
  const last = new Int32Array(g).fill(NONE);
  for (let j = 0; j < perm.length; j++) {
    const s = perm[j]!;
    for (let i = c.catOff[s]!; i < c.catOff[s + 1]!; i++) {
      const cat = c.catData[i]!;
      for (let x = cat < groupOf.length ? groupOf[cat]! : NONE; x !== NONE && last[x] !== s; x = parent[x]!) {
        last[x] = s;
        data[fill[x]!++] = s;
      }
    }
  }
  return new Members(off, data);
}

/** How many books of `slots` (or of every slot) each group holds (each book once per group). */
function groupSizes(n: number, c: ListingColumns, groupOf: Int32Array, parent: Int32Array, g: number, include: (s: number) => boolean): Int32Array {
  const sizes = new Int32Array(g);
  const last = new Int32Array(g).fill(NONE);
  for (let s = 0; s < n; s++) {
    if (!include(s)) continue;
    for (let i = c.catOff[s]!; i < c.catOff[s + 1]!; i++) {
      const cat = c.catData[i]!;
      for (let x = cat < groupOf.length ? groupOf[cat]! : NONE; x !== NONE && last[x] !== s; x = parent[x]!) {
        last[x] = s;
        sizes[x]!++;
      }
    }
  }
  return sizes;
}

/**
 * Each order's rows, its lists given one after the other, the price and the sale flag as of `at` (microseconds), or
 * none when a code does not fit. Made with the parts, off the serving thread: filling them reads each row's book at
 * random (about two seconds at a million books).
 */
function orderRows(c: ListingColumns, at: number, orders: Record<'createdRows' | 'soldRows' | 'priceRows' | 'saleRows', Int32Array[]>): Pick<ListingParts, 'createdRows' | 'soldRows' | 'priceRows' | 'saleRows'> {
  const fits = (a: Int32Array) => a.every((v) => v < ROW_ID_NONE);
  if (c.statusNames.length > ROW_STATUS_CODES || c.languageNames.length > ROW_LANGUAGE_CODES || !fits(c.publisher) || !fits(c.supplier)) {
    const none = new Int32Array(0);
    return { createdRows: none, soldRows: none, priceRows: none, saleRows: none };
  }
  // Each book's words once, then copied to each row it has.
  const words = new Int32Array(c.ids.length);
  const prices = new Int32Array(c.ids.length);
  for (let s = 0; s < words.length; s++) {
    const publisher = c.publisher[s]! < 0 ? ROW_ID_NONE : c.publisher[s]!;
    const supplier = c.supplier[s]! < 0 ? ROW_ID_NONE : c.supplier[s]!;
    const on = saleRuns(c, s, at);
    words[s] = (on ? ROW_SALE : 0) | ROW_ALIVE | (c.status[s]! << ROW_STATUS_SHIFT) | (c.language[s]! << ROW_LANGUAGE_SHIFT) | (publisher << ROW_PUBLISHER_SHIFT) | supplier;
    prices[s] = on ? c.sale[s]! : c.price[s]!;
  }
  const rowsOf = (lists: Int32Array[]) => {
    const rows = new Int32Array(2 * lists.reduce((m, l) => m + l.length, 0));
    let j = 0;
    for (const list of lists) {
      for (let i = 0; i < list.length; i++, j++) {
        rows[2 * j] = prices[list[i]!]!;
        rows[2 * j + 1] = words[list[i]!]!;
      }
    }
    return rows;
  };
  return { createdRows: rowsOf(orders.createdRows), soldRows: rowsOf(orders.soldRows), priceRows: rowsOf(orders.priceRows), saleRows: rowsOf(orders.saleRows) };
}

/** How many books of the catalogue (row 0) and of each group (row g + 1) have each value of a column (none: -1). */
function valueCounts(n: number, groupSlots: Members, groups: number, column: ArrayLike<number>, width: number): Int32Array {
  const counts = new Int32Array((groups + 1) * width);
  for (let s = 0; s < n; s++) if (column[s]! >= 0) counts[column[s]!]!++;
  for (let g = 0; g < groups; g++) {
    const row = (g + 1) * width;
    for (const s of groupSlots.list(g)) if (column[s]! >= 0) counts[row + column[s]!]!++;
  }
  return counts;
}

/**
 * Which books of each price list are on its side now (every book is in the base when the parts are made): made here,
 * on the build's thread, so that no listing waits for them (ListingIndex's priceBits).
 */
function priceSides(c: ListingColumns, at: number, groups: number, pricePerm: Int32Array, salePerm: Int32Array, gPrice: Members, gSale: Members): Pick<ListingParts, 'priceBitsWords' | 'priceBitsOff' | 'priceBitsAt'> {
  const off = new Int32Array(2 * (groups + 1) + 1);
  const lists: Int32Array[] = [];
  for (let g = NONE; g < groups; g++) {
    for (const onSale of [false, true]) {
      const key = priceKey(g, onSale);
      lists[key] = g === NONE ? (onSale ? salePerm : pricePerm) : onSale ? gSale.list(g) : gPrice.list(g);
      off[key + 1] = off[key]! + ((lists[key]!.length + 31) >>> 5);
    }
  }
  const words = new Int32Array(off[off.length - 1]!);
  lists.forEach((list, key) => {
    const onSale = key % 2 === 1;
    const side = RankedBits.words(list.length, (j) => {
      const s = list[j]!;
      return saleRuns(c, s, at) === onSale;
    });
    words.set(side, off[key]!);
  });
  return { priceBitsWords: words, priceBitsOff: off, priceBitsAt: Float64Array.of(at) };
}

/** The finite edges of the sale windows that open before they close, in time order. */
function saleEdges(c: ListingColumns): Pick<ListingParts, 'saleEdgeTime' | 'saleEdgeSlot' | 'saleEdgeOpens'> {
  const edges: { t: number; s: number; opens: number }[] = [];
  for (let s = 0; s < c.ids.length; s++) {
    if (c.sale[s]! === NONE || !(c.saleStart[s]! < c.saleEnd[s]!)) continue;
    if (Number.isFinite(c.saleStart[s]!)) edges.push({ t: c.saleStart[s]!, s, opens: 1 });
    if (Number.isFinite(c.saleEnd[s]!)) edges.push({ t: c.saleEnd[s]!, s, opens: 0 });
  }
  edges.sort((a, b) => a.t - b.t);
  return {
    saleEdgeTime: Float64Array.from(edges, (e) => e.t),
    saleEdgeSlot: Int32Array.from(edges, (e) => e.s),
    saleEdgeOpens: Uint8Array.from(edges, (e) => e.opens),
  };
}

/** Sorts and groups the columns (seconds of CPU at a million books: the worker thread's part of a build). */
export function listingParts(c: ListingColumns, tree: readonly ListingCategory[] = []): ListingParts {
  const n = c.ids.length;
  const maxOf = (a: Int32Array) => a.reduce((m, v) => (v > m ? v : m), 0);
  const maxId = maxOf(c.ids);
  const slotById = new Int32Array(maxId + 1).fill(NONE);
  for (let s = 0; s < n; s++) slotById[c.ids[s]!] = s;
  const created = orderBy(n, (s) => c.created[s]!);
  const sold = orderBy(n, (s) => c.sold[s]!);
  const price = orderBy(n, (s) => c.price[s]!);
  const sale = orderBy(n, (s) => c.sale[s]!, (s) => c.sale[s]! !== NONE);
  const categories = Members.of(n, (s, out) => {
    for (let i = c.catOff[s]!; i < c.catOff[s + 1]!; i++) out.push(c.catData[i]!);
  }, maxOf(c.catData) + 1);
  // Each publisher's, supplier's and language's books by list price, and those with a sale price by sale price: a
  // price range's part of each is what a catalogue listing with both conditions reads.
  const valueLists = (column: ArrayLike<number>, values: number) =>
    [price.perm, sale.perm].map((order) => Members.of(order, (s, out) => out.push(column[s]!), values)) as [Members, Members];
  const [publishers, publishersOnSale] = valueLists(c.publisher, maxOf(c.publisher) + 1);
  const [suppliers, suppliersOnSale] = valueLists(c.supplier, maxOf(c.supplier) + 1);
  const [languages, languagesOnSale] = valueLists(c.language, c.languageNames.length);
  // Groups: one per category, its descendants included (the set a category page filters on).
  const cats = [...tree].sort((a, b) => a.id - b.id);
  const groupOf = new Int32Array(cats.reduce((m, r) => Math.max(m, r.id), -1) + 1).fill(NONE);
  cats.forEach((r, g) => (groupOf[r.id] = g));
  const groupParent = Int32Array.from(cats, (r) => (r.parentId !== null && r.parentId < groupOf.length ? groupOf[r.parentId]! : NONE));
  // A cycle (never in the tree) would walk forever: such a group is cut from its parent.
  for (let g = 0; g < cats.length; g++) {
    let steps = 0;
    for (let x = groupParent[g]!; x !== NONE; x = groupParent[x]!) if (++steps > cats.length) { groupParent[g] = NONE; break; }
  }
  const children = new Map<number, number[]>();
  cats.forEach((_, g) => groupParent[g] !== NONE && (children.get(groupParent[g]!) ?? children.set(groupParent[g]!, []).get(groupParent[g]!)!).push(g));
  const groupCatOff = new Int32Array(cats.length + 1);
  const groupCatList: number[] = [];
  for (let g = 0; g < cats.length; g++) {
    const ids: number[] = [];
    const stack = [g];
    while (stack.length) {
      const x = stack.pop()!;
      ids.push(cats[x]!.id);
      stack.push(...(children.get(x) ?? []));
    }
    groupCatList.push(...ids.sort((a, b) => a - b));
    groupCatOff[g + 1] = groupCatList.length;
  }
  const all = groupSizes(n, c, groupOf, groupParent, cats.length, () => true);
  const onSale = groupSizes(n, c, groupOf, groupParent, cats.length, (s) => c.sale[s]! !== NONE);
  const identity = new Int32Array(n);
  for (let s = 0; s < n; s++) identity[s] = s;
  const gSlot = groupLists(identity, c, groupOf, groupParent, all);
  const gCreated = groupLists(created.perm, c, groupOf, groupParent, all);
  const gSold = groupLists(sold.perm, c, groupOf, groupParent, all);
  const gPrice = groupLists(price.perm, c, groupOf, groupParent, all);
  const gSale = groupLists(sale.perm, c, groupOf, groupParent, onSale);
  // The time of the price sides and the rows (the index moves them to its own: the sale edges between).
  const at = Date.now() * 1000;
  return {
    ...saleEdges(c),
    ...priceSides(c, at, cats.length, price.perm, sale.perm, gPrice, gSale),
    languageCounts: valueCounts(n, gSlot, cats.length, c.language, c.languageNames.length),
    publisherCounts: valueCounts(n, gSlot, cats.length, c.publisher, maxOf(c.publisher) + 1),
    supplierCounts: valueCounts(n, gSlot, cats.length, c.supplier, maxOf(c.supplier) + 1),
    ...orderRows(c, at, {
      createdRows: [gCreated.data, created.perm],
      soldRows: [gSold.data, sold.perm],
      priceRows: [gPrice.data, price.perm],
      saleRows: [gSale.data, sale.perm],
    }),
    columns: c,
    slotById,
    createdPerm: created.perm,
    createdRank: created.rank,
    soldPerm: sold.perm,
    soldRank: sold.rank,
    pricePerm: price.perm,
    priceRank: price.rank,
    salePerm: sale.perm,
    saleRank: sale.rank,
    categoryOff: categories.off,
    categoryData: categories.data,
    publisherOff: publishers.off,
    publisherData: publishers.data,
    publisherSaleOff: publishersOnSale.off,
    publisherSaleData: publishersOnSale.data,
    supplierOff: suppliers.off,
    supplierData: suppliers.data,
    supplierSaleOff: suppliersOnSale.off,
    supplierSaleData: suppliersOnSale.data,
    languageOff: languages.off,
    languageData: languages.data,
    languageSaleOff: languagesOnSale.off,
    languageSaleData: languagesOnSale.data,
    groupIds: Int32Array.from(cats, (r) => r.id),
    groupCatOff,
    groupCats: Int32Array.from(groupCatList),
    groupParent,
    groupSlotOff: gSlot.off,
    groupSlot: gSlot.data,
    groupCreatedOff: gCreated.off,
    groupCreated: gCreated.data,
    groupSoldOff: gSold.off,
    groupSold: gSold.data,
    groupPriceOff: gPrice.off,
    groupPrice: gPrice.data,
    groupSaleOff: gSale.off,
    groupSale: gSale.data,
  };
}

/** The buffers of the parts, to move them to another thread without a copy. */
export function partBuffers(p: ListingParts): ArrayBuffer[] {
  const arrays = [...Object.values(p.columns), ...Object.values(p).filter((v) => ArrayBuffer.isView(v))];
  return [...new Set(arrays.filter((a): a is ArrayBufferView => ArrayBuffer.isView(a)).map((a) => a.buffer as ArrayBuffer))];
}
