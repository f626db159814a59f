import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cleanSearchText } from '@nhasach/shared';
import { isDatabaseUnavailable } from '../../lib/unavailable.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { compileShell, type PageHead } from './head.ts';
import { categoryHead, homeHead, productHead, searchHead, unavailableHead, type PageContext } from './pages.ts';
import { robotsTxt } from './robots.ts';
import { loadAppRenderer } from './render-app.ts';
import { bootFile, routeChunks, type RoutePage } from './route-chunks.ts';
import { bookFileStarts, countVisibleBooks, pageUrls, SITEMAP_MAX_URLS, sitemapIndexXml, urlsetStream } from './sitemap.ts';

export interface SitemapOptions {
  /** URLs per sitemap file; the protocol's 50,000 unless a test wants small files. */
  maxUrls?: number;
}

const SITEMAP_TTL_MS = 10 * 60_000;
const BOOK_FILE = /^books-(\d{1,10})\.xml$/;
const PAGES_FILE = /^pages-(\d{1,6})\.xml$/;

/** /robots.txt and the sitemaps: /sitemap.xml (one sitemap, or an index past maxUrls URLs) and /sitemaps/*.xml. */
export async function sitemapRoutes(app: FastifyInstance, opts: SitemapOptions = {}): Promise<void> {
  const origin = app.config.PUBLIC_URL;
  const maxUrls = opts.maxUrls ?? SITEMAP_MAX_URLS;
  const starts = new TtlCache<number[]>(SITEMAP_TTL_MS, 1);
  const xml = (reply: FastifyReply) => reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600');

  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robotsTxt(origin)),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const pages = await pageUrls(app.db);
    const books = await countVisibleBooks(app.db, maxUrls + 1);
    if (pages.length + books <= maxUrls) return xml(reply).send(urlsetStream(app.db, origin, pages, 0, maxUrls));
    const bookStarts = await starts.get('starts', () => bookFileStarts(app.db, maxUrls));
    const pageFiles = Array.from({ length: Math.ceil(pages.length / maxUrls) }, (_, i) => `/sitemaps/pages-${i}.xml`);
    return xml(reply).send(sitemapIndexXml(origin, [...pageFiles, ...bookStarts.map((id) => `/sitemaps/books-${id}.xml`)]));
  });

  // Book files are named by their first book id: a file's content does not shift when books are added at the end.
  app.get<{ Params: { file: string } }>('/sitemaps/:file', { schema: { hide: true } }, async (request, reply) => {
    const { file } = request.params;
    const pagesFile = PAGES_FILE.exec(file);
    if (pagesFile) {
      const from = Number(pagesFile[1]) * maxUrls;
      const pages = (await pageUrls(app.db)).slice(from, from + maxUrls);
      if (pages.length === 0) return reply.callNotFound();
      return xml(reply).send(urlsetStream(app.db, origin, pages, 0, 0));
    }
    const booksFile = BOOK_FILE.exec(file);
    if (!booksFile) return reply.callNotFound();
    return xml(reply).send(urlsetStream(app.db, origin, [], Number(booksFile[1]), maxUrls));
  });
}

export interface SeoPagesOptions {
  /** The built web app (index.html). */
  webDist: string;
}

/** Query strings of page URLs are not an API's input: stray control characters are dropped, never refused. */
async function cleanQuery(request: FastifyRequest): Promise<void> {
  const query = request.query as Record<string, unknown>;
  for (const [key, value] of Object.entries(query)) {
    if (typeof value === 'string') query[key] = cleanSearchText(value);
    else if (Array.isArray(value)) query[key] = value.map((v) => (typeof v === 'string' ? cleanSearchText(v) : v));
  }
}

/**
 * The store's public pages answered with their own head (title, description, canonical, Open Graph, JSON-LD)
 * written into the built index.html, so crawlers and link previews see the page without running the app.
 * The app itself starts as before; unknown books and categories answer 404 with the same shell.
 */
export async function seoPages(app: FastifyInstance, opts: SeoPagesOptions): Promise<void> {
  const render = compileShell(readFileSync(path.join(opts.webDist, 'index.html'), 'utf8'), bootFile(opts.webDist));
  const chunks = routeChunks(opts.webDist);
  const renderApp = await loadAppRenderer(opts.webDist);
  const ctx: PageContext = { app, origin: app.config.PUBLIC_URL };

  /** The page as a guest sees it, rendered by the web app itself; on any failure the browser renders it. */
  const appHtml = async (request: FastifyRequest, head: PageHead): Promise<string | undefined> => {
    if (!renderApp || head.status !== 200) return undefined;
    try {
      return (await renderApp(new URL(request.url, ctx.origin).href, head.data ?? {})) ?? undefined;
    } catch (err) {
      request.log.error({ err }, 'server render of the page failed');
      return undefined;
    }
  };

  const send = async (request: FastifyRequest, reply: FastifyReply, build: () => Promise<PageHead> | PageHead, page?: RoutePage) => {
    let head: PageHead;
    try {
      head = await build();
    } catch (err) {
      if (isDatabaseUnavailable(err)) request.log.warn({ err }, 'page head without the catalogue: database unavailable');
      else request.log.error({ err }, 'page head failed');
      head = { ...unavailableHead(), status: isDatabaseUnavailable(err) ? 503 : 500 };
    }
    if (head.status === 503) reply.header('retry-after', '1');
    if (page && head.status === 200) head = { ...head, modulePreload: chunks[page] };
    return reply.status(head.status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(render(head, await appHtml(request, head)));
  };
  const route = { schema: { hide: true }, onRequest: cleanQuery };

  app.get('/', route, (request, reply) => send(request, reply, () => homeHead(ctx), 'home'));
  app.get<{ Params: { slug: string } }>('/books/:slug', route, (request, reply) => send(request, reply, () => productHead(ctx, request.params.slug), 'product'));
  app.get<{ Params: { catSlug: string; slug: string } }>('/danh-muc/:catSlug/:slug', route, (request, reply) =>
    send(request, reply, () => productHead(ctx, request.params.slug), 'product'),
  );
  // The list pages read the query as the web app does (URLSearchParams of the address as the browser has it).
  const queryOf = (request: FastifyRequest) => new URL(request.url, 'http://page.invalid').searchParams;
  app.get<{ Params: { catSlug: string } }>('/danh-muc/:catSlug', route, (request, reply) =>
    send(request, reply, () => categoryHead(ctx, request.params.catSlug, queryOf(request)), 'category'),
  );
  app.get('/search', route, (request, reply) => send(request, reply, () => searchHead(ctx, queryOf(request)), 'search'));
}
