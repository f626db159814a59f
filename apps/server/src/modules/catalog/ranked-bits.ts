/**
 * A set of the positions 0..length-1 of a list that counts its members before a position and finds its i-th
 * member in O(log length): bits in 32-bit words, and a Fenwick tree of the words' member counts. The listing index
 * keeps one per price list and side (listing-index.ts), so a deep page sorted by price starts at the page.
 */
export class RankedBits {
  /** tree[j] (1-based) counts the members of words (j - lowbit(j), j]. */
  private readonly tree: Int32Array;
  private readonly top: number;

  /** The set whose members are the bits of `words` (bit i & 31 of word i >>> 5; changed in place). */
  constructor(
    readonly length: number,
    private readonly words: Int32Array,
  ) {
    const n = (length + 31) >>> 5;
    if (words.length !== n) throw new Error(`RankedBits: ${words.length} words for ${length} positions`);
    this.tree = new Int32Array(n + 1);
    for (let j = 1; j <= n; j++) {
      this.tree[j]! += popcount(this.words[j - 1]!);
      const parent = j + (j & -j);
      if (parent <= n) this.tree[parent]! += this.tree[j]!;
    }
    let top = 1;
    while (top * 2 <= n) top *= 2;
    this.top = n === 0 ? 0 : top;
  }

  /** The words of the positions `has` says are members. */
  static words(length: number, has: (i: number) => boolean): Int32Array {
    const words = new Int32Array((length + 31) >>> 5);
    for (let i = 0; i < length; i++) if (has(i)) words[i >>> 5]! |= 1 << (i & 31);
    return words;
  }

  has(i: number): boolean {
    return (this.words[i >>> 5]! & (1 << (i & 31))) !== 0;
  }

  add(i: number): void {
    if (!this.has(i)) this.change(i, 1);
  }

  remove(i: number): void {
    if (this.has(i)) this.change(i, -1);
  }

  private change(i: number, by: number): void {
    this.words[i >>> 5]! ^= 1 << (i & 31);
    for (let j = (i >>> 5) + 1; j < this.tree.length; j += j & -j) this.tree[j]! += by;
  }

  /** Members before position i. */
  rank(i: number): number {
    if (i >= this.length) i = this.length;
    const w = i >>> 5;
    let count = 0;
    for (let j = w; j > 0; j -= j & -j) count += this.tree[j]!;
    const bit = i & 31;
    return bit === 0 ? count : count + popcount(this.words[w]! & ((1 << bit) - 1));
  }

  /** The position of the member with `i` members before it (length when there are not that many). */
  select(i: number): number {
    if (i < 0) return this.length;
    // Down the tree: the last word whose members before it are at most i.
    let w = 0;
    let rest = i;
    for (let step = this.top; step > 0; step >>>= 1) {
      if (w + step < this.tree.length && this.tree[w + step]! <= rest) {
        w += step;
        rest -= this.tree[w]!;
      }
    }
    if (w >= this.words.length) return this.length;
    let word = this.words[w]!;
    for (; rest > 0 && word !== 0; rest--) word &= word - 1;
    if (word === 0) return this.length;
    return (w << 5) + (31 - Math.clz32(word & -word));
  }
}

function popcount(v: number): number {
  v -= (v >>> 1) & 0x55555555;
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
}
