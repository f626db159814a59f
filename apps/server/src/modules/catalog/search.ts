import { sql, type SQL } from 'drizzle-orm';
import { normalizeSearchText, SEARCH_MAX_RESULTS, SEARCH_TERM_MAX, type BookSort } from '@nhasach/shared';
import { queryRows, type Db } from '../../db/client.ts';
import { whereSql, type BookFilter } from './repo.ts';
import { intArray } from '../../lib/db-values.ts';
import type { SearchWords } from './search-words.ts';
import { effectivePriceSql, visibleSql } from './sql.ts';

/**
 * Vietnamese search (see docs/decisions.md, Catalogue):
 * 1. The term is normalised by the same SQL function as the documents (f_search_norm: no diacritics, lower
 *    case, words of [a-z0-9]), so 'Đắc Nhân Tâm' and 'dac nhan tam' are the same query.
 * 2. Matches: every word of the term is a word of the book's document (title, authors, publisher, ISBN); if none,
 *    the last word as a prefix (a term cut short); full-text GIN index on search_tsv. The books whose title
 *    starts with the term are always added (text_pattern_ops index), however many other matches exist.
 * 3. Nothing found: each word that is not a known word is replaced by the dictionary words at edit distance 1
 *    (2 for words of 6+ letters), i.e. one typo per word is forgiven: 'dac nhan tem' finds 'Đắc Nhân Tâm'.
 * 4. Ranking: exact title, title prefix, title holding every word, the rest; within the title tiers the
 *    closest title first (pg_trgm similarity); then sold, then id. At most SEARCH_MAX_RESULTS matches (plus the
 *    title-prefix ones) are ranked: see searchPage for which.
 */

/** Longest word count of a term that is looked at (a 128-character term has fewer in practice). */
const MAX_TOKENS = 16;
/** Title-prefix matches always added to the candidates. */
const PREFIX_CANDIDATES = 50;
const MAX_ALTERNATIVES = 8;

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

export interface SearchPage {
  ids: number[];
  /** Candidates ranked (all parts). */
  total: number;
  /** Of those, found by the words themselves (the full-text parts), not only as a title prefix. */
  wordMatches: number;
}

/** Best-selling books whose index entries the probe reads at most (index-only, about 150 bytes each). */
const PROBE_ROWS = 3000;
/** Best sellers checked when the index parts stopped at their cap (the term was not expected to be frequent). */
const CHECK_ROWS = 1000;
/** A probe that finds this many matches is enough candidates for a frequent term (3 pages of 20). */
const PROBE_ENOUGH = 60;

/**
 * Full-text matches ranked by the shopper's search (5 pages of 20). For a specific term that is every match;
 * for a frequent one the probe adds the best sellers. Reading the first 100 matches costs about 0.8 ms at a
 * million books, the first 300 three times that.
 */
const VISIBLE_CAP = 100;
/** Authors whose books a search reads (a name matched by more authors is a frequent term: the probe's). */
const AUTHORS_READ = 3;
/** Rows of the complete words a prefix query tests at most (see SearchArgs.indexTsQuery). */
const INDEXED_ROWS = 2000;

/** True when the filter is only the shopper's visibility: the compact book_search table answers alone. */
export const visibilityOnly = (f: BookFilter) =>
  f.visibleOnly && Object.entries(f).every(([k, v]) => k === 'visibleOnly' || v === undefined);

export interface SearchArgs {
  filter: BookFilter;
  tsQuery: string;
  norm: string;
  sort?: BookSort;
  offset: number;
  limit: number;
  now: Date;
  /** False for the typo pass: its OR-groups make the probe costly, and misspelt terms are rarely frequent. */
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

/**
 * Relevance tiers: 0 the title is the term, 1 the title starts with it, 2 the title holds every word, 3 the words
 * are spread over authors, publisher, ISBN. Inside tiers 0-2 the shortest title (the fewest words besides the
 * term's) comes first; tier 3 goes by sales. The tier is computed once per candidate (materialized).
 * `cand` has (id, sold, title); `words` is the SQL of the number of full-text matches.
 */
function rankedSql(q: SQL, norm: string, words: SQL): SQL {
  return sql`, ranked as materialized (
      select c.id, c.sold, c.title,
        case when c.title = ${norm} then 0 when c.title like ${`${norm}%`} then 1
          when to_tsvector('simple'::regconfig, c.title) @@ ${q} then 2 else 3 end as tier
      from cand c)
    select r.id, (count(*) over ())::int as total, ${words} as words from ranked r
    order by r.tier, case when r.tier < 3 then length(r.title) else 0 end, r.sold desc, r.id desc`;
}

async function pageOf(db: Db, cand: SQL, ordered: SQL, words: SQL, offset: number, limit: number): Promise<SearchPage> {
  const rows = await queryRows<{ id: number; total: number; words: number }>(db, sql`with ${cand}${ordered} limit ${limit} offset ${offset}`);
  if (rows.length > 0) return { ids: rows.map((r) => r.id), total: rows[0]!.total, wordMatches: rows[0]!.words };
  if (offset === 0) return { ids: [], total: 0, wordMatches: 0 };
  const [count] = await queryRows<{ n: number; words: number }>(db, sql`with ${cand} select count(*)::int as n, ${words} as words from cand`);
  return { ids: [], total: count?.n ?? 0, wordMatches: count?.words ?? 0 };
}

/**
 * One page of the matches of a full-text query, ranked; total = number of candidates ranked. A shopper's search
 * without filters (the header's) reads the compact book_search table (searchVisiblePage); a search with filters
 * or by staff reads books with the filter: the first SEARCH_MAX_RESULTS matches of the full-text index, and the
 * titles starting with the term (up to PREFIX_CANDIDATES).
 */
export async function searchPage(db: Db, args: SearchArgs): Promise<SearchPage> {
  if (visibilityOnly(args.filter)) return searchVisiblePage(db, args);
  const { filter, tsQuery, norm, offset, limit, now } = args;
  const cap = args.cap ?? SEARCH_MAX_RESULTS;
  const w = whereSql(filter, now);
  const q = sql`to_tsquery('simple', ${tsQuery})`;
  const cand = sql`gin as materialized (
        select b.id, b.sold, b.title_norm as title from books b where ${w} and b.search_tsv @@ ${q} limit ${cap}
      ), cand as (
      select id, sold, title from gin
      union
      (select b.id, b.sold, b.title_norm from books b where ${w} and b.title_norm like ${`${norm}%`}
        order by b.title_norm using ~<~ limit ${PREFIX_CANDIDATES})
    )`;
  const words = sql`(select count(*) from gin)::int`;
  return pageOf(db, cand, orderedSql(args, q, words), words, offset, limit);
}

/** A page of known candidates (the in-memory search's) in a field's order, read from books by id. */
export async function sortedIdsPage(db: Db, ids: readonly number[], sort: BookSort, now: Date, offset: number, limit: number): Promise<Omit<SearchPage, 'wordMatches'>> {
  if (ids.length === 0) return { ids: [], total: 0 };
  const rows = await queryRows<{ id: number; total: number }>(
    db,
    sql`select b.id, (count(*) over ())::int as total from books b where b.id = any(${intArray(ids)}) and ${visibleSql}
      order by ${fieldOrderSql(sort, now)} limit ${limit} offset ${offset}`,
  );
  return { ids: rows.map((r) => r.id), total: rows[0]?.total ?? ids.length };
}

function orderedSql(args: SearchArgs, q: SQL, words: SQL): SQL {
  const { sort, norm, now } = args;
  if (!sort || sort.field === 'relevance') return rankedSql(q, norm, words);
  return sql` select b.id, (count(*) over ())::int as total, ${words} as words
      from cand c join books b on b.id = c.id order by ${fieldOrderSql(sort, now)}`;
}

/**
 * The shopper's search on book_search (one compact row per book, the visible ones indexed). Every part reads a
 * bounded number of index entries or rows; the later parts run only when their one-time condition holds.
 * - tw: the first `cap` books whose title holds every word (GIN on the title's words: short posting lists);
 * - au: the books (the first `cap`) of up to AUTHORS_READ authors whose name holds every word;
 * - pre: titles starting with the term (up to PREFIX_CANDIDATES), from book_search_title_idx;
 * - probe: the matches among the PROBE_ROWS best sellers, index-only from book_search_sold_idx (title and words
 *   included): first for a frequent term (probeFirst), otherwise only when tw, au or dw stopped at its cap, so the
 *   best sellers are not missed;
 * - dw: the first `cap` books whose document (title, authors, publisher, ISBN) holds every word, only when the
 *   parts above found nothing: the words are spread over title, authors and publisher ('mat biec nguyen nhat
 *   anh', 'nxb kim dong'). The document's posting lists are the long ones (a family name is in 10 % of the
 *   books): intersecting them costs 2-7 ms at a million books, the title's and the authors' well under 1 ms.
 * With indexTsQuery (a last word cut short) the indexes read the complete words and the whole query is tested
 * on the first INDEXED_ROWS rows they give.
 */
async function searchVisiblePage(db: Db, args: SearchArgs): Promise<SearchPage> {
  const { tsQuery, norm, offset, limit } = args;
  const cap = args.cap ?? VISIBLE_CAP;
  const enough = Math.min(PROBE_ENOUGH, cap);
  const q = sql`to_tsquery('simple', ${tsQuery})`;
  const withProbe = args.probe !== false;
  const titleWords = sql`to_tsvector('simple'::regconfig, s.title)`;
  // ts_match_vq is the @@ operator called as a function: a filter on the rows, never an index condition.
  const matches = (indexed: SQL, gate: SQL) =>
    args.indexTsQuery
      ? sql`select t.id, t.sold, t.title from (
          select s.book_id as id, s.sold, s.title, s.words from book_search s
          where s.visible and ${indexed} @@ to_tsquery('simple', ${args.indexTsQuery}) ${gate} limit ${INDEXED_ROWS}) t
        where ts_match_vq(t.words, ${q}) limit ${cap}`
      : sql`select s.book_id as id, s.sold, s.title from book_search s where s.visible and ${indexed} @@ ${q} ${gate} limit ${cap}`;
  const probe = (gate: SQL, rows = PROBE_ROWS) => sql`probe as materialized (
        select t.book_id as id, t.sold, t.title from (
          select s.book_id, s.sold, s.title, s.words from book_search s where s.visible
          order by s.sold desc, s.book_id desc limit ${rows}) t
        where t.words @@ ${q} ${gate}
        limit ${enough})`;
  const found = (parts: string[]) => sql.raw(parts.map((p) => `(select count(*) from ${p})`).join(' + '));
  const pre = sql`pre as materialized (select s.book_id as id, s.sold, s.title from book_search s where s.visible and s.title like ${`${norm}%`}
        order by s.title using ~<~ limit ${PREFIX_CANDIDATES})`;
  // Books (the first `cap`) of the few authors whose name holds every word: an author's name is a few entries
  // of a small index, while the same words in the documents are the longest posting lists there are.
  const au = sql`au as materialized (
        select s.book_id as id, s.sold, s.title from book_authors ba join book_search s on s.book_id = ba.book_id
        where s.visible and ba.author_id in (
          select a.id from authors a where to_tsvector('simple'::regconfig, f_search_norm(a.name)) @@ ${q} limit ${AUTHORS_READ})
        limit ${cap})`;
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
      ${sql.raw([...sources, 'pre'].map((p) => `select id, sold, title from ${p}`).join(' union '))}
    )`;
  const words = sql.raw(`(select count(*) from (${sources.map((p) => `select id from ${p}`).join(' union ')}) w)::int`);
  return pageOf(db, cand, orderedSql(args, q, words), words, offset, limit);
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

const allowedEdits = (word: string) => (word.length <= 2 ? 0 : word.length <= 5 ? 1 : 2);

/**
 * The forgiving query: each word that is not in the dictionary becomes one of its near dictionary words (or stays
 * a prefix when words start with it); words with no match at all are left out. Returns undefined when no word
 * was changed (the same query again would find nothing again) or none is left. `corrected` is the term with each
 * unknown word replaced by its closest dictionary word ('Có phải bạn muốn tìm …'), when there is one.
 */
export async function fuzzyTsQuery(
  words: SearchWords,
  tokens: readonly string[],
): Promise<{ tsQuery: string; indexTsQuery?: string; corrected?: string } | undefined> {
  const dict = await words.dictionary();
  const groups: string[] = [];
  const corrected: string[] = [];
  let changed = false;
  let replaced = false;
  for (const [index, token] of tokens.entries()) {
    const last = index === tokens.length - 1;
    // Digits, and real words, stay as typed: the term found nothing because no book has all its words, not
    // because of a typo, and widening every word would match half the catalogue.
    if (/^\d+$/.test(token) || dict.words.has(token)) {
      groups.push(last ? `${token}:*` : token);
      corrected.push(token);
      continue;
    }
    const max = allowedEdits(token);
    const near: { word: string; d: number }[] = [];
    for (let len = token.length - max; len <= token.length + max; len++) {
      for (const word of dict.byLength.get(len) ?? []) {
        const d = editDistance(token, word, max);
        if (d <= max) near.push({ word, d });
      }
    }
    // A doubled letter ('nhaa', 'kimm') is the commonest slip of the keyboard: its undoubled word comes first.
    const undoubled = new Set([...token].flatMap((c, i) => (i > 0 && token[i - 1] === c ? [token.slice(0, i) + token.slice(i + 1)] : [])));
    const rank = (n: { word: string; d: number }) => n.d - (undoubled.has(n.word) ? 0.5 : 0);
    near.sort((x, y) => rank(x) - rank(y) || Math.abs(x.word.length - token.length) - Math.abs(y.word.length - token.length) || x.word.localeCompare(y.word));
    const alternatives = near.slice(0, MAX_ALTERNATIVES).map((n) => n.word);
    // Still being typed: keep it as a prefix when some word starts with it.
    const isPrefix = last && (await words.isKnownPrefix(token));
    if (isPrefix) alternatives.unshift(`${token}:*`);
    changed = true;
    if (near[0]) {
      corrected.push(near[0].word);
      replaced = true;
    } else corrected.push(token);
    if (alternatives.length) groups.push(`(${[...new Set(alternatives)].join(' | ')})`);
  }
  if (!changed || groups.length === 0) return undefined;
  // A prefix in the last group: the indexes read the other groups only (see SearchArgs.indexTsQuery).
  const indexTsQuery = groups.length > 1 && groups[groups.length - 1]!.includes(':*') ? groups.slice(0, -1).join(' & ') : undefined;
  return { tsQuery: groups.join(' & '), ...(indexTsQuery ? { indexTsQuery } : {}), ...(replaced ? { corrected: corrected.join(' ') } : {}) };
}
