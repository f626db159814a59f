import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MASTER_KINDS,
  adminBookListQuerySchema,
  bookCreateSchema,
  bookUpdateSchema,
  categoryCreateSchema,
  categoryUpdateSchema,
  imageOrderSchema,
  masterCreateSchema,
  masterListQuerySchema,
  masterUpdateSchema,
  idParams as sharedIdParams,
} from '@nhasach/shared';
import { envelope } from '../../../lib/envelope.ts';
import { currentUser, requireRoles } from '../../../lib/guards.ts';
import { removeBookImage, reorderBookImages } from './book-images.ts';
import { BOOK_DELETE_MESSAGES, createBook, deleteBook, getAdminBook, listAdminBooks, updateBook } from './books.ts';
import { CATEGORY_MESSAGES, createCategory, deleteCategory, listAdminCategories, updateCategory } from './categories.ts';
import type { CatalogAdminOptions } from './context.ts';
import { createMaster, deleteMaster, getMaster, listAllMasters, listMasters, updateMaster } from './masters.ts';

const idParams = sharedIdParams('id');
const imageParams = sharedIdParams('id', 'imageId');

/**
 * The catalogue back-office under /api/v1 (spec section 7, Admin catalogue): books and their images, categories,
 * authors, publishers and suppliers. Every route is ADMIN only:
 * the role is checked on request (before the body is read), so a guest gets 401 and a SALE or customer 403
 * whatever they sent.
 */
export async function catalogAdminRoutes(app: FastifyInstance, opts: CatalogAdminOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = { ...opts, db: app.db };
  const security = [{ bearerAuth: [] }];
  app.addHook('onRequest', requireRoles('ADMIN'));

  // ---- books
  const books = { tags: ['admin: books'], security };
  r.get('/admin/books', { schema: { ...books, summary: 'Books of every status; q on title, ISBN, SKU; newest first', querystring: adminBookListQuerySchema } }, (req) =>
    listAdminBooks(app.db, req.query),
  );
  r.get('/admin/books/:id', { schema: { ...books, summary: 'A book (any status) for the edit form', params: idParams } }, (req) =>
    getAdminBook(ctx, currentUser(req), req.params.id),
  );
  r.post('/admin/books', { schema: { ...books, summary: 'Create a book', body: bookCreateSchema } }, async (req, reply) => {
    reply.status(201);
    return envelope(201, await createBook(ctx, currentUser(req), req.body), 'Tạo sách thành công');
  });
  r.put('/admin/books/:id', { schema: { ...books, summary: 'Edit a book (fields given change)', params: idParams, body: bookUpdateSchema } }, async (req) =>
    envelope(200, await updateBook(ctx, currentUser(req), req.params.id, req.body), 'Cập nhật sách thành công'),
  );
  r.delete('/admin/books/:id', { schema: { ...books, summary: 'Delete a book (an ordered one is set INACTIVE)', params: idParams } }, async (req) => {
    const result = await deleteBook(ctx, currentUser(req), req.params.id);
    return envelope(200, result, result.deleted ? BOOK_DELETE_MESSAGES.deleted : BOOK_DELETE_MESSAGES.deactivated);
  });
  r.put(
    '/admin/books/:id/images/order',
    { schema: { ...books, summary: 'Reorder the images of a book (the first is the cover)', params: idParams, body: imageOrderSchema } },
    async (req) => envelope(200, await reorderBookImages(ctx, currentUser(req), req.params.id, req.body.imageIds), 'Đã sắp xếp lại ảnh'),
  );
  r.delete('/admin/books/:id/images/:imageId', { schema: { ...books, summary: 'Remove an image of a book', params: imageParams } }, async (req) =>
    envelope(200, await removeBookImage(ctx, currentUser(req), req.params.id, req.params.imageId), 'Đã xoá ảnh'),
  );

  // ---- categories
  const cats = { tags: ['admin: categories'], security };
  r.get('/admin/categories', { schema: { ...cats, summary: 'Flat list in tree order with book and child counts' } }, () => listAdminCategories(ctx));
  r.post('/admin/categories', { schema: { ...cats, summary: 'Create a category', body: categoryCreateSchema } }, async (req, reply) => {
    reply.status(201);
    return envelope(201, await createCategory(ctx, currentUser(req), req.body), 'Tạo danh mục thành công');
  });
  r.put('/admin/categories/:id', { schema: { ...cats, summary: 'Rename, re-slug or move a category', params: idParams, body: categoryUpdateSchema } }, async (req) =>
    envelope(200, await updateCategory(ctx, currentUser(req), req.params.id, req.body), 'Cập nhật danh mục thành công'),
  );
  r.delete('/admin/categories/:id', { schema: { ...cats, summary: 'Delete a category nothing uses', params: idParams } }, async (req) =>
    envelope(200, await deleteCategory(ctx, currentUser(req), req.params.id), CATEGORY_MESSAGES.deleted),
  );

  // ---- authors, publishers, suppliers
  for (const kind of MASTER_KINDS) {
    const tags = { tags: ['admin: master data'], security };
    r.get(
      `/admin/${kind}`,
      { schema: { ...tags, summary: `List ${kind}: a page with book counts (page, size), or every one as an array when neither is sent`, querystring: masterListQuerySchema } },
      (req) => {
        const sent = new URL(req.url, 'http://host').searchParams;
        return sent.has('page') || sent.has('size') ? listMasters(app.db, kind, req.query) : listAllMasters(app.db, kind, req.query.q);
      },
    );
    r.get(`/admin/${kind}/:id`, { schema: { ...tags, summary: `One of the ${kind}`, params: idParams } }, (req) => getMaster(app.db, kind, req.params.id));
    r.post(`/admin/${kind}`, { schema: { ...tags, summary: `Create one of the ${kind}`, body: masterCreateSchema } }, async (req, reply) => {
      reply.status(201);
      return envelope(201, await createMaster(ctx, currentUser(req), kind, req.body), 'Tạo thành công');
    });
    r.put(`/admin/${kind}/:id`, { schema: { ...tags, summary: `Rename one of the ${kind}`, params: idParams, body: masterUpdateSchema } }, async (req) =>
      envelope(200, await updateMaster(ctx, currentUser(req), kind, req.params.id, req.body), 'Cập nhật thành công'),
    );
    r.delete(`/admin/${kind}/:id`, { schema: { ...tags, summary: `Delete one of the ${kind} no book uses`, params: idParams } }, async (req) =>
      envelope(200, await deleteMaster(ctx, currentUser(req), kind, req.params.id), 'Đã xoá'),
    );
  }
}
