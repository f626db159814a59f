import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookCardDto, PageResult } from '@nhasach/shared';
import { seedDemoCatalog } from '../../../db/seed/catalog.ts';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';

/**
 * Relevance of the search on the demo catalogue: each query of queries.json names the books of which one must be
 * among the first three results (kinds: titles as written, without diacritics, with one typo, cut short, in
 * another word order, ISBNs with hyphens, authors, family names alone, publishers, mixed case, title + author).
 * The suite fails below MIN_TOP3; the score is printed on every run.
 */
interface RelevanceQuery {
  q: string;
  expect: string[];
  kind: string;
}
const QUERIES = JSON.parse(readFileSync(new URL('./queries.json', import.meta.url), 'utf8')) as RelevanceQuery[];
const MIN_TOP3 = 0.95;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoCatalog(t.app);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function topSlugs(q: string): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/books/search?q=${encodeURIComponent(q)}&page=0&size=10` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: PageResult<BookCardDto> }).data.content.map((c) => c.slug);
}

describe('search relevance on the demo catalogue', () => {
  it(`puts an expected book in the top 3 for at least ${MIN_TOP3 * 100} % of ${QUERIES.length} queries`, async () => {
    expect(QUERIES.length).toBeGreaterThanOrEqual(150);
    const byKind = new Map<string, { n: number; top1: number; top3: number }>();
    const misses: string[] = [];
    let top1 = 0;
    let top3 = 0;
    for (const query of QUERIES) {
      const slugs = await topSlugs(query.q);
      const k = byKind.get(query.kind) ?? { n: 0, top1: 0, top3: 0 };
      k.n++;
      if (slugs[0] !== undefined && query.expect.includes(slugs[0])) {
        top1++;
        k.top1++;
      }
      if (slugs.slice(0, 3).some((s) => query.expect.includes(s))) {
        top3++;
        k.top3++;
      } else {
        misses.push(`  ${query.kind}: "${query.q}" -> [${slugs.slice(0, 3).join(', ')}], expected one of [${query.expect.slice(0, 3).join(', ')}${query.expect.length > 3 ? ', …' : ''}]`);
      }
      byKind.set(query.kind, k);
    }
    const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(1)} %`;
    const lines = [
      `search relevance: top-3 ${pct(top3, QUERIES.length)} (${top3}/${QUERIES.length}), first ${pct(top1, QUERIES.length)}`,
      ...[...byKind].map(([kind, k]) => `  ${kind.padEnd(14)} ${String(k.n).padStart(3)} queries  top-3 ${pct(k.top3, k.n).padStart(7)}  first ${pct(k.top1, k.n).padStart(7)}`),
      ...(misses.length ? ['misses:', ...misses] : []),
    ];
    console.log(lines.join('\n'));
    expect(top3 / QUERIES.length).toBeGreaterThanOrEqual(MIN_TOP3);
  }, 120_000);
});
