import { random } from './search-terms.ts';

/**
 * Category and catalogue listings as shoppers click them: every category (top levels, their children and
 * grandchildren, so parents with many descendants too) or the whole catalogue, with the filters of the listing
 * page (price ranges, language, publisher and supplier, alone and combined), every sort, the page sizes of the
 * web app, and pages drawn as shoppers page: most on the first pages, a long tail down to page 200, and some
 * last pages (`last` here, replaced by the real last page once the server answers: lastPagePaths). Deterministic
 * (seeded) and distinct.
 */
export interface ListingSources {
  categories: string[];
  publishers: string[];
  suppliers: string[];
}

const SORTS: [string, number][] = [
  ['NEWEST', 0.4],
  ['BEST', 0.25],
  ['PRICE_ASC', 0.2],
  ['PRICE_DESC', 0.15],
];
const PRICE_RANGES = ['priceMax=100000', 'priceMin=100000&priceMax=200000', 'priceMin=50000&priceMax=300000', 'priceMin=200000&priceMax=500000', 'priceMin=300000'];
const LANGUAGES = ['VI', 'EN', 'JA'];
const SIZES: [number, number][] = [
  [24, 0.6],
  [12, 0.25],
  [36, 0.15],
];

const pick = <T>(rnd: () => number, list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
function weighted<T>(rnd: () => number, list: readonly [T, number][]): T {
  let r = rnd();
  for (const [v, w] of list) {
    if ((r -= w) < 0) return v;
  }
  return list[list.length - 1]![0];
}

/** Page numbers as shoppers reach them: 0 for most, then 1, 2-4, a long tail to 200, and 5 % the last page. */
function page(rnd: () => number): number | 'last' {
  const r = rnd();
  if (r < 0.55) return 0;
  if (r < 0.7) return 1;
  if (r < 0.82) return 2 + Math.floor(rnd() * 3);
  if (r < 0.95) return Math.min(200, Math.floor(5 * Math.pow(40, rnd())));
  return 'last';
}

export function listingPaths(src: ListingSources, count: number, seed = 32): string[] {
  const rnd = random(seed);
  const seen = new Set<string>();
  const out: string[] = [];
  for (let tries = 0; out.length < count && tries < count * 20; tries++) {
    const params: string[] = [];
    if (rnd() < 0.85) params.push(`category=${pick(rnd, src.categories)}`);
    if (rnd() < 0.35) params.push(pick(rnd, PRICE_RANGES));
    if (rnd() < 0.15) params.push(`language=${pick(rnd, LANGUAGES)}`);
    if (rnd() < 0.12) params.push(`publisher=${pick(rnd, src.publishers)}`);
    if (rnd() < 0.08) params.push(`supplier=${pick(rnd, src.suppliers)}`);
    params.push(`sort=${weighted(rnd, SORTS)}`, `size=${weighted(rnd, SIZES)}`, `page=${page(rnd)}`);
    const path = `/api/v1/books/catalog?${params.join('&')}`;
    if (seen.has(path)) continue;
    seen.add(path);
    out.push(path);
  }
  return out;
}

/**
 * The paths with `page=last` get the real last page: the first page of the same listing is asked once (as the
 * shopper who clicks the last page number saw it first), its totalPages read.
 */
export async function lastPagePaths(url: string, paths: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const p of paths) {
    if (!p.endsWith('page=last')) {
      out.push(p);
      continue;
    }
    const first = p.replace(/page=last$/, 'page=0');
    const res = await fetch(url + first);
    const body = (await res.json()) as { data?: { totalPages?: number } };
    const last = Math.max(0, (body.data?.totalPages ?? 1) - 1);
    out.push(p.replace(/page=last$/, `page=${last}`));
  }
  return out;
}
