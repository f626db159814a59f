import { normalizeSearchText } from '@nhasach/shared';
import { FAMILY_NAMES, FAMOUS_TITLES, GIVEN_NAMES, MIDDLE_NAMES, PUBLISHERS as BENCH_PUBLISHERS, TITLE_WORDS } from '../../../../bench/vocabulary.ts';
import { DEMO_BOOKS, PUBLISHERS } from '../../src/db/seed/catalog-data/index.ts';
import { markedKey } from '../../src/modules/catalog/ranking.ts';
import { searchDocumentOf } from '../../src/modules/catalog/search-documents.ts';
import { isIndexedWord, type AuthorEntry, type BookEntry } from '../../src/modules/catalog/search-index.ts';

/**
 * The harder relevance set (docs/decisions.md, "Search a bookseller would sign"): the demo catalogue among
 * generated books made as the benchmark's generator makes them (bench/generate.ts: titles of 2-5 words of
 * TITLE_WORDS, every 997th a famous title again, 5,000 authors of family + middle + given names, so many share
 * a real author's name but for a mark), and queries of the kinds shoppers type, each with the books that are an
 * acceptable answer. Built without a database: the index in memory is fed these entries directly.
 */

export interface HardBook {
  id: number;
  slug: string;
  title: string;
  authors: string[];
  publisher: string;
  isbn13: string;
  originalTitle: string | null;
  description: string;
  sold: number;
  visible: boolean;
  /** Made by the generator (not a demo book). */
  generated: boolean;
}

export interface HardQuery {
  q: string;
  kind: string;
  /** Ids of the acceptable books. */
  expect: number[];
}

/** Deterministic pseudo-random numbers (mulberry32): the same set on every machine. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const GENERATED_AUTHORS = 5000;

/** The generator's author names (bench/generate.ts, the same formula). */
export function generatedAuthorNames(): string[] {
  const names: string[] = [];
  for (let i = 0; i < GENERATED_AUTHORS; i++) {
    const family = FAMILY_NAMES[(i * 7) % FAMILY_NAMES.length]!;
    const middle = MIDDLE_NAMES[(i * 11 + Math.floor(i / 7)) % MIDDLE_NAMES.length]!;
    const given = GIVEN_NAMES[(i * 13 + Math.floor(i / 3)) % GIVEN_NAMES.length]!;
    names.push(`${family} ${middle} ${given}`);
  }
  return names;
}

/** The demo books (ids from 1, in data order) and `generated` books made as the benchmark's generator makes them. */
export function hardCatalogue(generated: number): HardBook[] {
  const out: HardBook[] = [];
  for (const b of DEMO_BOOKS) {
    out.push({
      id: out.length + 1,
      slug: b.slug,
      title: b.title,
      authors: b.authors,
      publisher: PUBLISHERS[b.publisher],
      isbn13: b.isbn13,
      originalTitle: b.originalTitle,
      description: b.description,
      sold: b.sold,
      visible: b.status === 'ACTIVE' || b.status === 'OUT_OF_STOCK',
      generated: false,
    });
  }
  const rnd = random(20261127);
  const authors = generatedAuthorNames();
  for (let g = 1; g <= generated; g++) {
    const title =
      g % 997 === 0
        ? FAMOUS_TITLES[Math.floor(g / 997) % FAMOUS_TITLES.length]!
        : Array.from({ length: 2 + (g % 4) }, () => TITLE_WORDS[Math.floor(rnd() * TITLE_WORDS.length)]!).join(' ');
    const first = authors[(g * 7919) % GENERATED_AUTHORS]!;
    const second = g % 10 === 0 ? authors[(g * 104729 + 13) % GENERATED_AUTHORS]! : undefined;
    out.push({
      id: out.length + 1,
      slug: `${normalizeSearchText(title).replace(/ /g, '-')}-${g}`,
      title,
      authors: second && second !== first ? [first, second] : [first],
      publisher: BENCH_PUBLISHERS[(g * 7) % BENCH_PUBLISHERS.length]!,
      isbn13: `978${String(g).padStart(10, '0')}`,
      originalTitle: null,
      description: `<p>${title}: một cuốn sách hay.</p>`,
      sold: Math.floor(rnd() ** 4 * 20000),
      visible: rnd() < 0.96,
      generated: true,
    });
  }
  return out;
}

/** The index's entries of a catalogue, with the documents search-documents.ts writes. */
export function entriesOf(books: readonly HardBook[]): { books: BookEntry[]; authors: AuthorEntry[] } {
  const authorIds = new Map<string, number>();
  const idOf = (name: string) => {
    let id = authorIds.get(name);
    if (id === undefined) authorIds.set(name, (id = authorIds.size + 1));
    return id;
  };
  const entries: BookEntry[] = books
    .filter((b) => b.visible)
    .sort((x, y) => y.sold - x.sold || y.id - x.id)
    .map((b) => ({
      id: b.id,
      sold: b.sold,
      title: normalizeSearchText(b.title),
      docWords: [...new Set(searchDocumentOf({ ...b, authors: b.authors }).split(' '))].filter((w) => w && isIndexedWord(w)),
      authorIds: b.authors.map(idOf),
      marked: b.title,
    }));
  for (const b of books) b.authors.forEach(idOf);
  const authors: AuthorEntry[] = [...authorIds].map(([name, id]) => ({ id, name: normalizeSearchText(name), marked: name }));
  return { books: entries, authors };
}

/** One letter changed so the word becomes another word of the catalogue (a typo that makes another syllable). */
function syllableTypo(word: string, dictionary: ReadonlySet<string>, rnd: () => number): string | undefined {
  const letters = 'abcdeghiklmnopqrstuvxy';
  const tries: string[] = [];
  for (let i = 0; i < word.length; i++) {
    for (const c of letters) if (c !== word[i]) tries.push(word.slice(0, i) + c + word.slice(i + 1));
  }
  const real = tries.filter((t) => dictionary.has(t));
  return real.length ? real[Math.floor(rnd() * real.length)] : undefined;
}

/** Tone mark written on the other vowel of 'oa', 'oe', 'uy' (the old placement): 'hòa' -> 'hoà', 'thủy' -> 'thuỷ'. */
function otherTonePlacement(title: string): string | undefined {
  const swapped = title.normalize('NFD').replace(/([oOuU])([\u0300\u0301\u0303\u0309\u0323])([aAeEyY])/g, '$1$3$2').normalize('NFC');
  return swapped !== title.normalize('NFC') ? swapped : undefined;
}

/** 'ý' <-> 'í' at the end of a syllable after consonants ('ký' -> 'kí'). */
function yiSwap(title: string): string | undefined {
  const swapped = title.replace(/(?<=\b[bcdghklmnpqrstvxBCDGHKLMNPQRSTVX]+)([yýỳỷỹỵiíìỉĩị])(?=\s|$|[,.:;!?-])/gu, (v) => {
    const map: Record<string, string> = { y: 'i', ý: 'í', ỳ: 'ì', ỷ: 'ỉ', ỹ: 'ĩ', ỵ: 'ị', i: 'y', í: 'ý', ì: 'ỳ', ỉ: 'ỷ', ĩ: 'ỹ', ị: 'ỵ' };
    return map[v] ?? v;
  });
  return swapped !== title ? swapped : undefined;
}

/** Telex leftovers a shopper leaves when the keyboard's Vietnamese mode is off: 'đ' -> 'dd', 'ắ' -> 'aws'. */
function telex(title: string): string | undefined {
  const words = title.split(' ');
  const i = words.findIndex((w) => /[đĐ]/.test(w));
  if (i >= 0) {
    const w = words[i]!.replace(/đ/g, 'dd').replace(/Đ/g, 'Dd');
    return [...words.slice(0, i), w, ...words.slice(i + 1)].join(' ');
  }
  // A trailing tone letter: 'tâm' -> 'taam', 'sáng' -> 'sangs'.
  const j = words.findIndex((w) => /[áàảãạ]/.test(w.normalize('NFC')) && normalizeSearchText(w).length >= 2);
  if (j >= 0) {
    const w = words[j]!;
    const tone = /[á]/.test(w) ? 's' : /[à]/.test(w) ? 'f' : /[ả]/.test(w) ? 'r' : /[ã]/.test(w) ? 'x' : 'j';
    return [...words.slice(0, j), `${normalizeSearchText(w)}${tone}`, ...words.slice(j + 1)].join(' ');
  }
  return undefined;
}

/**
 * The queries: every visible demo book by its title as written and folded, its authors by their full names as
 * written (each a look-alike's name but for a mark when the generator made one), short titles, a one-letter typo
 * that makes another syllable, spelling variants, original titles and textbook grades. Acceptable answers: the
 * book, or any visible book whose title as written is the same (another edition); for an author, their books.
 */
export function hardQueries(books: readonly HardBook[], dictionary: ReadonlySet<string>): HardQuery[] {
  const rnd = random(31);
  const visible = books.filter((b) => b.visible);
  const demo = visible.filter((b) => b.id <= DEMO_BOOKS.length);
  const byKey = new Map<string, number[]>();
  for (const b of visible) {
    const k = markedKey(b.title);
    byKey.set(k, [...(byKey.get(k) ?? []), b.id]);
  }
  const sameTitle = (b: HardBook) => byKey.get(markedKey(b.title)) ?? [b.id];
  const generatedNames = new Set(generatedAuthorNames().map((n) => normalizeSearchText(n)));
  const queries: HardQuery[] = [];
  const seen = new Set<string>();
  const add = (q: string, kind: string, expect: number[]) => {
    const key = `${kind}|${q}`;
    if (seen.has(key) || !normalizeSearchText(q)) return;
    seen.add(key);
    queries.push({ q, kind, expect });
  };
  for (const [i, b] of demo.entries()) {
    const words = normalizeSearchText(b.title).split(' ');
    if (words.length <= 2) add(b.title, 'short title', sameTitle(b));
    else if (i % 2 === 0) add(b.title, 'title', sameTitle(b));
    if (i % 3 === 0) add(normalizeSearchText(b.title), 'title folded', sameTitle(b));
    if (words.length >= 3 && i % 2 === 1) {
      const at = words.findIndex((w, k) => k > 0 && w.length >= 3 && syllableTypo(w, dictionary, rnd) !== undefined);
      if (at >= 0) {
        const typo = syllableTypo(words[at]!, dictionary, rnd)!;
        add(words.map((w, k) => (k === at ? typo : w)).join(' '), 'typo syllable', sameTitle(b));
      }
    }
    const tone = otherTonePlacement(b.title);
    if (tone) add(tone, 'variant', sameTitle(b));
    const yi = yiSwap(b.title);
    if (yi) add(yi, 'variant', sameTitle(b));
    const tx = i % 2 === 0 ? telex(b.title) : undefined;
    if (tx) add(tx, 'variant', sameTitle(b));
    // The book, or an edition whose title is the original title ('The Alchemist').
    if (b.originalTitle) add(b.originalTitle, 'original title', [b.id, ...(byKey.get(markedKey(b.originalTitle)) ?? [])]);
    const grade = /(?:lớp|Lớp)\s*(\d{1,2})(?!\d)/u.exec(b.description);
    if (grade && !new RegExp(`lớp\\s*${grade[1]}`, 'iu').test(b.title)) {
      // Generated books have no grade in their description: the demo's are the candidates.
      add(`${words[0]} lớp ${grade[1]}`, 'grade', demo.filter((o) => normalizeSearchText(o.title).split(' ')[0] === words[0] && new RegExp(`(?:lớp|Lớp)\\s*${grade[1]}(?!\\d)`, 'u').test(o.description)).map((o) => o.id));
    }
  }
  // An author's books: any visible book by a name written the same way (a generated namesake is as good).
  const byAuthorKey = new Map<string, number[]>();
  for (const b of visible) for (const a of b.authors) byAuthorKey.set(markedKey(a), [...(byAuthorKey.get(markedKey(a)) ?? []), b.id]);
  for (const name of new Set(demo.flatMap((b) => b.authors))) {
    add(name, generatedNames.has(normalizeSearchText(name)) ? 'author look-alike' : 'author', byAuthorKey.get(markedKey(name)) ?? []);
  }
  return queries;
}

export interface Score {
  n: number;
  top1: number;
  top3: number;
  rr: number;
}

/** Scores ranked ids against the queries' acceptable books; prints the table and the misses. */
export function scoreReport(title: string, results: { query: HardQuery; ids: number[] }[], describeId: (id: number) => string): { total: Score; lines: string[] } {
  const byKind = new Map<string, Score>();
  const total: Score = { n: 0, top1: 0, top3: 0, rr: 0 };
  const misses: string[] = [];
  for (const { query, ids } of results) {
    const k = byKind.get(query.kind) ?? { n: 0, top1: 0, top3: 0, rr: 0 };
    const ok = new Set(query.expect);
    const rank = ids.slice(0, 10).findIndex((id) => ok.has(id));
    for (const s of [k, total]) {
      s.n++;
      if (rank === 0) s.top1++;
      if (rank >= 0 && rank < 3) s.top3++;
      if (rank >= 0) s.rr += 1 / (rank + 1);
    }
    if (rank < 0 || rank >= 3) misses.push(`  ${query.kind}: "${query.q}" -> [${ids.slice(0, 3).map(describeId).join(' | ')}]; expected ${query.expect.slice(0, 2).map(describeId).join(' | ')}`);
    byKind.set(query.kind, k);
  }
  const pct = (a: number, b: number) => `${((100 * a) / Math.max(1, b)).toFixed(1)} %`.padStart(7);
  const row = (name: string, s: Score) => `  ${name.padEnd(18)} ${String(s.n).padStart(4)} queries  top-1 ${pct(s.top1, s.n)}  top-3 ${pct(s.top3, s.n)}  MRR ${(s.rr / Math.max(1, s.n)).toFixed(3)}`;
  const lines = [title, ...[...byKind].sort(([a], [b]) => a.localeCompare(b)).map(([kind, s]) => row(kind, s)), row('all', total), ...(misses.length ? ['misses:', ...misses] : [])];
  return { total, lines };
}
