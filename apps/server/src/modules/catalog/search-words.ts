import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';

/**
 * The words a catalogue service's search reads in memory: the typo dictionary (search_words: the words of every
 * document) and the word frequencies (PostgreSQL's statistics of book_search.words). Each is kept for a while and
 * dropped by forget(), which the service calls after a catalogue write of its own (CatalogService.invalidate).
 * One per service: two apps in one process never share them.
 */

const TTL_MS = 5 * 60_000;

/**
 * A term whose estimated share of the books (the product of its words' shares) is at least this is frequent:
 * the probe should find enough matches (search.ts, PROBE_ENOUGH) in about 2,000 best sellers, cheaper than reading
 * the posting lists.
 */
const FREQUENT_TERM = 0.03;

export interface Dictionary {
  words: Set<string>;
  byLength: Map<number, string[]>;
  /** Every word in code-unit order, for prefix look-ups. */
  sorted: string[];
}

/** A dictionary of the given words (the relevance test feeds the index's own words). */
export function dictionaryOf(words: Iterable<string>): Dictionary {
  const sorted = [...new Set(words)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const byLength = new Map<number, string[]>();
  for (const word of sorted) {
    const list = byLength.get(word.length) ?? [];
    list.push(word);
    byLength.set(word.length, list);
  }
  return { words: new Set(sorted), byLength, sorted };
}

export class SearchWords {
  /** Bumped by forget(): a load started before it is not kept. */
  private generation = 0;
  private dict?: { loadedAt: number; value: Dictionary };
  private loading?: Promise<Dictionary>;
  private shares?: { loadedAt: number; value: Map<string, number> };

  constructor(private readonly db: Db) {}

  /** Reads both again on their next use. */
  forget(): void {
    this.generation++;
    this.dict = undefined;
    this.loading = undefined;
    this.shares = undefined;
  }

  async dictionary(): Promise<Dictionary> {
    if (this.dict && Date.now() - this.dict.loadedAt < TTL_MS) return this.dict.value;
    if (this.loading) return this.loading;
    const generation = this.generation;
    const promise: Promise<Dictionary> = queryRows<{ word: string }>(this.db, sql`select word from search_words`)
      .then((rows) => {
        const value = dictionaryOf(rows.map((r) => r.word));
        if (generation === this.generation) this.dict = { loadedAt: Date.now(), value };
        return value;
      })
      .finally(() => {
        if (this.loading === promise) this.loading = undefined;
      });
    this.loading = promise;
    return promise;
  }

  /** True when `word` is a dictionary word, or digits (ISBNs and numbers are not in the dictionary). */
  async isKnownWord(word: string): Promise<boolean> {
    return /^\d+$/.test(word) || (await this.dictionary()).words.has(word);
  }

  /** True when some dictionary word starts with `prefix` (binary search), or the prefix is digits (ISBNs). */
  async isKnownPrefix(prefix: string): Promise<boolean> {
    if (/^\d+$/.test(prefix)) return true;
    const { sorted } = await this.dictionary();
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sorted[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    return sorted[lo]?.startsWith(prefix) ?? false;
  }

  /**
   * True when the term is estimated to be in at least FREQUENT_TERM of the books: the product of its words' shares;
   * a word written `w:*` (a prefix) counts the shares of every common word starting with it. Without statistics,
   * or with a word outside the most common ones, nothing is frequent.
   */
  async frequentTerm(tsQueryWords: readonly string[]): Promise<boolean> {
    if (tsQueryWords.length === 0) return false;
    const share = await this.wordShares();
    const shareOf = (w: string) => {
      if (!w.endsWith(':*')) return share.get(w) ?? 0;
      const prefix = w.slice(0, -2);
      let sum = 0;
      for (const [word, s] of share) if (word.startsWith(prefix)) sum += s;
      return Math.min(1, sum);
    };
    return tsQueryWords.reduce((p, w) => p * shareOf(w), 1) >= FREQUENT_TERM;
  }

  /** ANALYZE keeps the most common elements of book_search.words with their share of the rows. */
  private async wordShares(): Promise<Map<string, number>> {
    if (this.shares && Date.now() - this.shares.loadedAt < TTL_MS) return this.shares.value;
    const generation = this.generation;
    // most_common_elem_freqs has three extra trailing numbers (min, max, null share): unnest pairs them with null.
    const rows = await queryRows<{ word: string; share: number }>(
      this.db,
      sql`select u.word, u.share::float8 as share
        from pg_stats s, unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) as u(word, share)
        where s.schemaname = current_schema() and s.tablename = 'book_search' and s.attname = 'words' and u.word is not null`,
    );
    const value = new Map(rows.map((r) => [r.word, Number(r.share)]));
    if (generation === this.generation) this.shares = { loadedAt: Date.now(), value };
    return value;
  }
}
