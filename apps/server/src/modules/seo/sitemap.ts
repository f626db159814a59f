import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { CONTENT_PAGE_SLUGS, contentPagePath } from '@nhasach/shared';
import { queryRows, type Db } from '../../db/client.ts';
import { iso } from '../../lib/db-values.ts';
import { visibleSql } from '../catalog/index.ts';
import { escapeHtml } from './escape.ts';

/** The sitemaps protocol's limit of URLs per file (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;
/** Books read per query while a sitemap streams: memory stays flat whatever the catalogue's size. */
const BATCH = 5_000;

export interface SitemapUrl {
  path: string;
  lastmod?: string;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const urlXml = (origin: string, u: SitemapUrl) =>
  `<url><loc>${escapeHtml(`${origin}${u.path}`)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}</url>\n`;

/** The store's own pages (home, contact, the information pages) and every category: few, read at once. */
export async function pageUrls(db: Db): Promise<SitemapUrl[]> {
  const categories = await queryRows<{ slug: string }>(db, sql`select slug from categories order by sort_order, name, id`);
  return [
    { path: '/' },
    { path: '/lien-he' },
    ...CONTENT_PAGE_SLUGS.map((slug) => ({ path: contentPagePath(slug) })),
    ...categories.map((c) => ({ path: `/danh-muc/${encodeURIComponent(c.slug)}` })),
  ];
}

/**
 * Shopper-visible books with id >= fromId, in id order, at most `limit`, read by keyset in batches
 * (id > last seen, on the visible-id index): never an OFFSET, never the whole catalogue in memory.
 */
async function* bookUrls(db: Db, fromId: number, limit: number): AsyncGenerator<SitemapUrl> {
  let after = fromId - 1;
  let left = limit;
  while (left > 0) {
    const take = Math.min(BATCH, left);
    const rows = await queryRows<{ id: number; slug: string; updatedAt: Date | string }>(
      db,
      sql`select b.id, b.slug, b.updated_at as "updatedAt" from books b where ${visibleSql} and b.id > ${after} order by b.id limit ${take}`,
    );
    for (const r of rows) yield { path: `/books/${encodeURIComponent(r.slug)}`, lastmod: iso(r.updatedAt) };
    if (rows.length < take) return;
    after = rows[rows.length - 1]!.id;
    left -= rows.length;
  }
}

/** How many shopper-visible books there are, counting no further than `cap`. */
export async function countVisibleBooks(db: Db, cap: number): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(db, sql`select count(*) as n from (select 1 from books b where ${visibleSql} limit ${cap}) x`);
  return Number(row?.n ?? 0);
}

/**
 * The first id of each book sitemap: every `perFile`-th visible book by id. One pass over the visible-id index
 * (a million books: a few hundred milliseconds), cached by the caller.
 */
export async function bookFileStarts(db: Db, perFile: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from (select b.id, row_number() over (order by b.id) - 1 as n from books b where ${visibleSql}) x
      where n % ${perFile} = 0 order by id`,
  );
  return rows.map((r) => Number(r.id));
}

async function* urlsetXml(origin: string, parts: (Iterable<SitemapUrl> | AsyncIterable<SitemapUrl>)[]): AsyncGenerator<string> {
  yield `${XML_HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`;
  let chunk = '';
  for (const part of parts) {
    for await (const u of part) {
      chunk += urlXml(origin, u);
      if (chunk.length > 64 * 1024) {
        yield chunk;
        chunk = '';
      }
    }
  }
  yield `${chunk}</urlset>\n`;
}

/** One sitemap of the given pages followed by up to `bookLimit` books from the first one, as a stream. */
export function urlsetStream(db: Db, origin: string, pages: SitemapUrl[], fromBookId: number, bookLimit: number): Readable {
  return Readable.from(urlsetXml(origin, [pages, bookUrls(db, fromBookId, bookLimit)]));
}

/** The sitemap index naming every sitemap file. */
export function sitemapIndexXml(origin: string, files: string[]): string {
  return `${XML_HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files
    .map((f) => `<sitemap><loc>${escapeHtml(`${origin}${f}`)}</loc></sitemap>\n`)
    .join('')}</sitemapindex>\n`;
}
