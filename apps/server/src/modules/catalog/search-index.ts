/**
 * The shopper's search held in memory: the words of the visible books' titles and documents and the authors'
 * names as posting lists (see docs/decisions.md, "Search in memory"). A search reads a few short lists and
 * ranks a few hundred candidates in this process: no database round trip, no query to plan.
 *
 * Layout: books get a dense index in best-seller order (sold desc, id desc at build time), so every posting list
 * is in that order and its first matches are the best sellers. Words get ids in alphabetical order, so the words
 * starting with a prefix are one range of ids and their postings one range of the postings array. Each field
 * (title, document, author name) is two CSR arrays: the sorted word ids of each entity, and the entities of each
 * word. Books changed after the build (the delta feed of book_search.version) are kept aside in `overlay` and
 * tested one by one; their base entries are dead. A rebuild folds the overlay in.
 */

/** Words of one group of the query: any of `words`, or any word starting with `prefix`. Every group must match. */
export interface QueryGroup {
  words: string[];
  prefix?: string;
}

/** What the ranking returns: as SearchPage in search.ts. */
export interface MemoryPage {
  ids: number[];
  total: number;
  wordMatches: number;
}

export interface BookEntry {
  id: number;
  sold: number;
  /** Normalised title (f_search_norm): [a-z0-9 ]. */
  title: string;
  /** The document's words (title, authors, publisher, ISBN), normalised. */
  docWords: string[];
  authorIds: number[];
}

export interface AuthorEntry {
  id: number;
  /** Normalised name. */
  name: string;
}

/** A range [lo, hi) of word ids. */
type Range = readonly [number, number];

/** A grow-as-needed Int32Array. */
class IntBuffer {
  data = new Int32Array(1024);
  length = 0;
  push(v: number): void {
    if (this.length === this.data.length) {
      const next = new Int32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = v;
  }
  trimmed(): Int32Array {
    return this.data.slice(0, this.length);
  }
}

/** Index of the first element of sorted `a[from, to)` that is >= v. */
function lowerBound(a: Int32Array, from: number, to: number, v: number): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function lowerBoundStr(a: readonly string[], v: string): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Entities (books or authors) with their word ids, and the inverted lists. Built from word ids already in their
 * final (alphabetical) numbering.
 */
class Field {
  readonly off: Int32Array;
  readonly data: Int32Array;
  readonly postOff: Int32Array;
  readonly postData: Int32Array;

  constructor(entityOff: Int32Array, entityWords: Int32Array, wordCount: number) {
    this.off = entityOff;
    this.data = entityWords;
    const entities = entityOff.length - 1;
    for (let e = 0; e < entities; e++) this.data.subarray(entityOff[e], entityOff[e + 1]).sort();
    const counts = new Int32Array(wordCount + 1);
    for (let i = 0; i < entityWords.length; i++) counts[entityWords[i]! + 1]!++;
    for (let w = 0; w < wordCount; w++) counts[w + 1]! += counts[w]!;
    this.postOff = counts;
    this.postData = new Int32Array(entityWords.length);
    const fill = counts.slice(0, wordCount);
    // Entities in ascending order: each posting list comes out sorted.
    for (let e = 0; e < entities; e++) {
      for (let i = entityOff[e]!; i < entityOff[e + 1]!; i++) this.postData[fill[entityWords[i]!]!++] = e;
    }
  }

  /** True when entity e has a word in one of the ranges. */
  hasAny(e: number, ranges: readonly Range[]): boolean {
    const from = this.off[e]!;
    const to = this.off[e + 1]!;
    for (const [lo, hi] of ranges) {
      const at = lowerBound(this.data, from, to, lo);
      if (at < to && this.data[at]! < hi) return true;
    }
    return false;
  }

  matchesAll(e: number, groups: readonly (readonly Range[])[]): boolean {
    for (const g of groups) if (!this.hasAny(e, g)) return false;
    return true;
  }

  postings(ranges: readonly Range[]): number {
    let n = 0;
    for (const [lo, hi] of ranges) n += this.postOff[hi]! - this.postOff[lo]!;
    return n;
  }

  /**
   * Entities matching every group, in ascending order, at most `cap`, testing at most `maxChecks` candidates.
   * The candidates come from the group with the shortest postings; past `scanAbove` postings, every entity in
   * order is tested instead (the union would cost more than the scan).
   */
  find(groups: readonly (readonly Range[])[], cap: number, alive: (e: number) => boolean, maxChecks: number): number[] {
    const out: number[] = [];
    if (groups.length === 0 || cap <= 0) return out;
    let best = 0;
    let bestSize = Infinity;
    groups.forEach((g, i) => {
      const size = this.postings(g);
      if (size < bestSize) {
        best = i;
        bestSize = size;
      }
    });
    if (bestSize === 0) return out;
    const others = groups.filter((_, i) => i !== best);
    const take = (e: number): boolean => {
      if (alive(e) && this.matchesAll(e, others)) out.push(e);
      return out.length >= cap;
    };
    const g = groups[best]!;
    const entities = this.off.length - 1;
    let checks = 0;
    if (g.length === 1 && g[0]![1] - g[0]![0] === 1) {
      const w = g[0]![0];
      for (let i = this.postOff[w]!; i < this.postOff[w + 1]! && checks++ < maxChecks; i++) if (take(this.postData[i]!)) break;
    } else if (bestSize <= SCAN_ABOVE) {
      const merged = new Int32Array(bestSize);
      let n = 0;
      for (const [lo, hi] of g) {
        merged.set(this.postData.subarray(this.postOff[lo], this.postOff[hi]), n);
        n += this.postOff[hi]! - this.postOff[lo]!;
      }
      merged.sort();
      for (let i = 0; i < n && checks++ < maxChecks; i++) {
        if (i > 0 && merged[i] === merged[i - 1]) continue;
        if (take(merged[i]!)) break;
      }
    } else {
      const all = [g, ...others];
      for (let e = 0; e < entities && checks++ < maxChecks; e++) {
        if (alive(e) && this.matchesAll(e, all)) {
          out.push(e);
          if (out.length >= cap) break;
        }
      }
    }
    return out;
  }
}

/** A group's postings above this are scanned in best-seller order instead of merged. */
const SCAN_ABOVE = 60_000;
/** Candidates a part tests at most: bounds the work of any query, whatever its words. */
const MAX_CHECKS = 60_000;
/** Matches of each part that are ranked (5 pages of 20). */
const PART_CAP = 100;
/** Best sellers among the document matches added when a part stopped at its cap. */
const PROBE_ENOUGH = 60;
/** Titles starting with the term that are always candidates. */
const PREFIX_CANDIDATES = 50;
/** Authors whose books a search reads. */
const AUTHORS_READ = 3;

export interface SearchIndexStats {
  books: number;
  words: number;
  overlay: number;
  builtAt: number;
}

/** Words of an entity as ids, for entities built after the dictionary (unknown words are left out). */
function wordIdsOf(words: Iterable<string>, dict: readonly string[]): number[] {
  const ids: number[] = [];
  for (const w of words) {
    const at = lowerBoundStr(dict, w);
    if (dict[at] === w) ids.push(at);
  }
  return ids.sort((a, b) => a - b);
}

interface OverlayBook extends BookEntry {
  titleWords: Set<string>;
  doc: Set<string>;
}

export class SearchIndex {
  /** Book id per dense index, in best-seller order at build time. */
  private readonly ids: Int32Array;
  private readonly sold: Int32Array;
  private readonly titles: string[];
  /** Dense indexes sorted by title (code-unit order), for titles starting with the term. */
  private readonly byTitle: Int32Array;
  /** 1 while the base entry is current and visible; 0 once it left the store or moved to the overlay. */
  private readonly alive: Uint8Array;
  private readonly slotOf: Map<number, number>;
  private readonly dict: string[];
  private readonly title: Field;
  private readonly doc: Field;
  private readonly authorName: Field;
  private readonly authorIds: Int32Array;
  /** Books (dense indexes, ascending) of each author (dense author index). */
  private readonly authorBooksOff: Int32Array;
  private readonly authorBooks: Int32Array;
  private readonly overlay = new Map<number, OverlayBook>();
  readonly builtAt = Date.now();

  /** Books in best-seller order. */
  constructor(books: readonly BookEntry[], authors: readonly AuthorEntry[]) {
    const provisional = new Map<string, number>();
    const idOf = (w: string): number => {
      let id = provisional.get(w);
      if (id === undefined) {
        id = provisional.size;
        provisional.set(w, id);
      }
      return id;
    };
    const n = books.length;
    this.ids = new Int32Array(n);
    this.sold = new Int32Array(n);
    this.titles = new Array<string>(n);
    this.alive = new Uint8Array(n).fill(1);
    this.slotOf = new Map();
    const titleOff = new Int32Array(n + 1);
    const docOff = new Int32Array(n + 1);
    const titleBuf = new IntBuffer();
    const docBuf = new IntBuffer();
    const authorPairs: number[] = [];
    books.forEach((b, e) => {
      this.ids[e] = b.id;
      this.sold[e] = b.sold;
      this.titles[e] = b.title;
      this.slotOf.set(b.id, e);
      for (const w of new Set(b.title.split(' '))) if (w) titleBuf.push(idOf(w));
      titleOff[e + 1] = titleBuf.length;
      for (const w of new Set(b.docWords)) if (w) docBuf.push(idOf(w));
      docOff[e + 1] = docBuf.length;
      for (const a of b.authorIds) authorPairs.push(a, e);
    });
    const authorOff = new Int32Array(authors.length + 1);
    const authorBuf = new IntBuffer();
    authors.forEach((a, i) => {
      for (const w of new Set(a.name.split(' '))) if (w) authorBuf.push(idOf(w));
      authorOff[i + 1] = authorBuf.length;
    });
    // Alphabetical word ids: a prefix is a range.
    this.dict = [...provisional.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const rank = new Int32Array(provisional.size);
    this.dict.forEach((w, i) => (rank[provisional.get(w)!] = i));
    const remap = (buf: IntBuffer) => {
      const a = buf.trimmed();
      for (let i = 0; i < a.length; i++) a[i] = rank[a[i]!]!;
      return a;
    };
    this.title = new Field(titleOff, remap(titleBuf), this.dict.length);
    this.doc = new Field(docOff, remap(docBuf), this.dict.length);
    this.authorName = new Field(authorOff, remap(authorBuf), this.dict.length);
    this.authorIds = Int32Array.from(authors.map((a) => a.id));
    const authorSlot = new Map(authors.map((a, i) => [a.id, i]));
    const authorCounts = new Int32Array(authors.length + 1);
    for (let i = 0; i < authorPairs.length; i += 2) {
      const slot = authorSlot.get(authorPairs[i]!);
      if (slot !== undefined) authorCounts[slot + 1]!++;
    }
    for (let a = 0; a < authors.length; a++) authorCounts[a + 1]! += authorCounts[a]!;
    this.authorBooksOff = authorCounts;
    this.authorBooks = new Int32Array(authorCounts[authors.length]!);
    const fill = authorCounts.slice(0, authors.length);
    for (let i = 0; i < authorPairs.length; i += 2) {
      const slot = authorSlot.get(authorPairs[i]!);
      if (slot !== undefined) this.authorBooks[fill[slot]!++] = authorPairs[i + 1]!;
    }
    this.byTitle = Int32Array.from(this.titles.keys()).sort((x, y) => {
      const a = this.titles[x]!;
      const b = this.titles[y]!;
      return a < b ? -1 : a > b ? 1 : 0;
    });
  }

  stats(): SearchIndexStats {
    return { books: this.ids.length, words: this.dict.length, overlay: this.overlay.size, builtAt: this.builtAt };
  }

  /**
   * A book as it is now (from the delta feed): visible or not, its sales, title, words and authors. A change of
   * sales alone or of visibility updates the base entry in place; any other change moves the book to the overlay.
   */
  apply(book: BookEntry, visible: boolean): void {
    const slot = this.slotOf.get(book.id);
    if (slot !== undefined) this.sold[slot] = book.sold;
    if (!visible) {
      this.overlay.delete(book.id);
      if (slot !== undefined) this.alive[slot] = 0;
      return;
    }
    if (slot !== undefined && !this.overlay.has(book.id) && this.sameAsBase(slot, book)) {
      this.alive[slot] = 1;
      return;
    }
    if (slot !== undefined) this.alive[slot] = 0;
    this.overlay.set(book.id, { ...book, titleWords: new Set(book.title.split(' ').filter(Boolean)), doc: new Set(book.docWords) });
  }

  private sameAsBase(slot: number, book: BookEntry): boolean {
    if (this.titles[slot] !== book.title) return false;
    const ids = wordIdsOf(new Set(book.docWords), this.dict);
    if (ids.length !== new Set(book.docWords).size) return false;
    const { off, data } = this.doc;
    if (off[slot + 1]! - off[slot]! !== ids.length) return false;
    return ids.every((id, i) => data[off[slot]! + i] === id);
  }

  /** The query's groups as ranges of word ids; a group no word satisfies makes the query match nothing. */
  private rangesOf(groups: readonly QueryGroup[]): Range[][] | undefined {
    const out: Range[][] = [];
    for (const g of groups) {
      const ranges: Range[] = [];
      for (const w of g.words) {
        const at = lowerBoundStr(this.dict, w);
        if (this.dict[at] === w) ranges.push([at, at + 1]);
      }
      if (g.prefix) {
        const lo = lowerBoundStr(this.dict, g.prefix);
        const hi = lowerBoundStr(this.dict, `${g.prefix}\uffff`);
        if (hi > lo) ranges.push([lo, hi]);
      }
      out.push(ranges);
    }
    return out;
  }

  private static overlayHas(words: ReadonlySet<string>, groups: readonly QueryGroup[]): boolean {
    return groups.every((g) => g.words.some((w) => words.has(w)) || (g.prefix !== undefined && [...words].some((w) => w.startsWith(g.prefix!))));
  }

  /**
   * One page of the ranked matches, as the database search ranks them (search.ts, searchVisiblePage): the
   * titles holding every group, the books of up to AUTHORS_READ authors whose name holds every group, the titles
   * starting with the term, the documents only when those found nothing, and the best sellers among the
   * documents when a part stopped at its cap. Tiers: title is the term, starts with it, holds every group, the
   * rest; shortest title first in the title tiers, then sales, then id.
   */
  page(groups: readonly QueryGroup[], norm: string, offset: number, limit: number): MemoryPage {
    const all = this.candidates(groups, norm);
    const ranked = all.ranked;
    return { ids: ranked.slice(offset, offset + limit).map((c) => c.id), total: ranked.length, wordMatches: all.wordMatches };
  }

  /** Ids of the candidates (unranked), for searches sorted by a field. */
  candidateIds(groups: readonly QueryGroup[], norm: string): { ids: number[]; wordMatches: number } {
    const all = this.candidates(groups, norm);
    return { ids: all.ranked.map((c) => c.id), wordMatches: all.wordMatches };
  }

  private candidates(groups: readonly QueryGroup[], norm: string) {
    const ranges = this.rangesOf(groups);
    const alive = (e: number) => this.alive[e] === 1;
    const overlay = [...this.overlay.values()];
    // Parts: dense indexes of the base, book ids of the overlay.
    const tw = ranges ? this.title.find(ranges, PART_CAP, alive, MAX_CHECKS) : [];
    const twOverlay = overlay.filter((b) => SearchIndex.overlayHas(b.titleWords, groups));
    const authorSlots = ranges ? this.authorName.find(ranges, AUTHORS_READ, () => true, MAX_CHECKS) : [];
    const au: number[] = [];
    for (const a of authorSlots) {
      for (let i = this.authorBooksOff[a]!; i < this.authorBooksOff[a + 1]!; i++) {
        const e = this.authorBooks[i]!;
        if (alive(e)) au.push(e);
      }
    }
    au.sort((x, y) => x - y);
    au.length = Math.min(au.length, PART_CAP);
    const authorIdSet = new Set(authorSlots.map((a) => this.authorIds[a]!));
    const auOverlay = overlay.filter((b) => b.authorIds.some((a) => authorIdSet.has(a)));
    const pre = this.titlePrefix(norm);
    const preOverlay = norm ? overlay.filter((b) => b.title.startsWith(norm)) : [];
    const nothingYet = tw.length + twOverlay.length + au.length + auOverlay.length + pre.length + preOverlay.length === 0;
    const dw = nothingYet && ranges ? this.doc.find(ranges, PART_CAP, alive, MAX_CHECKS) : [];
    const dwOverlay = nothingYet ? overlay.filter((b) => SearchIndex.overlayHas(b.doc, groups)) : [];
    const capped = tw.length >= PART_CAP || au.length >= PART_CAP || dw.length >= PART_CAP;
    const probe = capped && ranges ? this.doc.find(ranges, PROBE_ENOUGH, alive, MAX_CHECKS) : [];

    const words = new Set<number>([...tw, ...au, ...dw, ...probe].map((e) => this.ids[e]!));
    for (const b of [...twOverlay, ...auOverlay, ...dwOverlay]) words.add(b.id);
    const cand = new Map<number, { id: number; sold: number; title: string }>();
    for (const e of [...tw, ...au, ...dw, ...probe, ...pre]) cand.set(this.ids[e]!, { id: this.ids[e]!, sold: this.sold[e]!, title: this.titles[e]! });
    for (const b of [...twOverlay, ...auOverlay, ...dwOverlay, ...preOverlay]) cand.set(b.id, b);

    const titleHolds = (c: { id: number; title: string }): boolean => {
      const b = this.overlay.get(c.id);
      if (b) return SearchIndex.overlayHas(b.titleWords, groups);
      const e = this.slotOf.get(c.id)!;
      return ranges !== undefined && this.title.matchesAll(e, ranges);
    };
    const ranked = [...cand.values()].map((c) => {
      const tier = c.title === norm ? 0 : norm && c.title.startsWith(norm) ? 1 : titleHolds(c) ? 2 : 3;
      return { ...c, tier, len: tier < 3 ? c.title.length : 0 };
    });
    ranked.sort((x, y) => x.tier - y.tier || x.len - y.len || y.sold - x.sold || y.id - x.id);
    return { ranked, wordMatches: words.size };
  }

  /** Up to PREFIX_CANDIDATES live books whose title starts with `norm`, alphabetical. */
  private titlePrefix(norm: string): number[] {
    if (!norm) return [];
    let lo = 0;
    let hi = this.byTitle.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.titles[this.byTitle[mid]!]! < norm) lo = mid + 1;
      else hi = mid;
    }
    const out: number[] = [];
    for (let i = lo; i < this.byTitle.length && out.length < PREFIX_CANDIDATES; i++) {
      const e = this.byTitle[i]!;
      if (!this.titles[e]!.startsWith(norm)) break;
      if (this.alive[e] === 1) out.push(e);
    }
    return out;
  }
}

/**
 * The groups of a tsquery written by search.ts ('a & b & c:*', '(a | b | c:*) & d'): words are [a-z0-9] only,
 * so the grammar is that small.
 */
export function groupsOfTsQuery(tsQuery: string): QueryGroup[] {
  return tsQuery
    .split(' & ')
    .map((part) => part.replace(/^\(|\)$/g, ''))
    .filter(Boolean)
    .map((part) => {
      const group: QueryGroup = { words: [] };
      for (const alt of part.split(' | ')) {
        if (alt.endsWith(':*')) group.prefix = alt.slice(0, -2);
        else if (alt) group.words.push(alt);
      }
      return group;
    });
}
