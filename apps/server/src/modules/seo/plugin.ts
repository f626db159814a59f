import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cleanSearchText } from '@nhasach/shared';
import { isDatabaseUnavailable } from '../../lib/unavailable.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { compileShell, unavailableHead, type PageHead } from './head.ts';
import { robotsTxt } from './robots.ts';
import { PAGE_SESSION_COOKIE } from '../auth/index.ts';
import { builtRenderer, loadAppRenderer, type AppRenderer, type RendererSource } from './render-app.ts';
import { bootFile, routeChunks } from './route-chunks.ts';
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
  /** The web app's server render; by default the one built beside webDist (tests give the source). */
  renderer?: RendererSource;
}

/**
 * Query strings of page URLs are not an API's input: stray control characters are dropped, never refused (the
 * parsed query, which the server's input check reads, and the URL the app's routes read).
 */
async function cleanQuery(request: FastifyRequest): Promise<void> {
  const query = request.query as Record<string, unknown>;
  for (const [key, value] of Object.entries(query)) {
    if (typeof value === 'string') query[key] = cleanSearchText(value);
    else if (Array.isArray(value)) query[key] = value.map((v) => (typeof v === 'string' ? cleanSearchText(v) : v));
  }
}

function cleanPageUrl(url: URL): URL {
  const params = [...url.searchParams];
  if (params.every(([, value]) => cleanSearchText(value) === value)) return url;
  url.search = new URLSearchParams(params.map(([key, value]): [string, string] => [key, cleanSearchText(value)])).toString();
  return url;
}

/**
 * Every page address (GET outside /api) answered by the web app's own routes, rendered on the server: the routes'
 * loaders fill the page's data and head (title, description, canonical, Open Graph, JSON-LD), which go into the
 * built index.html with the app's HTML, so crawlers, link previews and phones see the page before any script
 * runs. The status is the route's (404 for an address or a book that does not exist). Pages the routes do not
 * render (the shopper's own pages, the sign-in forms) go out as the bare shell.
 */
export async function seoPages(app: FastifyInstance, opts: SeoPagesOptions): Promise<void> {
  const render = compileShell(readFileSync(path.join(opts.webDist, 'index.html'), 'utf8'), bootFile(opts.webDist));
  const chunksOf = routeChunks(opts.webDist);
  const source = opts.renderer ?? builtRenderer(opts.webDist);
  const renderer = source ? await loadAppRenderer(app, source) : undefined;
  const origin = app.config.PUBLIC_URL;

  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    if (/^\/api(?:[/?]|$)/.test(request.url)) return reply.callNotFound();
    if (!renderer) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    let rendered: Awaited<ReturnType<AppRenderer['renderPage']>>;
    try {
      const pageCookie = request.cookies[PAGE_SESSION_COOKIE];
      rendered = await renderer.renderPage(cleanPageUrl(new URL(request.url, `${origin}/`)).href, pageCookie ? { accessToken: pageCookie } : undefined);
    } catch (err) {
      if (isDatabaseUnavailable(err)) request.log.warn({ err }, 'page without the catalogue: database unavailable');
      else request.log.error({ err }, 'page render failed');
      rendered = { status: isDatabaseUnavailable(err) ? 503 : 500, sources: [], withSession: false };
    }
    if (rendered.location) return reply.redirect(rendered.location, rendered.status);
    if (rendered.status >= 500) reply.header('retry-after', '1');
    const head: PageHead = rendered.head
      ? { ...rendered.head, status: rendered.status, data: rendered.data, modulePreload: rendered.html ? chunksOf(rendered.sources) : undefined }
      : { ...unavailableHead, status: rendered.status };
    if (!rendered.head && rendered.status === 200) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    // A page with a shopper's data is theirs alone: no shared cache keeps it, the browser does not store it.
    const cacheControl = rendered.withSession && rendered.head ? 'private, no-store' : 'no-cache';
    return reply.status(head.status).type('text/html; charset=utf-8').header('cache-control', cacheControl).send(render(head, rendered.html));
  };
  const route = { schema: { hide: true }, onRequest: cleanQuery };
  app.get('/', route, page);
  app.get('/*', route, page);
}
