/**
 * The search's ranking, written once (docs/decisions.md, "Search a bookseller would sign"): both strategies
 * (search.ts on PostgreSQL, search-index.ts in memory) find candidates with the facts below, and this module orders
 * them. The limits of the candidate parts live here too, so the two strategies read the same numbers.
 */

/** Matches of each candidate part that are ranked (5 pages of 20). */
export const PART_CAP = 100;
/** Best sellers among the document matches added when a part stopped at its cap. */
export const PROBE_ENOUGH = 60;
/** Titles starting with the term that are always candidates. */
export const PREFIX_CANDIDATES = 50;
/** Authors whose books a search reads: the closest names first (see authorMatch). */
export const AUTHORS_READ = 3;
/** Authors whose name holds every word that are compared before the AUTHORS_READ closest are chosen. */
export const AUTHORS_COMPARED = 64;

/** How an author's name matches the term: 3 as typed, marks included; 2 folded; 1 holds every word; 0 not read. */
export type AuthorMatch = 0 | 1 | 2 | 3;

/** What a strategy knows of a candidate book; the ranking needs nothing else. */
export interface Candidate {
  id: number;
  sold: number;
  /** The title folded (f_search_norm). */
  title: string;
  /** The title as written equals the term as typed (marks compared, see markedKey). */
  titleMarked: boolean;
  /** The title holds every word of the query. */
  titleHolds: boolean;
  /** The best match of the book's authors' names among the authors read. */
  author: AuthorMatch;
  /** 0 every word matched; 1 a word matched at an edit distance; 2 a word left out (relaxed passes). */
  relaxed: number;
}

/**
 * The tiers, best first (the table of docs/decisions.md). Inside a title tier the shortest title comes first (the
 * fewest words besides the term's), then sales, then the newest id; inside the others sales, then id.
 */
export const TIERS = [
  { tier: 0, rule: 'the title as written is the term as typed (marks included)' },
  { tier: 1, rule: "an author's name as written is the term as typed" },
  { tier: 2, rule: 'the title is the term (folded: no marks, any case)' },
  { tier: 3, rule: "an author's name is the term (folded)" },
  { tier: 4, rule: 'the title starts with the term' },
  { tier: 5, rule: 'the title holds every word' },
  { tier: 6, rule: "the words are spread over title, authors' names, publisher, original title, grade, ISBN" },
] as const;
/** A relaxed match ranks below every full match: its tier is moved down by this much per step of relaxation. */
const RELAXED_STEP = TIERS.length;
const TITLE_TIERS = new Set([0, 2, 4, 5]);

export function tierOf(c: Candidate, norm: string): number {
  const base = c.titleMarked
    ? 0
    : c.author === 3
      ? 1
      : c.title === norm
        ? 2
        : c.author === 2
          ? 3
          : norm && c.title.startsWith(norm)
            ? 4
            : c.titleHolds
              ? 5
              : 6;
  return base + c.relaxed * RELAXED_STEP;
}

/** A candidate's tier and, in a title tier, its title's length (shortest first); sales and id break the rest. */
export function rankKey(c: Candidate, norm: string): [tier: number, len: number] {
  const tier = tierOf(c, norm);
  return [tier, TITLE_TIERS.has(tier % RELAXED_STEP) ? c.title.length : 0];
}

/** The candidates in ranking order (a new array). `norm` is the folded term the candidates were found for. */
export function rankCandidates(candidates: readonly Candidate[], norm: string): Candidate[] {
  const keyed = candidates.map((c) => ({ c, k: rankKey(c, norm) }));
  keyed.sort((x, y) => x.k[0] - y.k[0] || x.k[1] - y.k[1] || y.c.sold - x.c.sold || y.c.id - x.c.id);
  return keyed.map((x) => x.c);
}

/** Tone marks of Vietnamese (grave, acute, tilde, hook above, dot below) after NFD. */
const TONES = /[\u0300\u0301\u0303\u0309\u0323]/g;
const LONE_Y = /^([bcdđghklmnpqrstvx]+)y$/;

/**
 * A text as written, compared with its marks but without the spelling variants a bookseller reads as one: lower
 * case; the tone mark moved to the end of its syllable, so 'hoà' and 'hòa', 'thuỷ' and 'thủy' are one key; a lone
 * 'y' after consonants read as 'i' ('ký' and 'kí'); punctuation ignored.
 * Read one character at a time through a table (a first build hashes a million titles: the whole-string
 * normalisation and regular expressions were a fifth of its time); a text with a character outside the table takes
 * the whole-string way, which defines the key (markedKeyOfText). `from`, `to`: the key of that part of `text`.
 */
export function markedKey(text: string, from = 0, to = text.length): string {
  let out = '';
  let inWord = false;
  let bare = '';
  let tone = '';
  for (let i = from; i <= to; i++) {
    const c = i < to ? foldedChar(text.charCodeAt(i)) : SEPARATOR;
    if (c === undefined) return markedKeyOfText(text.slice(from, to));
    if (c !== SEPARATOR) {
      inWord = true;
      bare += c.bare;
      if (!tone) tone = c.tone;
      continue;
    }
    if (!inWord) continue;
    if (bare.length > 1 && bare.charCodeAt(bare.length - 1) === 121 && LONE_Y.test(bare)) bare = `${bare.slice(0, -1)}i`;
    out += (out ? ' ' : '') + bare + tone;
    inWord = false;
    bare = '';
    tone = '';
  }
  return out;
}

/** The key as defined: the whole text decomposed, lower-cased, split into words, each word's tone moved to its end. */
export function markedKeyOfText(text: string): string {
  const words = text.normalize('NFD').toLowerCase().split(WORD_BREAK);
  let out = '';
  for (const w of words) {
    if (!w) continue;
    const tone = w.match(TONES)?.[0] ?? '';
    const bare = w.replace(TONES, '').replace(LONE_Y, '$1i');
    out += (out ? ' ' : '') + bare + tone;
  }
  return out;
}

const WORD_BREAK = /[^\p{L}\p{M}\p{N}]+/u;
/** A character's share of the key: its letters and marks without the tone, and its tone mark ('' if none). */
interface FoldedChar {
  bare: string;
  tone: string;
}
const SEPARATOR: FoldedChar = { bare: '', tone: '' };
const folded: (FoldedChar | null)[] = [];

/**
 * A character (UTF-16 unit) of the table, decomposed and lower-cased on its own; undefined outside it. The table
 * holds Latin (ASCII, Latin-1, Latin Extended A and B, Latin Extended Additional, which holds Vietnamese) and
 * general punctuation: none of them decomposes to a combining mark first or lower-cases by its neighbours, so the
 * characters' pieces joined are the whole text's. Combining marks typed apart are not in it (they may need
 * reordering with the previous character's).
 */
function foldedChar(code: number): FoldedChar | undefined {
  if (!(code < 0x250 || (code >= 0x1e00 && code < 0x1f00) || (code >= 0x2000 && code < 0x2070))) return undefined;
  let f = folded[code];
  if (f === undefined) {
    f = foldChar(code);
    folded[code] = f;
  }
  return f ?? undefined;
}

/** A character's piece as markedKeyOfText would cut it; null when it mixes letters and separators (then the whole-text way). */
function foldChar(code: number): FoldedChar | null {
  const piece = String.fromCharCode(code).normalize('NFD').toLowerCase();
  const letters = piece.replace(WORD_BREAK_ALL, '');
  if (letters === '') return SEPARATOR;
  if (letters !== piece) return null;
  return { bare: piece.replace(TONES, ''), tone: piece.match(TONES)?.[0] ?? '' };
}
const WORD_BREAK_ALL = /[^\p{L}\p{M}\p{N}]/gu;

/** A 32-bit hash of a marked key (FNV-1a): the index in memory keeps this, not a million strings. */
export function keyHash(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h | 0;
}

/** How an author's name (as written) matches the term: its folded and marked forms against the term's. */
export function authorMatch(name: { norm: string; key: string }, term: { norm: string; key: string }): AuthorMatch {
  return name.key === term.key ? 3 : name.norm === term.norm ? 2 : 1;
}

/** Of the authors whose name holds every word, the AUTHORS_READ closest: as typed, folded, then shortest name. */
export function closestAuthors<T extends { norm: string; key: string }>(authors: readonly T[], term: { norm: string; key: string }): { author: T; match: AuthorMatch }[] {
  return authors
    .map((author, i) => ({ author, match: authorMatch(author, term), i }))
    .sort((x, y) => y.match - x.match || x.author.norm.length - y.author.norm.length || x.i - y.i)
    .slice(0, AUTHORS_READ)
    .map(({ author, match }) => ({ author, match }));
}
