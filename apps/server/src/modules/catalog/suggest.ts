import { sql } from 'drizzle-orm';
import { effectivePrice, SUGGEST_MIN_CHARS, type SuggestionsDto, type SuggestRefDto } from '@nhasach/shared';
import { queryRows, type Db } from '../../db/client.ts';
import type { CategoryRow } from './categories.ts';
import { intArray, iso } from '../../lib/db-values.ts';
import { visibleSql } from './sql.ts';
import { normalizeTerm, tokensOf } from './search.ts';

/**
 * Suggestions as the shopper types (GET /books/suggest). The index in memory answers them when it is built
 * (search-index.ts, suggest: any word of titles and authors' names); the database meanwhile, as below.
 * From the database: books, authors and categories with a word starting with
 * the typed text, with or without diacritics. Every part is a bounded index read, so the call stays a few
 * milliseconds at a million books:
 * - books: titles starting with the text (book_search_title_idx, PREFIX_ROWS, alphabetical) and, among the
 *   POPULAR_ROWS best sellers (book_search_sold_idx, index-only), titles with a word starting with it; titles
 *   that start with the text first, then by sales. Then one read of the six chosen books.
 * - authors: the words index of author names, every typed word a word of the name, the last as a prefix.
 * - categories: the few categories, in memory.
 */
export const SUGGEST_BOOKS = 6;
export const SUGGEST_AUTHORS = 3;
const BOOKS = SUGGEST_BOOKS;
const AUTHORS = SUGGEST_AUTHORS;
const CATEGORIES = 3;
const PREFIX_ROWS = 30;
const POPULAR_ROWS = 2000;

export const EMPTY_SUGGESTIONS: SuggestionsDto = Object.freeze({ books: [], authors: [], categories: [] }) as SuggestionsDto;

interface SuggestRow {
  id: number;
  title: string;
  slug: string;
  price: number;
  salePrice: number | null;
  saleStartAt: Date | string | null;
  saleEndAt: Date | string | null;
  thumbnail: string | null;
}

const suggestColumns = sql`b.id, b.title, b.slug, b.price, b.sale_price as "salePrice", b.sale_start_at as "saleStartAt", b.sale_end_at as "saleEndAt",
  (select coalesce(i.thumb_url, i.medium_url, i.url) from book_images i where i.book_id = b.id order by i.sort_order, i.id limit 1) as thumbnail`;

function toSuggestion(r: SuggestRow, now: Date): SuggestionsDto['books'][number] {
  return {
    id: r.id,
    title: r.title,
    slug: r.slug,
    thumbnail: r.thumbnail,
    price: Number(r.price),
    effectivePrice: effectivePrice(
      { price: Number(r.price), salePrice: r.salePrice === null ? null : Number(r.salePrice), saleStartAt: iso(r.saleStartAt), saleEndAt: iso(r.saleEndAt) },
      now,
    ),
  };
}

/**
 * The rows the suggestions show, by id, kept until the next catalogue change: every instance clears them when one
 * is announced (service.ts, forget), as it does its cached searches, so a price, a cover or a hidden book is never
 * older than that announcement. Shoppers' prefixes are nearly all distinct, but the books they lead to repeat, so
 * the suggestions of a warm instance read nothing from the database. A hidden book is remembered as absent.
 */
export class SuggestionRows {
  private readonly books = new Map<number, SuggestRow | null>();
  private readonly authors = new Map<number, SuggestRefDto | null>();

  constructor(private readonly max = 50_000) {}

  clear(): void {
    this.books.clear();
    this.authors.clear();
  }

  async read(db: Db, bookIds: readonly number[], authorIds: readonly number[]): Promise<{ books: Map<number, SuggestRow | null>; authors: Map<number, SuggestRefDto | null> }> {
    const missingBooks = bookIds.filter((id) => !this.books.has(id));
    const missingAuthors = authorIds.filter((id) => !this.authors.has(id));
    if (missingBooks.length || missingAuthors.length) {
      const read = await readRows(db, missingBooks, missingAuthors);
      // A full memory starts again rather than tracking age: a clear costs one database read per book shown next.
      if (this.books.size + this.authors.size > this.max) this.clear();
      for (const id of missingBooks) this.books.set(id, read.books.get(id) ?? null);
      for (const id of missingAuthors) this.authors.set(id, read.authors.get(id) ?? null);
    }
    return { books: this.books, authors: this.authors };
  }
}

async function readRows(db: Db, bookIds: readonly number[], authorIds: readonly number[]) {
  const [rows, authorRows] = await Promise.all([
    bookIds.length
      ? queryRows<SuggestRow>(db, sql`select ${suggestColumns} from books b where b.id = any(${intArray(bookIds)}) and ${visibleSql}`)
      : Promise.resolve([]),
    authorIds.length ? queryRows<SuggestRefDto>(db, sql`select a.id, a.name, a.slug from authors a where a.id = any(${intArray(authorIds)})`) : Promise.resolve([]),
  ]);
  return { books: new Map<number, SuggestRow | null>(rows.map((r) => [r.id, r])), authors: new Map<number, SuggestRefDto | null>(authorRows.map((a) => [a.id, a])) };
}

/**
 * The suggestions the index in memory chose (search-index.ts, suggest), read in that order; hidden ones left out.
 * With `memory` (the caches on), rows already read since the last catalogue change are not read again.
 */
export async function suggestionsByIds(
  db: Db,
  bookIds: readonly number[],
  authorIds: readonly number[],
  now: Date,
  memory?: SuggestionRows,
): Promise<Pick<SuggestionsDto, 'books' | 'authors'>> {
  const { books: byId, authors: authorById } = memory ? await memory.read(db, bookIds, authorIds) : await readRows(db, bookIds, authorIds);
  return {
    books: bookIds.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toSuggestion(row, now)] : [];
    }),
    authors: authorIds.flatMap((id) => {
      const row = authorById.get(id);
      return row ? [row] : [];
    }),
  };
}

export async function suggestBooks(db: Db, norm: string, now: Date): Promise<SuggestionsDto['books']> {
  const rows = await queryRows<SuggestRow>(
    db,
    sql`with pre as (
        select s.book_id, s.sold, 0 as rank from book_search s where s.visible and s.title like ${`${norm}%`}
        order by s.title using ~<~ limit ${PREFIX_ROWS}
      ), pop as (
        select t.book_id, t.sold, case when t.title like ${`${norm}%`} then 0 else 1 end as rank from (
          select s.book_id, s.sold, s.title from book_search s where s.visible
          order by s.sold desc, s.book_id desc limit ${POPULAR_ROWS}) t
        where t.title like ${`${norm}%`} or t.title like ${`% ${norm}%`}
        limit ${BOOKS}
      ), chosen as (
        select book_id, min(rank) as rank, max(sold) as sold from (select * from pre union all select * from pop) c
        group by book_id order by min(rank), max(sold) desc, book_id desc limit ${BOOKS}
      )
      select ${suggestColumns}
      from chosen c join books b on b.id = c.book_id
      order by c.rank, c.sold desc, c.book_id desc`,
  );
  return rows.map((r) => toSuggestion(r, now));
}

export async function suggestAuthors(db: Db, tokens: readonly string[], norm: string): Promise<SuggestRefDto[]> {
  const tsQuery = tokens.map((t, i) => (i === tokens.length - 1 ? `${t}:*` : t)).join(' & ');
  return queryRows<SuggestRefDto>(
    db,
    sql`select a.id, a.name, a.slug from authors a
      where to_tsvector('simple'::regconfig, f_search_norm(a.name)) @@ to_tsquery('simple', ${tsQuery})
      order by (f_search_norm(a.name) like ${`${norm}%`}) desc, length(a.name), a.name, a.id limit ${AUTHORS}`,
  );
}

/**
 * The normalised names of a list of categories, made once per list (the service keeps one list a minute): folding
 * every name again on each keystroke was most of a suggestion's CPU.
 */
const normalisedNames = new WeakMap<readonly CategoryRow[], string[]>();

/** Categories whose name has a word starting with the text; name starts first, then shallow ones, then by name. */
export function suggestCategories(rows: readonly CategoryRow[], norm: string): SuggestRefDto[] {
  let names = normalisedNames.get(rows);
  if (!names) {
    names = rows.map((r) => normalizeTerm(r.name));
    normalisedNames.set(rows, names);
  }
  const scored: { row: CategoryRow; rank: number }[] = [];
  for (const [i, row] of rows.entries()) {
    const name = names[i]!;
    const rank = name.startsWith(norm) ? 0 : ` ${name}`.includes(` ${norm}`) ? 1 : -1;
    if (rank >= 0) scored.push({ row, rank: rank * 2 + (row.parentId === null ? 0 : 1) });
  }
  scored.sort((a, b) => a.rank - b.rank || a.row.name.localeCompare(b.row.name, 'vi') || a.row.id - b.row.id);
  return scored.slice(0, CATEGORIES).map(({ row }) => ({ id: row.id, name: row.name, slug: row.slug }));
}

/** The normalised text and its words, or undefined when fewer than SUGGEST_MIN_CHARS letters or digits were typed. */
export function suggestTerm(typed: string): { norm: string; tokens: string[] } | undefined {
  const norm = normalizeTerm(typed);
  if (norm.replace(/ /g, '').length < SUGGEST_MIN_CHARS) return undefined;
  return { norm, tokens: tokensOf(norm) };
}
