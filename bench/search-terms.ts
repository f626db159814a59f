/**
 * Search terms a shop would see, drawn from the generated catalogue: 1 to 4 words of titles and author names,
 * half without diacritics, some with one typo, some cut short as a shopper still typing, some ISBNs (half with
 * hyphens). Deterministic (seeded), distinct, so a run never repeats a term before the list wraps.
 */

export interface SampleBook {
  title: string;
  author: string;
  isbn13: string;
}

const stripMarks = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').replace(/đ/g, 'd').replace(/Đ/g, 'D');

/** mulberry32: a small seeded generator, the same terms (and arrival times) on every machine. */
export function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const KEYBOARD_NEIGHBOURS: Record<string, string> = {
  a: 'sq', b: 'vn', c: 'xv', d: 'sf', e: 'wr', g: 'fh', h: 'gj', i: 'uo', k: 'jl', l: 'k', m: 'n', n: 'bm', o: 'ip',
  p: 'o', q: 'w', r: 'et', s: 'ad', t: 'ry', u: 'yi', v: 'cb', x: 'zc', y: 'tu',
};

/** One typo in the longest word of at least 4 letters: a neighbour key, a letter dropped, doubled or swapped. */
function withTypo(term: string, rnd: () => number): string | undefined {
  const words = term.split(' ');
  let at = -1;
  for (const [i, w] of words.entries()) if (w.length >= 4 && (at < 0 || w.length > words[at]!.length)) at = i;
  if (at < 0) return undefined;
  const w = [...words[at]!];
  const k = 1 + Math.floor(rnd() * (w.length - 2));
  const kind = Math.floor(rnd() * 4);
  if (kind === 0) w.splice(k, 1);
  else if (kind === 1) [w[k], w[k + 1]] = [w[k + 1]!, w[k]!];
  else if (kind === 2) w.splice(k, 0, w[k]!);
  else {
    const near = KEYBOARD_NEIGHBOURS[stripMarks(w[k]!).toLowerCase()] ?? 'e';
    w[k] = near[Math.floor(rnd() * near.length)]!;
  }
  const typed = w.join('');
  if (typed === words[at]) return undefined;
  words[at] = typed;
  return words.join(' ');
}

const slice = (words: string[], rnd: () => number, max: number) => {
  const n = Math.min(words.length, 1 + Math.floor(rnd() * max));
  const start = Math.floor(rnd() * (words.length - n + 1));
  return words.slice(start, start + n).join(' ');
};

export function searchTerms(books: readonly SampleBook[], count: number, seed = 42): string[] {
  const rnd = random(seed);
  const out = new Set<string>();
  for (let i = 0; out.size < count && i < count * 20; i++) {
    const book = books[i % books.length]!;
    const titleWords = book.title.split(/\s+/).filter(Boolean);
    const roll = rnd();
    let term: string | undefined;
    if (roll < 0.08) {
      const s = book.isbn13;
      term = rnd() < 0.5 ? s : `${s.slice(0, 3)}-${s.slice(3, 4)}-${s.slice(4, 8)}-${s.slice(8, 12)}-${s.slice(12)}`;
    } else if (roll < 0.3) {
      term = slice(book.author.split(/\s+/), rnd, 3);
    } else {
      term = slice(titleWords, rnd, 4);
    }
    if (roll >= 0.08) {
      const shape = rnd();
      if (shape < 0.15) term = withTypo(term, rnd) ?? term;
      else if (shape < 0.35) {
        // Cut short: the last word part typed (at least two letters).
        const words = term.split(' ');
        const last = [...words[words.length - 1]!];
        if (last.length >= 3) words[words.length - 1] = last.slice(0, 2 + Math.floor(rnd() * (last.length - 2))).join('');
        term = words.join(' ');
      }
      if (rnd() < 0.5) term = stripMarks(term).toLowerCase();
    }
    out.add(term);
  }
  return [...out];
}

/** What a shopper has typed into the header box when the dropdown asks: 2 to 12 characters of a title or name. */
export function suggestPrefixes(books: readonly SampleBook[], count: number, seed = 7): string[] {
  const rnd = random(seed);
  const out = new Set<string>();
  for (let i = 0; out.size < count && i < count * 20; i++) {
    const book = books[i % books.length]!;
    const source = rnd() < 0.75 ? book.title : book.author;
    const chars = [...source];
    let typed = chars.slice(0, Math.min(chars.length, 2 + Math.floor(rnd() * 11))).join('').trimEnd();
    if (rnd() < 0.5) typed = stripMarks(typed).toLowerCase();
    if ([...typed].length >= 2) out.add(typed);
  }
  return [...out];
}
