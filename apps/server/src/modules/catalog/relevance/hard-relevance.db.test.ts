import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../db/client.ts';
import { authors, bookAuthors, books } from '../../../db/schema/index.ts';
import { seedDemoCatalog } from '../../../db/seed/catalog.ts';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { refreshSearchDocuments } from '../search-documents.ts';
import { databaseStrategy, memoryStrategy, rankedSearch } from '../search-engine.ts';
import { SearchIndexFeed } from '../search-index-loader.ts';
import { SearchWords } from '../search-words.ts';
import { hardCatalogue, hardQueries, scoreReport, type HardQuery } from '../../../../test/relevance/hard-set.ts';

/**
 * The harder relevance set on a smaller sample, through both strategies on a real database: the demo catalogue
 * (seeded) with GENERATED generated books written as the benchmark writes them, a sample of the queries. The
 * PostgreSQL strategy is held to the same floor as the index in memory, and both put the same book first.
 */
// Embedded PGlite (no TEST_DATABASE_URL) is several times slower: a smaller sample there.
const onPostgres = !!process.env.TEST_DATABASE_URL;
const GENERATED = onPostgres ? 2_000 : 1_000;
const SAMPLE_EVERY = onPostgres ? 6 : 10;
const MIN_TOP3 = 0.97;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEARCH_INDEX: 'false' });
  await seedDemoCatalog(t.app);
  const generated = hardCatalogue(GENERATED).filter((b) => b.generated);
  const names = [...new Set(generated.flatMap((b) => b.authors))];
  const authorIds = new Map<string, number>();
  for (let i = 0; i < names.length; i += 500) {
    const rows = await t.app.db
      .insert(authors)
      .values(names.slice(i, i + 500).map((name, k) => ({ name, slug: `gen-author-${i + k}` })))
      .returning({ id: authors.id, name: authors.name });
    for (const r of rows) authorIds.set(r.name, r.id);
  }
  const ids: number[] = [];
  for (let i = 0; i < generated.length; i += 500) {
    const batch = generated.slice(i, i + 500);
    const rows = await t.app.db
      .insert(books)
      .values(batch.map((b) => ({ slug: b.slug, title: b.title, isbn13: b.isbn13, description: b.description, price: 100_000, sold: b.sold, status: b.visible ? ('ACTIVE' as const) : ('INACTIVE' as const), stock: 5 })))
      .returning({ id: books.id });
    await t.app.db.insert(bookAuthors).values(batch.flatMap((b, k) => b.authors.map((a, position) => ({ bookId: rows[k]!.id, authorId: authorIds.get(a)!, position }))));
    ids.push(...rows.map((r) => r.id));
  }
  await refreshSearchDocuments(t.app.db, ids);
}, 300_000);
afterAll(async () => {
  await t?.close();
});

describe('harder relevance set, a sample on the database', () => {
  it(`PostgreSQL and the index in memory both reach ${MIN_TOP3 * 100} % top-3 and put the same book first`, async () => {
    // The set's own ids are positions in the catalogue: compare by slug.
    const catalogue = hardCatalogue(GENERATED);
    const slugOf = new Map(catalogue.map((b) => [b.id, b.slug]));
    const words = new SearchWords(t.app.db);
    const dict = await words.dictionary();
    const queries = hardQueries(catalogue, dict.words).filter((_, i) => i % SAMPLE_EVERY === 0);
    expect(queries.length).toBeGreaterThanOrEqual(90);
    const rows = await queryRows<{ id: number; slug: string }>(t.app.db, sql`select id, slug from books`);
    const dbSlug = new Map(rows.map((r) => [r.id, r.slug]));
    const bySlug = new Map(catalogue.map((b) => [b.slug, b.id]));
    const toSetIds = (dbIds: number[]) => dbIds.map((id) => bySlug.get(dbSlug.get(id) ?? '') ?? -id);

    const index = await new SearchIndexFeed(t.app.db).current();
    expect(index).toBeDefined();
    const strategies = { database: databaseStrategy(t.app.db, { visibleOnly: true }, words, new Date()), memory: memoryStrategy(index!) };
    const results = { database: [] as { query: HardQuery; ids: number[] }[], memory: [] as { query: HardQuery; ids: number[] }[] };
    let sameFirst = 0;
    for (const query of queries) {
      const [db, mem] = await Promise.all(
        (['database', 'memory'] as const).map(async (s) => toSetIds((await rankedSearch(strategies[s], () => words.dictionary(), query.q)).ranked.slice(0, 10).map((c) => c.id))),
      );
      results.database.push({ query, ids: db! });
      results.memory.push({ query, ids: mem! });
      if (db![0] === mem![0]) sameFirst++;
    }
    const describeId = (id: number) => slugOf.get(id) ?? String(id);
    const a = scoreReport(`harder set on ${t.databaseUrl ? 'PostgreSQL' : 'PGlite'} (${queries.length} queries, demo + ${GENERATED} generated): database strategy`, results.database, describeId);
    const b = scoreReport('same sample, index in memory fed from that database', results.memory, describeId);
    console.log([...a.lines, ...b.lines, `same first book: ${sameFirst}/${queries.length}`].join('\n'));
    expect(a.total.top3 / a.total.n).toBeGreaterThanOrEqual(MIN_TOP3);
    expect(b.total.top3 / b.total.n).toBeGreaterThanOrEqual(MIN_TOP3);
    expect(sameFirst / queries.length).toBeGreaterThanOrEqual(0.97);
  }, 300_000);
});
