import { AUTHORS_COMPARED, closestAuthors, keyHash, markedKey, PART_CAP, PREFIX_CANDIDATES, PROBE_ENOUGH, type AuthorMatch, type Candidate } from './ranking.ts';

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

/** The term a search ranks for: folded, and as typed (markedKey) with its hash. */
export interface TermKeys {
  norm: string;
  key: string;
}

export interface BookEntry {
  id: number;
  sold: number;
  /** Normalised title (f_search_norm): [a-z0-9 ]. */
  title: string;
  /** The document's words (title, authors, publisher, ISBN), normalised. */
  docWords: string[];
  authorIds: number[];
  /** The title as written (any case): compared with the term as typed (ranking.ts, markedKey). */
  marked: string;
}

export interface AuthorEntry {
  id: number;
  /** Normalised name. */
  name: string;
  /** The name as written. */
  marked: string;
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

const hasBit = (bits: Uint32Array, e: number) => (bits[e >>> 5]! & (1 << (e & 31))) !== 0;

/**
 * Entities (books or authors) with their word ids, and the inverted lists; a word in more than 1/BITSET_SHARE of
 * the entities also gets a bitset, so intersecting two frequent words is an AND of two bitsets (31,250 words at
 * a million books: microseconds), not a walk of their long lists.
 */
/** A field's arrays: what a worker thread hands over (typed arrays are moved, not copied). */
interface FieldParts {
  off: Int32Array;
  data: Int32Array;
  postOff: Int32Array;
  postData: Int32Array;
  bits: (Uint32Array | undefined)[];
  dense: number;
}

class Field {
  readonly off: Int32Array;
  readonly data: Int32Array;
  readonly postOff: Int32Array;
  readonly postData: Int32Array;
  readonly bits: (Uint32Array | undefined)[];
  readonly bitWords: number;
  /** Lists longer than this have a bitset; a driver group longer than this is scanned through the bitsets. */
  readonly dense: number;

  constructor(parts: FieldParts) {
    this.off = parts.off;
    this.data = parts.data;
    this.postOff = parts.postOff;
    this.postData = parts.postData;
    this.bits = parts.bits;
    this.dense = parts.dense;
    this.bitWords = (parts.off.length - 1 + 31) >>> 5;
  }

  parts(): FieldParts {
    return { off: this.off, data: this.data, postOff: this.postOff, postData: this.postData, bits: this.bits, dense: this.dense };
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

  private size(ranges: readonly Range[]): number {
    let n = 0;
    for (const [lo, hi] of ranges) n += this.postOff[hi]! - this.postOff[lo]!;
    return n;
  }

  /** The entities of one word, or of several merged and sorted (duplicates kept: callers skip them). */
  private postings(ranges: readonly Range[], size: number): Int32Array {
    if (ranges.length === 1 && ranges[0]![1] - ranges[0]![0] === 1) return this.postData.subarray(this.postOff[ranges[0]![0]], this.postOff[ranges[0]![1]]);
    const merged = new Int32Array(size);
    let n = 0;
    for (const [lo, hi] of ranges) {
      merged.set(this.postData.subarray(this.postOff[lo], this.postOff[hi]), n);
      n += this.postOff[hi]! - this.postOff[lo]!;
    }
    return merged.sort();
  }

  /**
   * Entities matching every group and alive, in ascending order (best sellers first), at most `cap`.
   * The shortest group, when it is short, gives the candidates and the others are tested (a bit each for a
   * frequent word, else a binary search in the entity's few words); when every group is long, the groups are
   * intersected 32 entities at a time from the first, stopping at `cap`: a group of several words (a prefix,
   * typo alternatives) ORs its words' bitsets word by word only as far as the scan goes, where OR-ing them whole
   * first cost up to a millisecond per group at a million books.
   */
  find(groups: readonly (readonly Range[])[], cap: number, alive: Uint32Array): number[] {
    const out: number[] = [];
    if (groups.length === 0 || cap <= 0) return out;
    const sized = groups.map((g) => ({ g, size: this.size(g) })).sort((x, y) => x.size - y.size);
    if (sized[0]!.size === 0) return out;
    const driver = sized[0]!;
    if (driver.size <= this.dense) {
      const tests = sized.slice(1).map(({ g }) => (g.length === 1 && g[0]![1] - g[0]![0] === 1 && this.bits[g[0]![0]]) || g);
      const list = this.postings(driver.g, driver.size);
      let last = -1;
      for (let i = 0; i < list.length && out.length < cap; i++) {
        const e = list[i]!;
        if (e === last) continue;
        last = e;
        if (!hasBit(alive, e)) continue;
        let ok = true;
        for (const t of tests) {
          if (t instanceof Uint32Array ? !hasBit(t, e) : !this.hasAny(e, t)) {
            ok = false;
            break;
          }
        }
        if (ok) out.push(e);
      }
      return out;
    }
    // Each group as the bitsets of its frequent words plus the sorted entities of its other words (read with a
    // cursor as the scan advances); the smallest group first, so most blocks stop at the first test.
    const readers = sized.map(({ g }) => {
      const dense: Uint32Array[] = [];
      const sparseRanges: Range[] = [];
      let sparseSize = 0;
      for (const [lo, hi] of g) {
        for (let w = lo; w < hi; w++) {
          const b = this.bits[w];
          if (b) dense.push(b);
          else if (this.postOff[w + 1]! > this.postOff[w]!) {
            sparseRanges.push([w, w + 1]);
            sparseSize += this.postOff[w + 1]! - this.postOff[w]!;
          }
        }
      }
      return { dense, sparse: sparseSize ? this.postings(sparseRanges, sparseSize) : undefined, at: 0 };
    });
    if (readers.length <= 3 && readers.every((r) => r.dense.length === 1 && !r.sparse)) {
      andScan([alive, ...readers.map((r) => r.dense[0]!)], this.bitWords, cap, out);
      return out;
    }
    for (let i = 0; i < this.bitWords && out.length < cap; i++) {
      let word = alive[i]!;
      for (let k = 0; k < readers.length && word !== 0; k++) {
        const r = readers[k]!;
        let g = 0;
        for (let d = 0; d < r.dense.length; d++) g |= r.dense[d]![i]!;
        const sp = r.sparse;
        if (sp) {
          while (r.at < sp.length && sp[r.at]! >>> 5 < i) r.at++;
          for (let j = r.at; j < sp.length && sp[j]! >>> 5 === i; j++) g |= 1 << (sp[j]! & 31);
        }
        word &= g;
      }
      takeBits(word, i, cap, out);
    }
    return out;
  }
}

/** Pushes the entities of block `i` (bits of `word`) to `out`, up to `cap`. */
function takeBits(word: number, i: number, cap: number, out: number[]): void {
  while (word !== 0 && out.length < cap) {
    const bit = 31 - Math.clz32(word & -word);
    out.push((i << 5) | bit);
    word &= word - 1;
  }
}

/**
 * The AND of two to four bitsets from the first block, stopping at `cap`: one straight loop per count (the common
 * case of one to three single words besides `alive`) runs several times faster than the general reader loop,
 * which a search of words that seldom meet walks to the end (31,250 blocks at a million books).
 */
function andScan(sets: readonly Uint32Array[], blocks: number, cap: number, out: number[]): void {
  const a = sets[0]!;
  const b = sets[1]!;
  if (sets.length === 2) {
    for (let i = 0; i < blocks && out.length < cap; i++) {
      const w = a[i]! & b[i]!;
      if (w !== 0) takeBits(w, i, cap, out);
    }
    return;
  }
  const c = sets[2]!;
  if (sets.length === 3) {
    for (let i = 0; i < blocks && out.length < cap; i++) {
      const w = a[i]! & b[i]! & c[i]!;
      if (w !== 0) takeBits(w, i, cap, out);
    }
    return;
  }
  const d = sets[3]!;
  for (let i = 0; i < blocks && out.length < cap; i++) {
    const w = a[i]! & b[i]! & c[i]! & d[i]!;
    if (w !== 0) takeBits(w, i, cap, out);
  }
}

/**
 * ISBNs (digit runs of 10 or more) stay out of the index: a full ISBN is looked up by itself (search.ts), and a
 * million unique ISBNs would double the dictionary. A term holding one is searched in the database.
 */
const ISBN_LIKE = /\d{10,}/;
export const isIndexedWord = (word: string): boolean => word.length < 10 || !ISBN_LIKE.test(word);
export const indexAnswers = (tsQuery: string): boolean => !ISBN_LIKE.test(tsQuery);

/** Lets other work run between slices of a long build (a million books take seconds of CPU). */
export type Pause = () => Promise<void>;
const SLICE = 65_536;

/**
 * A field from the word ids of each entity (already in alphabetical numbering): each entity's words sorted, the
 * posting lists (entities ascending), and the bitsets of the frequent words.
 */
async function buildField(off: Int32Array, data: Int32Array, wordCount: number, pause: Pause): Promise<Field> {
  const entities = off.length - 1;
  for (let e = 0; e < entities; e++) {
    if (e % SLICE === SLICE - 1) await pause();
    const from = off[e]!;
    const to = off[e + 1]!;
    // Insertion sort: a few words per entity, no allocation (subarray().sort() costs a view per entity).
    for (let i = from + 1; i < to; i++) {
      const v = data[i]!;
      let j = i - 1;
      while (j >= from && data[j]! > v) {
        data[j + 1] = data[j]!;
        j--;
      }
      data[j + 1] = v;
    }
  }
  const postOff = new Int32Array(wordCount + 1);
  for (let i = 0; i < data.length; i++) postOff[data[i]! + 1]!++;
  for (let w = 0; w < wordCount; w++) postOff[w + 1]! += postOff[w]!;
  const postData = new Int32Array(data.length);
  const fill = postOff.slice(0, wordCount);
  // Entities in ascending order: each posting list comes out sorted.
  for (let e = 0; e < entities; e++) {
    if (e % SLICE === SLICE - 1) await pause();
    for (let i = off[e]!; i < off[e + 1]!; i++) postData[fill[data[i]!]!++] = e;
  }
  const dense = Math.max(1024, Math.floor(entities / BITSET_SHARE));
  const bitWords = (entities + 31) >>> 5;
  const bits = new Array<Uint32Array | undefined>(wordCount);
  for (let w = 0; w < wordCount; w++) {
    if (postOff[w + 1]! - postOff[w]! <= dense) continue;
    await pause();
    const b = new Uint32Array(bitWords);
    for (let i = postOff[w]!; i < postOff[w + 1]!; i++) b[postData[i]! >>> 5]! |= 1 << (postData[i]! & 31);
    bits[w] = b;
  }
  return new Field({ off, data, postOff, postData, bits, dense });
}

/** Suggestions: titles starting with the text, and best sellers with every word, that are compared. */
const SUGGEST_PREFIX = 30;
const SUGGEST_WORDS = 200;
/** A word in more than 1/BITSET_SHARE of the entities gets a bitset (at most BITSET_SHARE x words per entity). */
const BITSET_SHARE = 128;

export interface SearchIndexStats {
  books: number;
  words: number;
  overlay: number;
  builtAt: number;
}

/** Flags of a base candidate: found by a word-matching part; title known to hold every group. */
const WORD_MATCH = 1;
const TITLE_HOLDS = 2;

interface OverlayBook extends BookEntry {
  titleWords: Set<string>;
  doc: Set<string>;
  markedHash: number;
}

/** Pushes `id` unless it is among buf[from..]: a book's few words, looked back at instead of a Set per book. */
function pushOnce(buf: IntBuffer, from: number, id: number): void {
  for (let i = from; i < buf.length; i++) if (buf.data[i] === id) return;
  buf.push(id);
}

/**
 * Words numbered in the order they come, found by their characters within a longer text (open addressing on an
 * FNV-1a hash): a first build looks up about twelve million words, and a string made for each was a fifth of it.
 */
class WordTable {
  readonly list: string[] = [];
  private readonly hashes = new IntBuffer();
  /** Word id + 1 per slot (0: empty); kept at most half full. */
  private slots = new Int32Array(1 << 16);

  idOf(text: string, from: number, to: number): number {
    let h = 0x811c9dc5;
    for (let i = from; i < to; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
    const mask = this.slots.length - 1;
    const length = to - from;
    for (let s = h & mask; ; s = (s + 1) & mask) {
      const v = this.slots[s]!;
      if (v === 0) {
        const id = this.list.length;
        this.list.push(text.slice(from, to));
        this.hashes.push(h);
        this.slots[s] = id + 1;
        if (this.list.length * 2 > this.slots.length) this.grow();
        return id;
      }
      if (this.hashes.data[v - 1] !== h) continue;
      const w = this.list[v - 1]!;
      if (w.length !== length) continue;
      let same = true;
      for (let i = 0; i < length; i++) {
        if (w.charCodeAt(i) !== text.charCodeAt(from + i)) {
          same = false;
          break;
        }
      }
      if (same) return v - 1;
    }
  }

  private grow(): void {
    const slots = new Int32Array(this.slots.length * 2);
    const mask = slots.length - 1;
    for (let id = 0; id < this.list.length; id++) {
      let s = this.hashes.data[id]! & mask;
      while (slots[s] !== 0) s = (s + 1) & mask;
      slots[s] = id + 1;
    }
    this.slots = slots;
  }
}

/** Dense indexes in title order, sorted here (when the database's order could not be used). */
function sortedByTitle(titles: Titles): Int32Array {
  const list = Array.from(titles.off.subarray(1), (_, i) => titles.at(i));
  return Int32Array.from(list.keys()).sort((x, y) => (list[x]! < list[y]! ? -1 : list[x]! > list[y]! ? 1 : 0));
}

/**
 * Collects the books (in best-seller order) and authors, then builds the index: words are numbered as they come
 * and renumbered alphabetically at the end, so no book's words are kept as strings.
 */
export class SearchIndexBuilder {
  private readonly words = new WordTable();
  readonly ids = new IntBuffer();
  readonly sold = new IntBuffer();
  /** The titles as they came, one or a batch's joined by newlines; titleStart: where each title starts in them joined. */
  private readonly titleChunks: string[] = [];
  private readonly titleStart = new IntBuffer();
  private titleEnd = 0;
  readonly markedHash = new IntBuffer();
  readonly titleOff = new IntBuffer();
  readonly titleBuf = new IntBuffer();
  readonly docOff = new IntBuffer();
  readonly docBuf = new IntBuffer();
  /** (author id, dense book index) pairs. */
  readonly authorPairs = new IntBuffer();
  readonly authorNames: AuthorEntry[] = [];
  private slots: Int32Array | undefined;

  constructor() {
    this.titleOff.push(0);
    this.docOff.push(0);
  }

  wordId(w: string): number {
    return this.words.idOf(w, 0, w.length);
  }

  private pushWords(words: readonly string[], buf: IntBuffer): void {
    const from = buf.length;
    for (const w of words) if (w) pushOnce(buf, from, this.wordId(w));
  }

  /**
   * The words of text[from, to) (runs of [a-z0-9]; anything else separates them), each once, without a string
   * made for a word already numbered. `indexedOnly`: words holding an ISBN (isIndexedWord) left out.
   */
  private pushWordsOf(text: string, from: number, to: number, buf: IntBuffer, indexedOnly: boolean): void {
    const first = buf.length;
    let start = -1;
    let digits = 0;
    let longDigits = false;
    for (let i = from; i <= to; i++) {
      const c = i < to ? text.charCodeAt(i) : 32;
      const digit = c >= 48 && c <= 57;
      if (digit || (c >= 97 && c <= 122)) {
        if (start < 0) {
          start = i;
          longDigits = false;
          digits = 0;
        }
        digits = digit ? digits + 1 : 0;
        if (digits >= 10) longDigits = true;
        continue;
      }
      if (start >= 0 && !(indexedOnly && longDigits)) pushOnce(buf, first, this.words.idOf(text, start, i));
      start = -1;
    }
  }

  private addTitle(title: string): void {
    this.titleChunks.push(title);
    this.titleStart.push(this.titleEnd);
    this.titleEnd += title.length + 1;
  }

  addBook(b: BookEntry): void {
    this.slots = undefined;
    this.ids.push(b.id);
    this.sold.push(b.sold);
    this.addTitle(b.title);
    this.markedHash.push(keyHash(markedKey(b.marked)));
    this.pushWords(b.title.split(' '), this.titleBuf);
    this.titleOff.push(this.titleBuf.length);
    this.pushWords(b.docWords, this.docBuf);
    this.docOff.push(this.docBuf.length);
    for (const a of b.authorIds) this.addAuthorOf(this.ids.length - 1, a);
  }

  /**
   * Books as the first build reads them, a batch at a time (search-index-build.ts): `titles` their folded titles
   * and `words` their document words as stripped tsvector text, each joined by newlines, in the order of `ids`.
   * The same index as addBook of each, without a string per word or a row object per book.
   */
  addBatch(batch: { ids: ArrayLike<number>; sold: ArrayLike<number>; markedHash: ArrayLike<number>; titles: string; words: string }): void {
    this.slots = undefined;
    const n = batch.ids.length;
    this.titleChunks.push(batch.titles);
    let title = 0;
    let word = 0;
    for (let i = 0; i < n; i++) {
      this.ids.push(batch.ids[i]!);
      this.sold.push(batch.sold[i]!);
      this.markedHash.push(batch.markedHash[i]!);
      let titleEnd = batch.titles.indexOf('\n', title);
      let wordEnd = batch.words.indexOf('\n', word);
      if (titleEnd < 0) titleEnd = batch.titles.length;
      if (wordEnd < 0) wordEnd = batch.words.length;
      this.titleStart.push(this.titleEnd + title);
      this.pushWordsOf(batch.titles, title, titleEnd, this.titleBuf, false);
      this.titleOff.push(this.titleBuf.length);
      this.pushWordsOf(batch.words, word, wordEnd, this.docBuf, true);
      this.docOff.push(this.docBuf.length);
      title = titleEnd + 1;
      word = wordEnd + 1;
    }
    if (title !== batch.titles.length + 1 || word !== batch.words.length + 1) throw new Error('search build: a batch whose titles or words do not match its books');
    this.titleEnd += batch.titles.length + 1;
  }

  /** An author of the book at dense index `slot` (authors read apart from the books). */
  addAuthorOf(slot: number, authorId: number): void {
    this.authorPairs.push(authorId);
    this.authorPairs.push(slot);
  }

  /** Dense index of each book id added so far (-1: none); computed once after the last book. */
  slotsById(): Int32Array {
    if (this.slots) return this.slots;
    let maxId = 0;
    for (let e = 0; e < this.ids.length; e++) maxId = Math.max(maxId, this.ids.data[e]!);
    const slots = new Int32Array(maxId + 1).fill(-1);
    for (let e = 0; e < this.ids.length; e++) slots[this.ids.data[e]!] = e;
    this.slots = slots;
    return slots;
  }

  addAuthor(a: AuthorEntry): void {
    this.authorNames.push(a);
  }

  /** Alphabetical word ids (a prefix is a range) and each word's new id. */
  dictionary(): { dict: string[]; rank: Int32Array } {
    const words = this.words.list;
    const order = Int32Array.from(words.keys()).sort((a, b) => (words[a]! < words[b]! ? -1 : words[a]! > words[b]! ? 1 : 0));
    const dict = Array.from(order, (w) => words[w]!);
    const rank = new Int32Array(words.length);
    order.forEach((w, i) => (rank[w] = i));
    return { dict, rank };
  }

  /**
   * The index. `byTitle`: the dense indexes in title order when the database sorted them (a million string
   * comparisons here would hold the event loop for a second); otherwise they are sorted here.
   */
  async build(pause: Pause, byTitle?: Int32Array): Promise<SearchIndex> {
    const slotById = this.slotsById();
    // Authors' names come last: their words join the dictionary before it is numbered.
    const authorOff = new IntBuffer();
    authorOff.push(0);
    const authorBuf = new IntBuffer();
    for (const a of this.authorNames) {
      for (const w of new Set(a.name.split(' '))) if (w) authorBuf.push(this.wordId(w));
      authorOff.push(authorBuf.length);
    }
    const { dict, rank } = this.dictionary();
    const remap = (buf: IntBuffer) => {
      const a = buf.trimmed();
      for (let i = 0; i < a.length; i++) a[i] = rank[a[i]!]!;
      return a;
    };
    await pause();
    const title = await buildField(this.titleOff.trimmed(), remap(this.titleBuf), dict.length, pause);
    const doc = await buildField(this.docOff.trimmed(), remap(this.docBuf), dict.length, pause);
    const authorName = await buildField(authorOff.trimmed(), remap(authorBuf), dict.length, pause);
    const authorIds = Int32Array.from(this.authorNames.map((a) => a.id));
    const authorSlot = new Map(this.authorNames.map((a, i) => [a.id, i]));
    const pairs = this.authorPairs.trimmed();
    const authorBooksOff = new Int32Array(authorIds.length + 1);
    for (let i = 0; i < pairs.length; i += 2) {
      const slot = authorSlot.get(pairs[i]!);
      if (slot !== undefined) authorBooksOff[slot + 1]!++;
    }
    for (let a = 0; a < authorIds.length; a++) authorBooksOff[a + 1]! += authorBooksOff[a]!;
    const authorBooks = new Int32Array(authorBooksOff[authorIds.length]!);
    const fill = authorBooksOff.slice(0, authorIds.length);
    for (let i = 0; i < pairs.length; i += 2) {
      const slot = authorSlot.get(pairs[i]!);
      if (slot !== undefined) authorBooks[fill[slot]!++] = pairs[i + 1]!;
    }
    // Each author's books in best-seller order (the pairs came in book id order).
    for (let a = 0; a < authorIds.length; a++) authorBooks.subarray(authorBooksOff[a], authorBooksOff[a + 1]).sort();
    await pause();
    this.titleStart.push(this.titleEnd);
    const titles = new Titles(this.titleChunks.join('\n'), this.titleStart.trimmed());
    const order = byTitle ?? sortedByTitle(titles);
    const authors = this.authorNames.map((a) => ({ norm: a.name, key: markedKey(a.marked) }));
    return new SearchIndex({ ids: this.ids.trimmed(), sold: this.sold.trimmed(), titles, markedHash: this.markedHash.trimmed(), byTitle: order, slotById, dict, title, doc, authorName, authorIds, authors, authorBooksOff, authorBooks });
  }

}

/**
 * The books' folded titles by dense index, as one string and the offset of each title in it: a worker hands them
 * to the serving thread (and a snapshot stores them) without a million strings being made there at the swap
 * (splitting them held the event loop for about 100 ms at a million books). A title is sliced when read.
 */
export class Titles {
  constructor(
    readonly text: string,
    /** Start of each title, and one past the end (the separator included) after the last. */
    readonly off: Int32Array,
  ) {}

  /** Titles are [a-z0-9 ]: a newline separates them safely. */
  static of(list: readonly string[]): Titles {
    const off = new Int32Array(list.length + 1);
    for (let i = 0; i < list.length; i++) off[i + 1] = off[i]! + list[i]!.length + 1;
    return new Titles(list.join('\n'), off);
  }

  at(i: number): string {
    return this.text.slice(this.off[i]!, this.off[i + 1]! - 1);
  }
}

/** Everything a SearchIndex is made of (built here or in a worker thread: search-index-worker.ts). */
interface IndexParts {
  ids: Int32Array;
  sold: Int32Array;
  titles: Titles;
  markedHash: Int32Array;
  byTitle: Int32Array;
  slotById: Int32Array;
  dict: string[];
  title: Field;
  doc: Field;
  authorName: Field;
  authorIds: Int32Array;
  authors: { norm: string; key: string }[];
  authorBooksOff: Int32Array;
  authorBooks: Int32Array;
  /** When the books were read (a snapshot's index keeps its build's time: the rebuild clock runs from it). */
  builtAt?: number;
}

/**
 * A built index as a worker thread posts it: the typed arrays are moved (listed in `transfer`), the titles and
 * the dictionary go as one string each (one copy, not a million small ones).
 */
export interface PortableIndex {
  arrays: Record<'ids' | 'sold' | 'markedHash' | 'byTitle' | 'slotById' | 'authorIds' | 'authorBooksOff' | 'authorBooks' | 'titleOff', Int32Array>;
  fields: Record<'title' | 'doc' | 'authorName', FieldParts>;
  titles: string;
  dict: string;
  authors: { norm: string; key: string }[];
}

export class SearchIndex {
  /** Book id per dense index, in best-seller order at build time. */
  private readonly ids: Int32Array;
  private readonly sold: Int32Array;
  private readonly titles: Titles;
  /** keyHash(markedKey(title as written)) of each book. */
  private readonly markedHash: Int32Array;
  /** Dense indexes sorted by title (code-unit order), for titles starting with the term. */
  private readonly byTitle: Int32Array;
  /** Bit set while the base entry is current and visible; cleared once it left the store or moved to the overlay. */
  private readonly alive: Uint32Array;
  /** Dense index of each book id (-1: none). */
  private readonly slotById: Int32Array;
  private readonly dict: string[];
  private readonly title: Field;
  private readonly doc: Field;
  private readonly authorName: Field;
  private readonly authorIds: Int32Array;
  /** Each author's name folded and as written (markedKey), by dense author index. */
  private readonly authors: { norm: string; key: string }[];
  /** Books (dense indexes, ascending) of each author (dense author index). */
  private readonly authorBooksOff: Int32Array;
  private readonly authorBooks: Int32Array;
  private readonly overlay = new Map<number, OverlayBook>();
  /** Every author is a candidate of the author-name part (the `alive` set of that field). */
  private readonly everyAuthor: Uint32Array;
  /** Per book: the serial of the last search that made it a candidate, and what that search knows of it. */
  private readonly stamp: Int32Array;
  private readonly flags: Uint8Array;
  private serial = 0;
  readonly builtAt: number;

  constructor(p: IndexParts) {
    this.ids = p.ids;
    this.sold = p.sold;
    this.titles = p.titles;
    this.markedHash = p.markedHash;
    this.byTitle = p.byTitle;
    this.slotById = p.slotById;
    this.dict = p.dict;
    this.title = p.title;
    this.doc = p.doc;
    this.authorName = p.authorName;
    this.authorIds = p.authorIds;
    this.authors = p.authors;
    this.authorBooksOff = p.authorBooksOff;
    this.authorBooks = p.authorBooks;
    this.builtAt = p.builtAt ?? Date.now();
    this.everyAuthor = new Uint32Array((p.authorIds.length + 31) >>> 5).fill(0xffffffff);
    this.stamp = new Int32Array(p.ids.length);
    this.flags = new Uint8Array(p.ids.length);
    const n = p.ids.length;
    this.alive = new Uint32Array((n + 31) >>> 5);
    for (let e = 0; e < n; e++) this.alive[e >>> 5]! |= 1 << (e & 31);
  }

  /** The index as a worker thread posts it to the main thread (see fromPortable). */
  toPortable(): { portable: PortableIndex; transfer: ArrayBuffer[] } {
    const arrays = {
      ids: this.ids,
      sold: this.sold,
      markedHash: this.markedHash,
      byTitle: this.byTitle,
      slotById: this.slotById,
      authorIds: this.authorIds,
      authorBooksOff: this.authorBooksOff,
      authorBooks: this.authorBooks,
      titleOff: this.titles.off,
    };
    const fields = { title: this.title.parts(), doc: this.doc.parts(), authorName: this.authorName.parts() };
    const buffers = new Set<ArrayBuffer>();
    for (const a of Object.values(arrays)) buffers.add(a.buffer as ArrayBuffer);
    for (const f of Object.values(fields)) {
      for (const a of [f.off, f.data, f.postOff, f.postData, ...f.bits]) if (a) buffers.add(a.buffer as ArrayBuffer);
    }
    // Words are [a-z0-9]: a newline separates them safely.
    return { portable: { arrays, fields, titles: this.titles.text, dict: this.dict.join('\n'), authors: this.authors }, transfer: [...buffers] };
  }

  static fromPortable(p: PortableIndex, builtAt?: number): SearchIndex {
    return new SearchIndex({
      ...p.arrays,
      ...(builtAt === undefined ? {} : { builtAt }),
      titles: new Titles(p.titles, p.arrays.titleOff),
      dict: p.dict ? p.dict.split('\n') : [],
      authors: p.authors,
      title: new Field(p.fields.title),
      doc: new Field(p.fields.doc),
      authorName: new Field(p.fields.authorName),
    });
  }

  stats(): SearchIndexStats {
    return { books: this.ids.length, words: this.dict.length, overlay: this.overlay.size, builtAt: this.builtAt };
  }

  private slotOf(id: number): number | undefined {
    const slot = id < this.slotById.length ? this.slotById[id]! : -1;
    return slot >= 0 ? slot : undefined;
  }

  private setAlive(e: number, on: boolean): void {
    if (on) this.alive[e >>> 5]! |= 1 << (e & 31);
    else this.alive[e >>> 5]! &= ~(1 << (e & 31));
  }

  /**
   * A book as it is now (from the delta feed): visible or not, its sales, title, words and authors. A change of
   * sales alone or of visibility updates the base entry in place; any other change moves the book to the overlay.
   */
  apply(book: BookEntry, visible: boolean): void {
    const slot = this.slotOf(book.id);
    if (slot !== undefined) this.sold[slot] = book.sold;
    const markedHash = keyHash(markedKey(book.marked));
    if (!visible) {
      this.overlay.delete(book.id);
      if (slot !== undefined) this.setAlive(slot, false);
      return;
    }
    if (slot !== undefined && !this.overlay.has(book.id) && this.markedHash[slot] === markedHash && this.sameAsBase(slot, book)) {
      this.setAlive(slot, true);
      return;
    }
    if (slot !== undefined) this.setAlive(slot, false);
    this.overlay.set(book.id, { ...book, titleWords: new Set(book.title.split(' ').filter(Boolean)), doc: new Set(book.docWords), markedHash });
  }

  /** A book that left the store (deleted): out of the base and the overlay. */
  remove(id: number): void {
    this.overlay.delete(id);
    const slot = this.slotOf(id);
    if (slot !== undefined) this.setAlive(slot, false);
  }

  private sameAsBase(slot: number, book: BookEntry): boolean {
    if (this.titles.at(slot) !== book.title) return false;
    const words = new Set(book.docWords.filter(Boolean));
    const ids: number[] = [];
    for (const w of words) {
      const at = lowerBoundStr(this.dict, w);
      if (this.dict[at] !== w) return false;
      ids.push(at);
    }
    ids.sort((a, b) => a - b);
    const { off, data } = this.doc;
    if (off[slot + 1]! - off[slot]! !== ids.length) return false;
    return ids.every((id, i) => data[off[slot]! + i] === id);
  }

  /** The query's groups as ranges of word ids (a group no word satisfies has none: nothing matches it). */
  private rangesOf(groups: readonly QueryGroup[]): Range[][] {
    return groups.map((g) => {
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
      return ranges;
    });
  }

  private static overlayHas(words: ReadonlySet<string>, groups: readonly QueryGroup[]): boolean {
    return groups.every((g) => g.words.some((w) => words.has(w)) || (g.prefix !== undefined && [...words].some((w) => w.startsWith(g.prefix!))));
  }

  /**
   * The candidates of a query with what the ranking needs (ranking.ts), as the database strategy finds them
   * (search.ts, searchVisiblePage): the titles holding every group, the books of the AUTHORS_READ closest authors
   * whose name holds every group, the titles starting with the term, the documents only when those found nothing,
   * and the best sellers among the documents when a part stopped at its cap.
   */
  candidates(groups: readonly QueryGroup[], term: TermKeys): { candidates: Candidate[]; wordMatches: number } {
    const norm = term.norm;
    const termHash = keyHash(term.key);
    const ranges = this.rangesOf(groups);
    const overlay = [...this.overlay.values()];
    // Parts: dense indexes of the base, book entries of the overlay.
    const tw = this.title.find(ranges, PART_CAP, this.alive);
    const twOverlay = overlay.filter((b) => SearchIndex.overlayHas(b.titleWords, groups));
    const chosen = closestAuthors(
      this.authorName.find(ranges, AUTHORS_COMPARED, this.everyAuthor).map((a) => ({ ...this.authors[a]!, slot: a })),
      term,
    );
    const au: number[] = [];
    const authorLevel = new Map<number, AuthorMatch>();
    for (const { author, match } of chosen) {
      authorLevel.set(this.authorIds[author.slot]!, match);
      for (let i = this.authorBooksOff[author.slot]!; i < this.authorBooksOff[author.slot + 1]!; i++) {
        const e = this.authorBooks[i]!;
        if (hasBit(this.alive, e)) au.push(e);
      }
    }
    au.sort((x, y) => x - y);
    // The books of the closest author first when several authors' books are more than the cap.
    const auLevel = new Map<number, AuthorMatch>();
    for (const { author, match } of chosen) {
      for (let i = this.authorBooksOff[author.slot]!; i < this.authorBooksOff[author.slot + 1]!; i++) {
        const e = this.authorBooks[i]!;
        if ((auLevel.get(e) ?? 0) < match) auLevel.set(e, match);
      }
    }
    const auKept = au.length > PART_CAP ? [...au].sort((x, y) => (auLevel.get(y) ?? 0) - (auLevel.get(x) ?? 0) || x - y).slice(0, PART_CAP) : au;
    const auOverlay = overlay.filter((b) => b.authorIds.some((a) => authorLevel.has(a)));
    const pre = this.titlePrefix(norm);
    const preOverlay = norm ? overlay.filter((b) => b.title.startsWith(norm)) : [];
    const nothingYet = tw.length + twOverlay.length + auKept.length + auOverlay.length + pre.length + preOverlay.length === 0;
    const dw = nothingYet ? this.doc.find(ranges, PART_CAP, this.alive) : [];
    const dwOverlay = nothingYet ? overlay.filter((b) => SearchIndex.overlayHas(b.doc, groups)) : [];
    const capped = tw.length >= PART_CAP || auKept.length >= PART_CAP || dw.length >= PART_CAP;
    const probe = capped ? this.doc.find(ranges, PROBE_ENOUGH, this.alive) : [];

    // Base candidates are marked in arrays kept by the index (a Map and two objects per candidate were half of
    // a search's ranking time); the overlay's books are never alive in the base, so the two never overlap.
    const serial = this.nextSerial();
    const slots: number[] = [];
    let wordMatches = 0;
    const mark = (list: readonly number[], flags: number): void => {
      for (const e of list) {
        if (this.stamp[e] !== serial) {
          this.stamp[e] = serial;
          this.flags[e] = 0;
          slots.push(e);
        }
        if (flags & WORD_MATCH && !(this.flags[e]! & WORD_MATCH)) wordMatches++;
        this.flags[e]! |= flags;
      }
    };
    mark(tw, WORD_MATCH | TITLE_HOLDS);
    mark(auKept, WORD_MATCH);
    mark(dw, WORD_MATCH);
    mark(probe, WORD_MATCH);
    mark(pre, 0);
    const candidates: Candidate[] = [];
    for (const e of slots) {
      candidates.push({
        id: this.ids[e]!,
        sold: this.sold[e]!,
        title: this.titles.at(e),
        titleMarked: this.markedHash[e] === termHash,
        titleHolds: !!(this.flags[e]! & TITLE_HOLDS) || this.title.matchesAll(e, ranges),
        author: auLevel.get(e) ?? 0,
        relaxed: 0,
      });
    }
    if (this.overlay.size > 0) {
      const words = new Set<number>();
      for (const b of [...twOverlay, ...auOverlay, ...dwOverlay]) words.add(b.id);
      wordMatches += words.size;
      const cand = new Map<number, OverlayBook>();
      for (const b of [...twOverlay, ...auOverlay, ...dwOverlay, ...preOverlay]) cand.set(b.id, b);
      for (const b of cand.values()) {
        let author: AuthorMatch = 0;
        for (const a of b.authorIds) author = Math.max(author, authorLevel.get(a) ?? 0) as AuthorMatch;
        candidates.push({
          id: b.id,
          sold: b.sold,
          title: b.title,
          titleMarked: b.markedHash === termHash,
          titleHolds: SearchIndex.overlayHas(b.titleWords, groups),
          author,
          relaxed: 0,
        });
      }
    }
    return { candidates, wordMatches };
  }

  /**
   * Suggestions as the shopper types: books whose title has every typed word, the last as the start of a word
   * (any word of the title, not only the first), titles starting with the text first, then best sellers; and
   * authors whose name has them, names starting with the text first, then the shortest. Ids only.
   */
  suggest(tokens: readonly string[], norm: string, books: number, authors: number): { bookIds: number[]; authorIds: number[] } {
    if (tokens.length === 0) return { bookIds: [], authorIds: [] };
    const groups: QueryGroup[] = tokens.map((t, i) => (i === tokens.length - 1 ? { words: [], prefix: t } : { words: [t] }));
    const ranges = this.rangesOf(groups);
    const ranked: { id: number; starts: boolean; sold: number }[] = [];
    const seen = new Set<number>();
    const take = (id: number, title: string, sold: number) => {
      if (seen.has(id)) return;
      seen.add(id);
      ranked.push({ id, starts: title.startsWith(norm), sold });
    };
    for (const e of this.titlePrefix(norm).slice(0, SUGGEST_PREFIX)) take(this.ids[e]!, this.titles.at(e), this.sold[e]!);
    for (const e of this.title.find(ranges, SUGGEST_WORDS, this.alive)) take(this.ids[e]!, this.titles.at(e), this.sold[e]!);
    for (const b of this.overlay.values()) if (SearchIndex.overlayHas(b.titleWords, groups)) take(b.id, b.title, b.sold);
    ranked.sort((x, y) => Number(y.starts) - Number(x.starts) || y.sold - x.sold || y.id - x.id);
    const named = this.authorName
      .find(ranges, SUGGEST_WORDS, this.everyAuthor)
      .map((a) => ({ id: this.authorIds[a]!, name: this.authors[a]!.norm }))
      .sort((x, y) => Number(y.name.startsWith(norm)) - Number(x.name.startsWith(norm)) || x.name.length - y.name.length || x.id - y.id);
    return { bookIds: ranked.slice(0, books).map((r) => r.id), authorIds: named.slice(0, authors).map((a) => a.id) };
  }

  /** True when `word` is a word of the index (base or overlay): the strict pass can find it. */
  hasWord(word: string): boolean {
    const at = lowerBoundStr(this.dict, word);
    if (this.dict[at] === word) return true;
    for (const b of this.overlay.values()) if (b.doc.has(word)) return true;
    return false;
  }

  /** Every word of the index (the typo dictionary of a search fed without a database: the relevance test). */
  words(): readonly string[] {
    return this.dict;
  }

  /** A new mark for the candidates of one search (the marks start again from 1 when the counter would overflow). */
  private nextSerial(): number {
    if (this.serial === 0x7fffffff) {
      this.stamp.fill(0);
      this.serial = 0;
    }
    return ++this.serial;
  }

  /** Up to PREFIX_CANDIDATES live books whose title starts with `norm`, alphabetical. */
  private titlePrefix(norm: string): number[] {
    if (!norm) return [];
    let lo = 0;
    let hi = this.byTitle.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.titles.at(this.byTitle[mid]!) < norm) lo = mid + 1;
      else hi = mid;
    }
    const out: number[] = [];
    for (let i = lo; i < this.byTitle.length && out.length < PREFIX_CANDIDATES; i++) {
      const e = this.byTitle[i]!;
      if (!this.titles.at(e).startsWith(norm)) break;
      if (hasBit(this.alive, e)) out.push(e);
    }
    return out;
  }
}

/** Builds an index from entries in one go (tests; the loader feeds a builder batch by batch). */
export function buildSearchIndex(books: readonly BookEntry[], authors: readonly AuthorEntry[]): Promise<SearchIndex> {
  const b = new SearchIndexBuilder();
  for (const book of books) b.addBook(book);
  for (const a of authors) b.addAuthor(a);
  return b.build(async () => {});
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
