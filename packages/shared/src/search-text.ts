// Text helpers of the search with no schema library: the web app's first load uses them (header search box).
import { SEARCH_TERM_MAX } from './constants.ts';

/** The term as sent: trimmed and cut to 128 characters. */
export const normaliseSearchTerm = (term: string) => term.trim().slice(0, SEARCH_TERM_MAX);

/**
 * The normal form of searchable text, the same as the database's f_search_norm (unaccent, lower case, runs of
 * anything but [a-z0-9] become one space): 'Đắc Nhân Tâm!' and 'dac  nhan-tam' are both 'dac nhan tam'. The
 * server normalises terms with it (no database round trip) and the web app uses it to highlight the typed part
 * of a suggestion. Letters unaccent maps that have no Unicode decomposition are mapped by hand.
 */
const LETTERS: Record<string, string> = { đ: 'd', Đ: 'd', ð: 'd', ø: 'o', Ø: 'o', æ: 'ae', Æ: 'ae', œ: 'oe', Œ: 'oe', ß: 'ss', ł: 'l', Ł: 'l', ı: 'i', þ: 'th' };
const HAND_MAPPED = /[đĐðøØæÆœŒßłŁıþ]/g;

export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(HAND_MAPPED, (c) => LETTERS[c] ?? c)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * Where the typed prefix matches inside a displayed name, ignoring diacritics and case: the start and end (in the
 * name's own characters) of the first word-start match, or undefined. 'nha gi' in 'Nhà Giả Kim' is [0, 6).
 */
export function matchedRange(name: string, typed: string): [number, number] | undefined {
  const want = normalizeSearchText(typed);
  if (!want) return undefined;
  // Normalise character by character, remembering where each normalised character came from.
  let norm = '';
  const from: number[] = [];
  let i = 0;
  for (const ch of name) {
    // A combining mark belongs to the letter before it; anything else that normalises to nothing separates words.
    const n = /^\p{M}+$/u.test(ch) ? '' : normalizeSearchText(ch) || ' ';
    for (const c of n) {
      if (c === ' ' && norm.endsWith(' ')) continue;
      norm += c;
      from.push(i);
    }
    i += ch.length;
  }
  from.push(i);
  for (let at = norm.indexOf(want); at >= 0; at = norm.indexOf(want, at + 1)) {
    if (at === 0 || norm[at - 1] === ' ') {
      const endChar = at + want.length;
      // End after the whole last source character (a letter with its marks).
      let end = from[endChar] ?? name.length;
      if (endChar < from.length - 1 && from[endChar] === from[endChar - 1]) end = from[endChar + 1] ?? name.length;
      return [from[at]!, end];
    }
  }
  return undefined;
}

/** Characters before a suggestion is asked for (the header dropdown opens from 2). */
export const SUGGEST_MIN_CHARS = 2;
