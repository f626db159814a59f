import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookListQuerySchema, catalogQuerySchema, homeQuerySchema, searchQuerySchema, suggestQuerySchema } from '@nhasach/shared';
import { notFound } from '../../lib/errors.ts';
import { optionalAuth } from '../../lib/guards.ts';
import { listRefs } from './repo.ts';
import { createCatalogService, type CatalogService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The catalogue service of this app (its caches included); other modules may read books through it. */
    catalog: CatalogService;
  }
}

const idParams = z.object({ id: z.string().max(20) });
const slugParams = z.object({ slug: z.string().max(200) });

/** Decorates the app with `catalog` (the service); fastify-plugin makes it visible to every module. */
export const catalogPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('catalog', createCatalogService(app.db, { searchCache: app.config.SEARCH_CACHE }));
  },
  { name: 'catalog' },
);

/** Spec section 7, Catalogue. Registered under /api/v1 after catalogPlugin. */
export async function catalogRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = app.catalog;
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
    { schema: { tags, summary: 'Vietnamese search, with or without diacritics, typo-tolerant', querystring: searchQuerySchema } },
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
  r.get('/books/:id', { schema: { tags, summary: 'Book detail by id', params: idParams }, preHandler: optionalAuth }, (request) => {
    const { id } = request.params;
    // Anything but a positive id names no book: 404 like an unknown id.
    if (!/^\d{1,9}$/.test(id) || Number(id) === 0) throw notFound('Không tìm thấy sách.');
    return service.book({ id: Number(id) }, request.authUser);
  });
}
