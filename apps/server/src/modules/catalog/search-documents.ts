import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { normalizeSearchText } from '@nhasach/shared';
import { intArray } from '../../lib/db-values.ts';

/**
 * The derived columns of books are written here, never at query time, so a search or a category page reads one
 * table: title_norm, search_doc (search_tsv is generated from it: title, authors, publisher, ISBN, original title,
 * a textbook's grade) and category_ids (a copy of book_categories).
 * Call after inserting or changing a book, its authors, its categories or its publisher; the seed calls it once
 * after a bulk insert (no ids = every book). Returns how many books changed. A running catalogue service reads
 * the new words once told (CatalogService.invalidate, which the back-office calls after each write).
 */
/**
 * A textbook's grade ('lớp 6', 'Lớp 12') named only in its description joins the document as 'lop 6'. Written
 * for PostgreSQL's regexp (the description is HTML: the grade is read in its text).
 */
const GRADE_PATTERN = '(?:lớp|lop)\\s*(\\d{1,2})(?!\\d)';

/** The document of one book, as the SQL below writes it (the relevance test builds the same without a database). */
export function searchDocumentOf(b: { title: string; authors: readonly string[]; publisher?: string | null; isbn13: string; originalTitle?: string | null; description: string }): string {
  const grades = [...b.description.matchAll(/(?:lớp|lop)\s*(\d{1,2})(?!\d)/giu)].map((m) => `lop ${m[1]}`);
  return normalizeSearchText([b.title, b.authors.join(' '), b.publisher ?? '', b.isbn13, b.originalTitle ?? '', ...grades].join(' '));
}

export async function refreshSearchDocuments(db: Db | Tx, bookIds?: readonly number[]): Promise<number> {
  if (bookIds && bookIds.length === 0) return 0;
  const only = bookIds ? sql`b.id = any(${intArray(bookIds)})` : sql.raw('true');
  // Counted in SQL: a refresh of every book must not ship a million ids to the server.
  const [updated] = await queryRows<{ n: number }>(
    db,
    sql`with d as (
        select b.id, f_search_norm(b.title) as title_norm,
          f_search_norm(concat_ws(' ', b.title,
            (select string_agg(a.name, ' ' order by ba.position, a.id) from book_authors ba join authors a on a.id = ba.author_id where ba.book_id = b.id),
            (select p.name from publishers p where p.id = b.publisher_id),
            b.isbn13, b.original_title,
            (select string_agg('lop ' || m[1], ' ') from regexp_matches(b.description, ${GRADE_PATTERN}, 'gi') as m))) as search_doc,
          array(select bc.category_id from book_categories bc where bc.book_id = b.id order by bc.position, bc.category_id) as category_ids
        from books b where ${only}
      ), u as (
        update books b set title_norm = d.title_norm, search_doc = d.search_doc, category_ids = d.category_ids from d
        where b.id = d.id and (b.title_norm is distinct from d.title_norm or b.search_doc is distinct from d.search_doc
          or b.category_ids is distinct from d.category_ids)
        returning 1
      )
      select count(*)::int as n from u`,
  );
  await addSearchWords(db, only);
  return updated?.n ?? 0;
}

/** Refreshes the books of an author or a publisher (after a rename). */
export async function refreshSearchDocumentsOf(db: Db | Tx, ref: { authorId: number } | { publisherId: number }): Promise<number> {
  const rows =
    'authorId' in ref
      ? await queryRows<{ id: number }>(db, sql`select book_id as id from book_authors where author_id = ${ref.authorId}`)
      : await queryRows<{ id: number }>(db, sql`select id from books where publisher_id = ${ref.publisherId}`);
  return refreshSearchDocuments(
    db,
    rows.map((r) => r.id),
  );
}

/** Adds the words of the matching books to the typo dictionary (digits-only words, e.g. ISBNs, are left out). */
async function addSearchWords(db: Db | Tx, only: SQL): Promise<void> {
  await queryRows(
    db,
    sql`insert into search_words (word)
      select distinct w from books b, regexp_split_to_table(b.search_doc, ' ') as w
      where ${only} and w <> '' and w !~ '^[0-9]+$' and length(w) <= 64
      on conflict do nothing`,
  );
}
