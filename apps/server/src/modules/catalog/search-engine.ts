import type { BookFilter } from './repo.ts';
import type { Db } from '../../db/client.ts';
import { rankCandidates, rankKey, markedKey, type Candidate } from './ranking.ts';
import { allowedEdits, editDistance, normalizeTerm, searchCandidates, tokensOf, type FoundCandidates } from './search.ts';
import type { QueryGroup, SearchIndex, TermKeys } from './search-index.ts';
import type { Dictionary, SearchWords } from './search-words.ts';

/**
 * The shopper's search, one algorithm over two strategies (docs/decisions.md, "Search a bookseller would sign"):
 * the index in memory (search-index.ts) and PostgreSQL (search.ts) find candidates for a query of word groups;
 * ranking.ts orders them. The passes, each only when the one before found nothing:
 * 1. strict: every word (or one of its spelling variants: 'ky'/'ki', telex leftovers 'ddac', 'tams');
 * 2. prefix: the last word cut short ('dac nhan ta');
 * 3. typo: each word that is no word of the catalogue replaced by its near words (edit distance 1-2);
 * 4. relaxed: one word at a time replaced by its near words, then left out; ranked below every full match, the
 *    corrected term offered ('Có phải bạn muốn tìm …').
 * The strict pass is the hot path: nothing else runs when it finds a book.
 */

export interface StrategyQuery {
  groups: QueryGroup[];
  term: TermKeys;
  /** A typo or relaxed pass (the database leaves its best-seller probe out). */
  fuzzy: boolean;
}

export interface SearchStrategy {
  /** True when a query costs microseconds (the strict pass runs even for a word the dictionary does not know). */
  readonly inMemory: boolean;
  find(q: StrategyQuery): Promise<FoundCandidates>;
}

/** The in-memory strategy: one index, fed from the database (search-index-loader.ts) or directly (tests). */
export function memoryStrategy(index: SearchIndex): SearchStrategy {
  return {
    inMemory: true,
    find: async (q) => index.candidates(q.groups, q.term),
  };
}

/** The database strategy, with a filter (the listing's, or staff's every status). */
export function databaseStrategy(db: Db, filter: BookFilter, words: SearchWords, now: Date): SearchStrategy {
  return {
    inMemory: false,
    async find(q) {
      const { tsQuery, indexTsQuery } = tsQueryOf(q.groups);
      // A short prefix ('th:*') or a frequent pair stands for many books: the best sellers are read first.
      const probeFirst = !q.fuzzy && (await words.frequentTerm(tsQuery.split(' & ')));
      return searchCandidates(db, { filter, tsQuery, ...(indexTsQuery ? { indexTsQuery } : {}), term: q.term, now, probe: !q.fuzzy, probeFirst });
    },
  };
}

/** The tsquery of the groups ('(ky | ki) & nang'); the complete groups apart when the last is a prefix. */
export function tsQueryOf(groups: readonly QueryGroup[]): { tsQuery: string; indexTsQuery?: string } {
  const parts = groups.map((g) => {
    const alts = [...g.words, ...(g.prefix ? [`${g.prefix}:*`] : [])];
    return alts.length > 1 ? `(${alts.join(' | ')})` : alts[0]!;
  });
  const last = groups[groups.length - 1];
  const indexTsQuery = groups.length > 1 && last?.prefix ? parts.slice(0, -1).join(' & ') : undefined;
  return { tsQuery: parts.join(' & '), ...(indexTsQuery ? { indexTsQuery } : {}) };
}

const isDigits = (w: string) => /^\d+$/.test(w);
const known = (dict: Dictionary, w: string) => isDigits(w) || dict.words.has(w);

function knownPrefix(dict: Dictionary, prefix: string): boolean {
  if (isDigits(prefix)) return true;
  const { sorted } = dict;
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < prefix) lo = mid + 1;
    else hi = mid;
  }
  return sorted[lo]?.startsWith(prefix) ?? false;
}

/** A syllable of consonants and a final 'y' or 'i': 'ky' and 'ki', 'ly' and 'li' are one word to a reader. */
const Y_OR_I = /^([bcdghklmnpqrstvx]+)([yi])$/;
/** Telex leftovers: a doubled vowel or 'dd' (â, ê, ô, đ), a vowel + w (ă, ơ, ư), a trailing tone letter. */
const TELEX_PAIRS: [RegExp, string][] = [
  [/dd/g, 'd'],
  [/aa/g, 'a'],
  [/ee/g, 'e'],
  [/oo/g, 'o'],
  [/aw/g, 'a'],
  [/ow/g, 'o'],
  [/uw/g, 'u'],
];
const TONE_LETTER = /^(.*[aeiouy](?:[cmnpt]|ng|nh|ch)?)[sfrxj]$/;

/**
 * Words a shopper means by a typed word: the y/i twin and what the telex leftovers stand for. Only dictionary
 * words are kept (a variant matches nothing otherwise); the telex ones only when the word itself is none.
 */
export function variantsOf(dict: Dictionary, token: string): string[] {
  const out = new Set<string>();
  const yi = Y_OR_I.exec(token);
  if (yi) out.add(`${yi[1]}${yi[2] === 'y' ? 'i' : 'y'}`);
  if (!known(dict, token)) {
    let t = token;
    for (const [re, to] of TELEX_PAIRS) t = t.replace(re, to);
    const toneless = TONE_LETTER.exec(t)?.[1];
    for (const v of [t, ...(toneless ? [toneless] : []), ...(TONE_LETTER.exec(token)?.[1] ? [TONE_LETTER.exec(token)![1]!] : [])]) if (v !== token) out.add(v);
  }
  return [...out].filter((v) => known(dict, v));
}

/** Near dictionary words of a token, closest first (a doubled letter undone first: 'nhaa'), at most `max`. */
export function nearWords(dict: Dictionary, token: string, max = 8, includeSelf = false): { word: string; d: number }[] {
  const edits = allowedEdits(token);
  if (edits === 0 || isDigits(token)) return [];
  const near: { word: string; d: number }[] = [];
  for (let len = token.length - edits; len <= token.length + edits; len++) {
    for (const word of dict.byLength.get(len) ?? []) {
      if (word === token && !includeSelf) continue;
      const d = editDistance(token, word, edits);
      if (d <= edits) near.push({ word, d });
    }
  }
  const undoubled = new Set([...token].flatMap((c, i) => (i > 0 && token[i - 1] === c ? [token.slice(0, i) + token.slice(i + 1)] : [])));
  const rank = (n: { word: string; d: number }) => n.d - (undoubled.has(n.word) ? 0.5 : 0) + (n.word[0] === token[0] ? 0 : 0.25);
  near.sort((x, y) => rank(x) - rank(y) || Math.abs(x.word.length - token.length) - Math.abs(y.word.length - token.length) || (x.word < y.word ? -1 : 1));
  return near.slice(0, max);
}

export interface RankedResult {
  /** The candidates in ranking order. */
  ranked: Candidate[];
  /** The corrected term when a typo or relaxed pass answered ('Có phải bạn muốn tìm …'). */
  didYouMean?: string;
}

/** Longest word count whose relaxed passes are tried (each word is one or two queries). */
const RELAX_MAX_WORDS = 6;

/** The ranked candidates of a term (every pass it takes), for any strategy. */
export async function rankedSearch(strategy: SearchStrategy, dictionary: () => Promise<Dictionary>, typed: string): Promise<RankedResult> {
  const norm = normalizeTerm(typed);
  const tokens = tokensOf(norm);
  if (tokens.length === 0) return { ranked: [] };
  const dict = await dictionary();
  const key = markedKey(typed);
  const term: TermKeys = { norm, key };
  const groups: QueryGroup[] = tokens.map((t) => ({ words: [t, ...variantsOf(dict, t)] }));
  const last = tokens[tokens.length - 1]!;
  const run = async (g: QueryGroup[], t: TermKeys, fuzzy: boolean) => strategy.find({ groups: g, term: t, fuzzy });

  // 1. Every word. A last word that is no word at all (cut short, or misspelt) cannot match as typed: the
  // database skips straight to the prefix pass; memory costs nothing either way.
  const lastGroup = groups[groups.length - 1]!;
  let found: FoundCandidates =
    strategy.inMemory || lastGroup.words.some((w) => known(dict, w)) ? await run(groups, term, false) : { candidates: [], wordMatches: 0 };
  // 2. The last word cut short (title-prefix matches alone do not settle that); one letter is no prefix.
  if (found.wordMatches === 0 && knownPrefix(dict, last)) {
    const prefixed = last.length < 2 ? groups.slice(0, -1) : [...groups.slice(0, -1), { ...lastGroup, prefix: last }];
    if (prefixed.length > 0) found = await run(prefixed, term, false);
  }
  if (found.candidates.length > 0) return { ranked: rankCandidates(found.candidates, norm) };

  // 3. Words that are no word of the catalogue: each replaced by its near words (a prefix kept for the last).
  const unknown = tokens.map((t, i) => !known(dict, t) && !groups[i]!.words.some((w) => w !== t && known(dict, w)));
  if (unknown.some(Boolean)) {
    const corrected: string[] = [];
    const fixed: QueryGroup[] = [];
    for (const [i, t] of tokens.entries()) {
      if (!unknown[i]) {
        fixed.push(groups[i]!);
        corrected.push(t);
        continue;
      }
      const near = nearWords(dict, t).map((n) => n.word);
      const prefix = i === tokens.length - 1 && t.length >= 2 && knownPrefix(dict, t) ? t : undefined;
      corrected.push(near[0] ?? t);
      if (near.length || prefix) fixed.push({ words: near, ...(prefix ? { prefix } : {}) });
    }
    if (fixed.length > 0) {
      const fixedNorm = corrected.join(' ');
      const typo = await run(fixed, { norm: fixedNorm, key: fixedNorm }, true);
      if (typo.candidates.length > 0) {
        return { ranked: rankCandidates(typo.candidates, fixedNorm), ...(fixedNorm !== norm ? { didYouMean: fixedNorm } : {}) };
      }
    }
  }
  if (tokens.length < 2) return { ranked: [] };

  // 4. Relaxed: one word at edit distance 1-2 from a word of the catalogue (a typo that made another syllable:
  // 'nha gia kin'), else one word left out. Ranked below full matches; the best one names the corrected term.
  const relaxed = new Map<number, Candidate>();
  const corrections = new Map<number, string>();
  const add = (cands: readonly Candidate[], level: number, correctedNorm: string) => {
    for (const c of rankCandidates(cands, correctedNorm)) {
      const prev = relaxed.get(c.id);
      if (prev && prev.relaxed <= level) continue;
      relaxed.set(c.id, { ...c, relaxed: level });
      corrections.set(c.id, correctedNorm);
    }
  };
  const relaxable = tokens.slice(0, RELAX_MAX_WORDS);
  for (const [i, t] of relaxable.entries()) {
    const near = nearWords(dict, t, 12).map((n) => n.word);
    if (near.length === 0) continue;
    const g = groups.map((x, j) => (j === i ? { words: near } : x));
    const correctedNorm = tokens.map((x, j) => (j === i ? near[0]! : x)).join(' ');
    const res = await run(g, { norm: correctedNorm, key: correctedNorm }, true);
    // The candidates' tiers against the term they matched: the word that matched, not the first near word.
    for (const c of res.candidates) {
      const words = new Set(c.title.split(' '));
      const hit = near.find((w) => words.has(w));
      add([c], 1, hit ? tokens.map((x, j) => (j === i ? hit : x)).join(' ') : correctedNorm);
    }
  }
  if (relaxed.size === 0) {
    for (const i of relaxable.keys()) {
      const g = groups.filter((_, j) => j !== i);
      const shorter = tokens.filter((_, j) => j !== i).join(' ');
      const res = await run(g, { norm: shorter, key: shorter }, true);
      add(res.candidates, 2, shorter);
    }
  }
  if (relaxed.size === 0) return { ranked: [] };
  // Rank each candidate against the term it matched (a title equal to the corrected term is tier 2, not 6).
  const ranked = [...relaxed.values()]
    .map((c) => ({ c, order: rankKey(c, corrections.get(c.id)!) }))
    .sort((x, y) => x.order[0] - y.order[0] || x.order[1] - y.order[1] || y.c.sold - x.c.sold || y.c.id - x.c.id)
    .map((x) => x.c);
  const best = corrections.get(ranked[0]!.id);
  return { ranked, ...(best && best !== norm ? { didYouMean: best } : {}) };
}
