import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bookListQuerySchema,
  bookShelfQuerySchema,
  catalogQuerySchema,
  cleanSearchText,
  homeQuerySchema,
  isDecimalId,
  searchQuerySchema,
  suggestQuerySchema,
  text,
} from '@nhasach/shared';
import { notFound } from '../../lib/errors.ts';
import { optionalAuth } from '../../lib/guards.ts';
import { listRefs } from './repo.ts';
import type { CatalogService } from './service.ts';
import { CATALOG_CHANNEL, WORDS_CHANGED } from './cache-bus.ts';

const idParams = z.object({ id: text('id').max(20) });
const slugParams = z.object({ slug: text('slug').max(200) });

/**
 * Search terms are what shoppers type or paste: control characters and lone surrogates are made harmless before
 * the app's strict-text check (which would refuse them), so such a term gets a normal answer, never an error.
 */
async function cleanSearchTerm(request: FastifyRequest): Promise<void> {
  const query = request.query as Record<string, unknown>;
  if (typeof query.q === 'string') query.q = cleanSearchText(query.q);
  else if (Array.isArray(query.q)) query.q = query.q.map((v) => (typeof v === 'string' ? cleanSearchText(v) : v));
}

/** Anything but an id names no book: 404 like an unknown id (the product page links by id or slug). */
function bookIdOf(id: string): number {
  if (!isDecimalId(id)) throw notFound('Không tìm thấy sách.');
  return Number(id);
}

/**
 * Keeps the catalogue service's caches in step with every instance: changes announced by any instance (this one
 * too) drop them within milliseconds; while the listen connection is down the caches fall back to their time to
 * live, and are dropped when it is back.
 */
export async function catalogPlugin(app: FastifyInstance, { catalog }: { catalog: CatalogService }): Promise<void> {
  await app.database.listen(CATALOG_CHANNEL, (payload) => catalog.forget(payload === WORDS_CHANGED));
  app.database.onReconnect(() => catalog.forget(true));
  // In production the index is built at start (seconds at a million books; the database answers meanwhile);
  // elsewhere at the first search, so tests that write books before searching read them. A real shop's server
  // (no demo data) starts it here: the build's worker thread runs on the other core while the rest of the app
  // registers. With the demo data on, once the server is ready: after the seed, which would otherwise come
  // through the feed as changes.
  if (app.config.isProduction && !app.config.SEED_DEMO) catalog.preloadSearchIndex();
  else if (app.config.isProduction) app.addHook('onReady', async () => catalog.preloadSearchIndex());
}

/** Spec section 7, Catalogue. Registered under /api/v1. */
export async function catalogRoutes(app: FastifyInstance, { catalog: service }: { catalog: CatalogService }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['catalogue'];

  r.get('/categories/tree', { schema: { tags, summary: 'Category tree (any depth)' } }, () => service.categoryTree());
  r.get('/categories/flat', { schema: { tags, summary: 'All categories in tree order, with parentId, leaf, depth' } }, () =>
    service.categoryFlat(),
  );
  for (const kind of ['publishers', 'suppliers'] as const) {
    r.get(`/${kind}`, { schema: { tags, summary: `All ${kind} (id, name, slug) for the listing filters` } }, () => listRefs(app.db, kind));
  }
  r.get('/categories/flat/leaf', { schema: { tags, summary: 'Leaf categories only' } }, () => service.categoryFlat(true));

  r.get(
    '/books/catalog',
    { schema: { tags, summary: 'Storefront listing with filters and sort', querystring: catalogQuerySchema } },
    (request) => service.catalog(request.query),
  );
  r.get(
    '/books/search',
    { schema: { tags, summary: 'Vietnamese search, with or without diacritics, typo-tolerant', querystring: searchQuerySchema }, onRequest: cleanSearchTerm },
    (request) => service.search(request.query),
  );
  r.get(
    '/books/suggest',
    {
      schema: {
        tags,
        summary: 'Suggestions as the shopper types: up to 6 books, 3 authors and 3 categories with a word starting with q',
        description:
          'q is matched with or without diacritics; fewer than 2 letters or digits give empty lists. Books: id, title, slug, thumbnail, price, effectivePrice.',
        querystring: suggestQuerySchema,
      },
      onRequest: cleanSearchTerm,
    },
    (request) => service.suggest(request.query),
  );
  r.get(
    '/books/home',
    { schema: { tags, summary: 'Home page: featured sale, newest, best sellers, per category', querystring: homeQuerySchema } },
    (request) => service.home(request.query),
  );
  r.get(
    '/books',
    {
      schema: { tags, summary: 'Plain list (staff: every status; q searches)', querystring: bookListQuerySchema },
      preHandler: optionalAuth,
    },
    (request) => service.list(request.query, request.authUser),
  );
  r.get(
    '/books/slug/:slug',
    { schema: { tags, summary: 'Book detail by slug', params: slugParams }, preHandler: optionalAuth },
    (request) => service.book({ slug: request.params.slug }, request.authUser),
  );
  r.get(
    '/books/:id/related',
    {
      schema: {
        tags,
        summary: 'Related books: same author first, then same categories, best sellers first (the book and hidden books excluded)',
        params: idParams,
        querystring: bookShelfQuerySchema,
      },
    },
    (request) => service.related(bookIdOf(request.params.id), request.query.limit),
  );
  r.get('/books/:id', { schema: { tags, summary: 'Book detail by id', params: idParams }, preHandler: optionalAuth }, (request) => {
    return service.book({ id: bookIdOf(request.params.id) }, request.authUser);
  });
}
