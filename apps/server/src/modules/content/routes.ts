import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CONTACT_MESSAGES,
  contactHandledSchema,
  contactListQuerySchema,
  contactMessageSchema,
  contentPageUpdateSchema,
  contentPreviewSchema,
  contentSlugParams,
  idParams,
  shopSettingsSchema,
} from '@nhasach/shared';
import { envelope } from '../../lib/envelope.ts';
import { currentUser, optionalAuth, requireRoles } from '../../lib/guards.ts';
import { byBodyField, byIp, createLimiter } from '../../lib/rate-limit.ts';
import { listContactMessages, sendContactMessage, setContactHandled } from './contact.ts';
import { renderMarkdown } from './markdown.ts';
import { getAdminPage, getPage, listPages, updatePage } from './pages.ts';
import { getShopSettings, updateShopSettings } from './settings.ts';

const MINUTE = 60_000;

/** Public: the information pages and the contact form. Under /api/v1. */
export async function contentRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['content'];
  const contactIp = createLimiter(app, { name: 'contact-ip', max: 5, windowMs: 10 * MINUTE, key: byIp, message: CONTACT_MESSAGES.tooMany });
  const contactEmail = createLimiter(app, { name: 'contact-email', max: 3, windowMs: 10 * MINUTE, key: byBodyField('email'), message: CONTACT_MESSAGES.tooMany });

  r.get('/pages/:slug', { schema: { tags, summary: 'An information page (HTML rendered from its Markdown and cleaned)', params: contentSlugParams } }, async (req, reply) => {
    // Edits show within a minute; the page is the same for everyone.
    reply.header('cache-control', 'public, max-age=60');
    return getPage(app.db, req.params.slug);
  });

  r.get('/shop-settings', { schema: { tags, summary: "The footer's business details and Ministry of Industry and Trade badge (empty: hidden)" } }, async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return getShopSettings(app.db);
  });

  r.post(
    '/contact',
    {
      preHandler: [contactIp.hit, contactEmail.hit, optionalAuth],
      schema: { tags, summary: 'Send a message to the store (stored for the admins and mailed to them)', body: contactMessageSchema },
    },
    async (req, reply) => {
      const result = await sendContactMessage(app.db, req.body, { userId: req.authUser?.id, publicUrl: app.config.PUBLIC_URL });
      req.log.info({ contactMessageId: result.id }, 'contact message received');
      reply.status(201);
      return envelope(201, result, CONTACT_MESSAGES.sent);
    },
  );
}

/** ADMIN: edit the pages, read the contact messages. Under /api/v1. */
export async function contentAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: content'];
  const security = [{ bearerAuth: [] }];
  app.addHook('onRequest', requireRoles('ADMIN'));

  r.get('/admin/pages', { schema: { tags, security, summary: 'Every information page with its Markdown' } }, () => listPages(app.db));
  r.get('/admin/pages/:slug', { schema: { tags, security, summary: 'One page with its Markdown', params: contentSlugParams } }, (req) =>
    getAdminPage(app.db, req.params.slug),
  );
  r.put('/admin/pages/:slug', { schema: { tags, security, summary: 'Save a page (title, Markdown)', params: contentSlugParams, body: contentPageUpdateSchema } }, async (req) =>
    envelope(200, await updatePage(app.db, currentUser(req), req.params.slug, req.body), 'Đã lưu trang.'),
  );
  r.post('/admin/pages/preview', { schema: { tags, security, summary: 'The HTML a Markdown text becomes (nothing saved)', body: contentPreviewSchema } }, (req) => ({
    html: renderMarkdown(req.body.markdown),
  }));

  r.get('/admin/shop-settings', { schema: { tags, security, summary: "The footer's business details and badge" } }, () => getShopSettings(app.db));
  r.put('/admin/shop-settings', { schema: { tags, security, summary: 'Save the business details and badge (an empty text hides it)', body: shopSettingsSchema } }, async (req) =>
    envelope(200, await updateShopSettings(app.db, currentUser(req), req.body), 'Đã lưu thông tin doanh nghiệp.'),
  );

  r.get('/admin/contact-messages', { schema: { tags, security, summary: 'Contact messages, newest first; status NEW or HANDLED', querystring: contactListQuerySchema } }, (req) =>
    listContactMessages(app.db, req.query),
  );
  r.patch(
    '/admin/contact-messages/:id',
    { schema: { tags, security, summary: 'Mark a contact message handled or new', params: idParams('id'), body: contactHandledSchema } },
    async (req) => {
      const dto = await setContactHandled(app.db, currentUser(req), req.params.id, req.body.handled);
      return envelope(200, dto, dto.handledAt ? 'Đã đánh dấu đã xử lý.' : 'Đã đánh dấu chưa xử lý.');
    },
  );
}
