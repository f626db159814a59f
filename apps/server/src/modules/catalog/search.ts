import { sql, type SQL } from 'drizzle-orm';
import { normalizeSearchText, SEARCH_TERM_MAX, type BookSort } from '@nhasach/shared';
import { queryRows, type Db } from '../../db/client.ts';
import { whereSql, type BookFilter } from './repo.ts';
import { intArray } from '../../lib/db-values.ts';
import type { TermKeys } from './search-index.ts';
import { AUTHORS_COMPARED, closestAuthors, markedKey, PART_CAP, PREFIX_CANDIDATES, PROBE_ENOUGH, type AuthorMatch, type Candidate } from './ranking.ts';
import { effectivePriceSql, visibleSql } from './sql.ts';

/**
 * Vietnamese search on PostgreSQL (see docs/decisions.md, Catalogue, and "Search a bookseller would sign"): the
 * database strategy of search-engine.ts. The term is normalised as the documents are (f_search_norm: no
 * diacritics, lower case, words of [a-z0-9]); the candidates are the books whose words match (the full-text GIN
 * indexes) and those whose title starts with the term; ranking.ts orders them, as it orders the in-memory
 * strategy's. The typo dictionary and edit distances below serve both strategies.
 */

/** Longest word count of a term that is looked at (a 128-character term has fewer in practice). */
const MAX_TOKENS = 16;

/**
 * The term in the documents' normal form (normalizeSearchText is f_search_norm written in TypeScript: no
 * database round trip). Cut to SEARCH_TERM_MAX first, so no input makes the work below grow.
 */
export function normalizeTerm(term: string): string {
  return normalizeSearchText(term.slice(0, SEARCH_TERM_MAX));
}

/**
 * Words in nearly every document say nothing about a book and make the index read a posting list of the whole
 * catalogue: 'nxb' (nhà xuất bản) starts almost every publisher's name. Left out of a term that has other words.
 */
const QUERY_STOPWORDS = new Set(['nxb']);

export function tokensOf(norm: string): string[] {
  const all = [...new Set(norm.split(' ').filter(Boolean))];
  const meaningful = all.filter((t) => !QUERY_STOPWORDS.has(t));
  return (meaningful.length ? meaningful : all).slice(0, MAX_TOKENS);
}

/** Every word as typed: 'dac nhan tam' -> 'dac & nhan & tam'. Tokens are [a-z0-9] only, safe in a tsquery. */
export function exactTsQuery(tokens: readonly string[]): string {
  return tokens.join(' & ');
}

/**
 * The last word as a prefix, for a term cut short: 'dac nhan ta' -> 'dac & nhan & ta:*'. Only tried when the
 * exact words found nothing: a prefix of a common syllable ('thu:*') unites dozens of words' posting lists and
 * costs a hundred times the exact query.
 */
export function prefixTsQuery(tokens: readonly string[]): { tsQuery: string; indexTsQuery?: string } | undefined {
  const last = tokens[tokens.length - 1];
  if (last === undefined) return undefined;
  // One letter as a prefix unites the posting lists of a good part of the dictionary: left out (the titles
  // starting with the whole term are candidates anyway).
  if (last.length < 2) return tokens.length > 1 ? { tsQuery: tokens.slice(0, -1).join(' & ') } : undefined;
  const tsQuery = tokens.map((t, i) => (i === tokens.length - 1 ? `${t}:*` : t)).join(' & ');
  return tokens.length > 1 ? { tsQuery, indexTsQuery: tokens.slice(0, -1).join(' & ') } : { tsQuery };
}

/** The ISBN-13 a term stands for: 13 digits, or an ISBN-10 (hyphens and spaces ignored); else undefined. */
export function isbnOf(term: string): string | undefined {
  const compact = term.replace(/[\s-]/g, '');
  if (/^\d{13}$/.test(compact)) return compact;
  if (/^\d{9}[\dXx]$/.test(compact)) {
    const core = `978${compact.slice(0, 9)}`;
    const sum = [...core].reduce((acc, ch, i) => acc + Number(ch) * (i % 2 === 0 ? 1 : 3), 0);
    return `${core}${(10 - (sum % 10)) % 10}`;
  }
  return undefined;
}

export async function findVisibleIdByIsbn(db: Db, isbn13: string): Promise<number | undefined> {
  const [row] = await queryRows<{ id: number }>(db, sql`select b.id from books b where b.isbn13 = ${isbn13} and ${visibleSql}`);
  return row?.id;
}

/** Field sorts of a search (relevance is ranked in searchPage). */
function fieldOrderSql(sort: BookSort, now: Date): SQL {
  const d = sql.raw(sort.direction);
  switch (sort.field) {
    case 'price':
      return sql`${effectivePriceSql(now)} ${d}, b.id ${d}`;
    case 'sold':
      return sql`b.sold ${d}, b.id ${d}`;
    case 'title':
      return sql`b.title_norm ${d}, b.id ${d}`;
    case 'id':
      return sql`b.id ${d}`;
    default:
      return sql`b.created_at ${d}, b.id ${d}`;
  }
}

/** What a strategy finds for one query: the candidates (unranked) and how many were found by their words. */
export interface FoundCandidates {
  candidates: Candidate[];
  /** Of the candidates, found by the words themselves, not only as a title prefix. */
  wordMatches: number;
}

/** Best-selling books whose index entries the probe reads at most (index-only, about 150 bytes each). */
const PROBE_ROWS = 3000;
/** Best sellers checked when the index parts stopped at their cap (the term was not expected to be frequent). */
const CHECK_ROWS = 1000;
/** Rows of the complete words a prefix query tests at most (see SearchArgs.indexTsQuery). */
const INDEXED_ROWS = 2000;

/** True when the filter is only the shopper's visibility: the compact book_search table answers alone. */
export const visibilityOnly = (f: BookFilter) =>
  f.visibleOnly && Object.entries(f).every(([k, v]) => k === 'visibleOnly' || v === undefined);

export interface SearchArgs {
  filter: BookFilter;
  tsQuery: string;
  /** The term folded and as typed (ranking.ts, markedKey). */
  term: TermKeys;
  now: Date;
  /** False for the typo passes: their OR-groups make the probe costly, and misspelt terms are rarely frequent. */
  probe?: boolean;
  /**
   * The complete words of a query whose last word is a prefix ('dac & nhan' of 'dac & nhan & ta:*'): the words
   * index reads only them, and the whole query is tested on the first INDEXED_ROWS rows found. A prefix in the
   * index makes PostgreSQL read the posting list of every word starting with it ('th:*': half the dictionary).
   */
  indexTsQuery?: string;
  /** The cap of each candidate part (tests lower it to reach the probe with a small catalogue). */
  cap?: number;
  /** The term is frequent (see frequentTerm): read the best sellers first, the full-text index only if needed. */
  probeFirst?: boolean;
}

interface CandidateRow {
  id: number;
  sold: number;
  title: string;
  marked: string;
  w: boolean;
  holds: boolean;
  authors: number[] | null;
}

/** The authors whose name holds every word, the closest AUTHORS_READ of them with how close (ranking.ts). */
async function closestAuthorsOf(db: Db, q: SQL, term: TermKeys): Promise<Map<number, AuthorMatch>> {
  const rows = await queryRows<{ id: number; name: string; norm: string }>(
    db,
    sql`select a.id, a.name, f_search_norm(a.name) as norm from authors a
      where to_tsvector('simple'::regconfig, f_search_norm(a.name)) @@ ${q} order by a.id limit ${AUTHORS_COMPARED}`,
  );
  const chosen = closestAuthors(rows.map((r) => ({ id: r.id, norm: r.norm, key: markedKey(r.name) })), term);
  return new Map(chosen.map(({ author, match }) => [author.id, match]));
}

/**
 * Ranked candidates from a `cand` CTE of (id, sold, title, marked, w): each with whether its title holds every
 * word and which of the chosen authors wrote it.
 */
async function candidatesOf(db: Db, ctes: SQL, q: SQL, term: TermKeys, authors: Map<number, AuthorMatch>): Promise<FoundCandidates> {
  const ids = intArray([...authors.keys()]);
  const rows = await queryRows<CandidateRow>(
    db,
    sql`with ${ctes}, c as (select id, max(sold) as sold, min(title) as title, min(marked) as marked, bool_or(w) as w from cand group by id)
      select c.id, c.sold, c.title, c.marked, c.w, to_tsvector('simple'::regconfig, c.title) @@ ${q} as holds,
        ${authors.size ? sql`array(select ba.author_id from book_authors ba where ba.book_id = c.id and ba.author_id = any(${ids}))` : sql`null::int[]`} as authors
      from c`,
  );
  let wordMatches = 0;
  const candidates = rows.map((r): Candidate => {
    if (r.w) wordMatches++;
    let author: AuthorMatch = 0;
    for (const a of r.authors ?? []) author = Math.max(author, authors.get(a) ?? 0) as AuthorMatch;
    return { id: r.id, sold: r.sold, title: r.title, titleMarked: markedKey(r.marked) === term.key, titleHolds: r.holds, author, relaxed: 0 };
  });
  return { candidates, wordMatches };
}

/**
 * The candidates of a full-text query. A shopper's search without filters (the header's) reads the compact
 * book_search table (searchVisible); a search with filters or by staff reads books with the filter: the first
 * PART_CAP matches of the full-text index, and the titles starting with the term (up to PREFIX_CANDIDATES).
 */
export async function searchCandidates(db: Db, args: SearchArgs): Promise<FoundCandidates> {
  if (visibilityOnly(args.filter)) return searchVisible(db, args);
  const { filter, tsQuery, term, now } = args;
  const cap = args.cap ?? PART_CAP;
  const w = whereSql(filter, now);
  const q = sql`to_tsquery('simple', ${tsQuery})`;
  const authors = await closestAuthorsOf(db, q, term);
  const ctes = sql`cand as (
      (select b.id, b.sold, b.title_norm as title, b.title as marked, true as w from books b where ${w} and b.search_tsv @@ ${q} limit ${cap})
      union all
      (select b.id, b.sold, b.title_norm, b.title, false from books b where ${w} and b.title_norm like ${`${term.norm}%`}
        order by b.title_norm using ~<~ limit ${PREFIX_CANDIDATES})
      ${authors.size ? sql`union all (select b.id, b.sold, b.title_norm, b.title, true from book_authors ba join books b on b.id = ba.book_id
        where ba.author_id = any(${intArray([...authors.keys()])}) and ${w} limit ${cap})` : sql``}
    )`;
  return candidatesOf(db, ctes, q, term, authors);
}

/** A page of known candidates in a field's order, read from books by id (the shopper's: visible ones only). */
export async function sortedIdsPage(db: Db, ids: readonly number[], sort: BookSort, now: Date, offset: number, limit: number, visibleOnly = true): Promise<{ ids: number[]; total: number }> {
  if (ids.length === 0) return { ids: [], total: 0 };
  const rows = await queryRows<{ id: number; total: number }>(
    db,
    sql`select b.id, (count(*) over ())::int as total from books b where b.id = any(${intArray(ids)}) and ${visibleOnly ? visibleSql : sql`true`}
      order by ${fieldOrderSql(sort, now)} limit ${limit} offset ${offset}`,
  );
  return { ids: rows.map((r) => r.id), total: rows[0]?.total ?? ids.length };
}

/**
 * The shopper's search on book_search (one compact row per book, the visible ones indexed). Every part reads a
 * bounded number of index entries or rows; the later parts run only when their one-time condition holds.
 * - tw: the first `cap` books whose title holds every word (GIN on the title's words: short posting lists);
 * - au: the books (the first `cap`) of the AUTHORS_READ authors closest to the term whose name holds every word;
 * - pre: titles starting with the term (up to PREFIX_CANDIDATES), from book_search_title_idx;
 * - probe: the matches among the PROBE_ROWS best sellers, index-only from book_search_sold_idx (title and words
 *   included): first for a frequent term (probeFirst), otherwise only when tw, au or dw stopped at its cap, so the
 *   best sellers are not missed;
 * - dw: the first `cap` books whose document (title, authors, publisher, ISBN, original title, grade) holds every
 *   word, only when the parts above found nothing: the words are spread over title, authors and publisher ('mat
 *   biec nguyen nhat anh', 'nxb kim dong'). The document's posting lists are the long ones (a family name is in
 *   10 % of the books): intersecting them costs 2-7 ms at a million books, the title's and the authors' well
 *   under 1 ms.
 * With indexTsQuery (a last word cut short) the indexes read the complete words and the whole query is tested
 * on the first INDEXED_ROWS rows they give.
 */
async function searchVisible(db: Db, args: SearchArgs): Promise<FoundCandidates> {
  const { tsQuery, term } = args;
  const cap = args.cap ?? PART_CAP;
  const enough = Math.min(PROBE_ENOUGH, cap);
  const q = sql`to_tsquery('simple', ${tsQuery})`;
  const withProbe = args.probe !== false;
  const authors = await closestAuthorsOf(db, q, term);
  const titleWords = sql`to_tsvector('simple'::regconfig, s.title)`;
  // ts_match_vq is the @@ operator called as a function: a filter on the rows, never an index condition.
  const matches = (indexed: SQL, gate: SQL) =>
    args.indexTsQuery
      ? sql`select t.id, t.sold, t.title, t.marked from (
          select s.book_id as id, s.sold, s.title, s.words, s.marked from book_search s
          where s.visible and ${indexed} @@ to_tsquery('simple', ${args.indexTsQuery}) ${gate} limit ${INDEXED_ROWS}) t
        where ts_match_vq(t.words, ${q}) limit ${cap}`
      : sql`select s.book_id as id, s.sold, s.title, s.marked from book_search s where s.visible and ${indexed} @@ ${q} ${gate} limit ${cap}`;
  const probe = (gate: SQL, rows = PROBE_ROWS) => sql`probe as materialized (
        select t.book_id as id, t.sold, t.title, t.marked from (
          select s.book_id, s.sold, s.title, s.words, s.marked from book_search s where s.visible
          order by s.sold desc, s.book_id desc limit ${rows}) t
        where t.words @@ ${q} ${gate}
        limit ${enough})`;
  const found = (parts: string[]) => sql.raw(parts.map((p) => `(select count(*) from ${p})`).join(' + '));
  const pre = sql`pre as materialized (select s.book_id as id, s.sold, s.title, s.marked from book_search s where s.visible and s.title like ${`${term.norm}%`}
        order by s.title using ~<~ limit ${PREFIX_CANDIDATES})`;
  // Books (the first `cap`) of the closest authors: an author's name is a few entries of a small index, while the
  // same words in the documents are the longest posting lists there are.
  const au = authors.size
    ? sql`au as materialized (
        select s.book_id as id, s.sold, s.title, s.marked from book_authors ba join book_search s on s.book_id = ba.book_id
        where s.visible and ba.author_id = any(${intArray([...authors.keys()])}) limit ${cap})`
    : sql`au as materialized (select 0 as id, 0 as sold, ''::text as title, ''::text as marked where false)`;
  const ctes: SQL[] =
    withProbe && args.probeFirst
      ? [
          pre,
          probe(sql``),
          sql`tw as materialized (${matches(titleWords, sql`and (select count(*) from probe) < ${enough}`)})`,
          au,
          sql`dw as materialized (${matches(sql`s.words`, sql`and ${found(['tw', 'pre', 'au', 'probe'])} = 0`)})`,
        ]
      : [
          pre,
          sql`tw as materialized (${matches(titleWords, sql``)})`,
          au,
          sql`dw as materialized (${matches(sql`s.words`, sql`and ${found(['tw', 'pre', 'au'])} = 0`)})`,
          ...(withProbe ? [probe(sql`and ((select count(*) from tw) >= ${cap} or (select count(*) from au) >= ${cap} or (select count(*) from dw) >= ${cap})`, CHECK_ROWS)] : []),
        ];
  const sources = ['tw', 'au', 'dw', ...(withProbe ? ['probe'] : [])];
  const cand = sql`${sql.join(ctes, sql`, `)}, cand as (
      ${sql.raw([...sources.map((p) => `select id, sold, title, marked, true as w from ${p}`), 'select id, sold, title, marked, false as w from pre'].join(' union all '))}
    )`;
  return candidatesOf(db, cand, q, term, authors);
}

/** Optimal string alignment distance (a swap of two neighbours counts as one edit), stopping above `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, rows[i - 2]![j - 2]! + 1);
      row.push(v);
      best = Math.min(best, v);
    }
    if (i > 0 && best > max) return max + 1;
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}

/** Edits forgiven in a word: none in one or two letters, one up to five, two from six. */
export const allowedEdits = (word: string) => (word.length <= 2 ? 0 : word.length <= 5 ? 1 : 2);
