import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { refreshSearchDocuments } from '../apps/server/src/modules/catalog/search-documents.ts';
import {
  CATEGORY_TREE,
  FAMILY_NAMES,
  FAMOUS_TITLES,
  GIVEN_NAMES,
  GRANDCHILDREN,
  MIDDLE_NAMES,
  PUBLISHERS,
  SUPPLIERS,
  TITLE_WORDS,
} from './vocabulary.ts';

/**
 * Fills a PostgreSQL database with a large generated catalogue (default 1,000,000 books) for the benchmark.
 * Idempotent: a marker row records what was generated; the same request again reuses the data.
 * Everything is generated inside PostgreSQL (INSERT ... SELECT generate_series), with the secondary indexes
 * dropped during the load and rebuilt afterwards, which is several times faster than maintaining them per row.
 */

export interface GenerateOptions {
  adminUrl: string;
  databaseUrl: string;
  books: number;
  force?: boolean;
  log?: (line: string) => void;
}

const AUTHORS = 5000;
const GENERATOR_VERSION = '1';
const BATCH = 100_000;

const slugify = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await admin.query(`create database ${name}`);
    // As docs/performance.md advises for production ("Deployment notes"): catalogue queries are short, and JIT
    // only adds compile time to those crossing its cost threshold. Set on every run, so a database made by hand
    // or before this line is measured the same way.
    await admin.query(`alter database ${name} set jit = off`);
  } finally {
    await admin.end();
  }
}

export async function generateCatalogue(opts: GenerateOptions): Promise<{ generated: boolean; books: number }> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const dbName = new URL(opts.databaseUrl).pathname.slice(1);
  await ensureDatabase(opts.adminUrl, dbName);
  // Migrations first (also on reuse: the schema must match the code being measured).
  const database = await openDatabase({ url: opts.databaseUrl });
  const client = new pg.Client({ connectionString: opts.databaseUrl });
  await client.connect();
  try {
    await client.query('create table if not exists bench_meta (key text primary key, value text not null)');
    const marker = `${GENERATOR_VERSION}:${opts.books}`;
    const { rows } = await client.query<{ value: string }>(`select value from bench_meta where key = 'catalogue'`);
    if (!opts.force && rows[0]?.value === marker) {
      log(`bench data: reusing ${opts.books.toLocaleString('en')} books in ${dbName}`);
      return { generated: false, books: opts.books };
    }
    const started = Date.now();
    const step = async (label: string, fn: () => Promise<unknown>) => {
      const t0 = Date.now();
      await fn();
      log(`  ${label} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
    };
    log(`bench data: generating ${opts.books.toLocaleString('en')} books in ${dbName} (a few minutes, once)`);
    await client.query(`delete from bench_meta where key = 'catalogue'`);
    await client.query(`set maintenance_work_mem = '512MB'`);
    await client.query(`set work_mem = '64MB'`);

    await step('emptied the catalogue tables', () =>
      client.query(
        'truncate book_images, book_authors, book_categories, books, categories, authors, publishers, suppliers, search_words restart identity cascade',
      ),
    );

    // Secondary indexes of the bulk tables: remembered, dropped, rebuilt after the load.
    const { rows: indexes } = await client.query<{ indexname: string; indexdef: string }>(
      `select i.indexname, i.indexdef from pg_indexes i
       where i.schemaname = 'public' and i.tablename in ('books', 'book_authors', 'book_categories', 'book_images')
         and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    );
    await step(`dropped ${indexes.length} secondary indexes`, async () => {
      for (const ix of indexes) await client.query(`drop index ${ix.indexname}`);
    });

    await step('publishers, suppliers, authors, categories', async () => {
      await client.query(
        `insert into publishers (name, slug) select n, s from unnest($1::text[], $2::text[]) as t(n, s)`,
        [PUBLISHERS, PUBLISHERS.map(slugify)],
      );
      await client.query(
        `insert into suppliers (name, slug) select n, s from unnest($1::text[], $2::text[]) as t(n, s)`,
        [SUPPLIERS, SUPPLIERS.map(slugify)],
      );
      const names: string[] = [];
      for (let i = 0; i < AUTHORS; i++) {
        const family = FAMILY_NAMES[(i * 7) % FAMILY_NAMES.length]!;
        const middle = MIDDLE_NAMES[(i * 11 + Math.floor(i / 7)) % MIDDLE_NAMES.length]!;
        const given = GIVEN_NAMES[(i * 13 + Math.floor(i / 3)) % GIVEN_NAMES.length]!;
        names.push(`${family} ${middle} ${given}`);
      }
      await client.query(
        `insert into authors (name, slug) select n, s from unnest($1::text[], $2::text[]) as t(n, s)`,
        [names, names.map((n, i) => `${slugify(n)}-${i + 1}`)],
      );
      let order = 0;
      for (const [top, children] of CATEGORY_TREE) {
        const topSlug = slugify(top);
        const { rows: t } = await client.query<{ id: number }>(
          'insert into categories (name, slug, sort_order) values ($1, $2, $3) returning id',
          [top, topSlug, order++],
        );
        for (const [ci, child] of children.entries()) {
          const childSlug = `${topSlug}-${slugify(child)}`;
          const { rows: c } = await client.query<{ id: number }>(
            'insert into categories (name, slug, parent_id, sort_order) values ($1, $2, $3, $4) returning id',
            [child, childSlug, t[0]!.id, ci],
          );
          for (const [gi, grand] of GRANDCHILDREN.entries()) {
            await client.query('insert into categories (name, slug, parent_id, sort_order) values ($1, $2, $3, $4)', [
              `${child} - ${grand}`,
              `${childSlug}-${slugify(grand)}`,
              c[0]!.id,
              gi,
            ]);
          }
        }
      }
    });

    const { rows: leafRows } = await client.query<{ id: number }>(
      'select id from categories c where not exists (select 1 from categories k where k.parent_id = c.id) order by id',
    );
    const leaves = leafRows.map((r) => r.id);

    // Foreign keys are checked by triggers; this session skips them (the generated ids are consistent).
    await client.query(`set session_replication_role = replica`);
    for (let start = 1; start <= opts.books; start += BATCH) {
      const end = Math.min(opts.books, start + BATCH - 1);
      await step(`books ${start.toLocaleString('en')}-${end.toLocaleString('en')}`, async () => {
        await client.query(
          `insert into books (slug, title, sku, isbn13, description, price, sale_price, sale_start_at, sale_end_at, status,
             language, cover_type, age_rating, publication_year, page_count, weight_gram, width_cm, height_cm, thickness_cm,
             stock, sold, publisher_id, supplier_id, created_at, updated_at)
           select regexp_replace(f_search_norm(title), ' ', '-', 'g') || '-' || g, title, 'NS' || lpad(g::text, 8, '0'),
             '978' || lpad(g::text, 10, '0'), '<p>' || title || ': một cuốn sách hay.</p>',
             price, sale_price,
             case when sale_price is null then null when r2 < 0.05 then now() - interval '5 days'
                  when r2 < 0.065 then now() + interval '3 days' else now() - interval '20 days' end,
             case when sale_price is null then null when r2 < 0.05 then now() + interval '20 days'
                  when r2 < 0.065 then now() + interval '10 days' else now() - interval '2 days' end,
             case when r4 < 0.92 then 'ACTIVE' when r4 < 0.96 then 'OUT_OF_STOCK' when r4 < 0.98 then 'INACTIVE' else 'DRAFT' end,
             case when r5 < 0.85 then 'VI' when r5 < 0.93 then 'EN' when r5 < 0.95 then 'JA' when r5 < 0.97 then 'KO'
                  when r5 < 0.98 then 'ZH' when r5 < 0.99 then 'FR' else 'OTHER' end,
             case when g % 7 = 0 then 'HARDCOVER' else 'PAPERBACK' end,
             case when g % 20 < 12 then 'ALL' when g % 20 < 15 then '_6PLUS' when g % 20 < 17 then '_12PLUS'
                  when g % 20 < 19 then '_16PLUS' else '_18PLUS' end,
             1990 + g % 35, 80 + (g * 37) % 900, 150 + (g * 13) % 800, 13 + (g % 8), 19 + (g % 6), 0.5 + (g % 40) / 10.0,
             case when r4 >= 0.92 and r4 < 0.96 then 0 else (g * 31) % 200 end,
             floor(power(random(), 4) * 20000)::int,
             1 + (g * 7) % $3, 1 + (g * 11) % $4,
             now() - random() * interval '1100 days', now()
           from (
             select g, r2, r4, r5, title, price,
               case when r2 < 0.08 then (round(price * (0.6 + r3 * 0.3) / 1000) * 1000)::int end as sale_price
             from (
               select g, random() as r2, random() as r3, random() as r4, random() as r5,
                 ((30 + floor(random() * 470))::int * 1000) as price,
                 case when g % 997 = 0 then ($2::text[])[1 + (g / 997) % array_length($2::text[], 1)]
                      else array_to_string(array(
                        select ($1::text[])[1 + floor(random() * array_length($1::text[], 1))::int]
                        from generate_series(1, 2 + (g % 4))), ' ')
                 end as title
               from generate_series($5::int, $6::int) as g
             ) raw
           ) src`,
          [TITLE_WORDS, FAMOUS_TITLES, PUBLISHERS.length, SUPPLIERS.length, start, end],
        );
      });
    }

    await step('authors, categories and covers of the books', async () => {
      await client.query(
        `insert into book_authors (book_id, author_id, position) select g, 1 + (g::bigint * 7919) % $1, 0 from generate_series(1, $2::int) g`,
        [AUTHORS, opts.books],
      );
      await client.query(
        `insert into book_authors (book_id, author_id, position)
         select g, 1 + (g::bigint * 104729 + 13) % $1, 1 from generate_series(10, $2::int, 10) g
         where (g::bigint * 104729 + 13) % $1 <> (g::bigint * 7919) % $1`,
        [AUTHORS, opts.books],
      );
      await client.query(
        `insert into book_categories (book_id, category_id, position)
         select g, ($1::int[])[1 + ((g::bigint * 2654435761) % array_length($1::int[], 1))::int], 0 from generate_series(1, $2::int) g`,
        [leaves, opts.books],
      );
      await client.query(
        `insert into book_categories (book_id, category_id, position)
         select g, c, 1 from (
           select g, ($1::int[])[1 + ((g::bigint * 40503 + 7) % array_length($1::int[], 1))::int] as c,
                     ($1::int[])[1 + ((g::bigint * 2654435761) % array_length($1::int[], 1))::int] as first
           from generate_series(5, $2::int, 5) g) x
         where c <> first`,
        [leaves, opts.books],
      );
      await client.query(
        `insert into book_images (book_id, sort_order, url, thumb_url, medium_url, large_url, xlarge_url)
         select g, 0, '/media/books/bench-' || g % 40 || '-xlarge.webp', '/media/books/bench-' || g % 40 || '-thumb.webp',
                '/media/books/bench-' || g % 40 || '-medium.webp', '/media/books/bench-' || g % 40 || '-large.webp',
                '/media/books/bench-' || g % 40 || '-xlarge.webp'
         from generate_series(1, $1::int) g`,
        [opts.books],
      );
    });
    await client.query(`set session_replication_role = origin`);

    // Fresh statistics first: the planner of the refresh below must know the tables are big.
    await step('analyze', () => client.query('analyze books, book_authors, authors, publishers'));
    // The same function the seed and the admin use, over every book at once.
    await step('search documents (refreshSearchDocuments)', () => refreshSearchDocuments(database.db));

    await step(`rebuilt ${indexes.length} indexes`, async () => {
      for (const ix of indexes) await client.query(ix.indexdef);
    });
    await step('vacuum analyze', () => client.query('vacuum analyze books, book_search, book_authors, book_categories, book_images, categories, authors, publishers, suppliers, search_words'));
    await client.query(`insert into bench_meta (key, value) values ('catalogue', $1)`, [marker]);
    log(`bench data: done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    return { generated: true, books: opts.books };
  } finally {
    await client.end();
    await database.close();
  }
}
