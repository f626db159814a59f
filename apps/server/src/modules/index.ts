import type { FastifyInstance } from 'fastify';
import { mailOutboxRoutes, mailPlugin } from './mail/index.ts';
import { authRoutes, changePasswordRoutes, revokeAllForUser } from './auth/index.ts';
import { userAdminRoutes, userRoutes } from './users/index.ts';
import { bookImageUploadRoutes, catalogAdminRoutes, catalogPlugin, catalogRoutes } from './catalog/index.ts';
import { engagementRoutes } from './engagement/routes.ts';
import { mediaRoutes } from './media/index.ts';
import { cartRoutes } from './cart/index.ts';
import { addressRoutes } from './addresses/index.ts';
import { geoRoutes } from './geo/index.ts';
import { countOrdersOfUser, isBookOrdered, orderExpiryPlugin, orderRoutes } from './orders/index.ts';
import { paymentsPlugin } from './payments/index.ts';
import { auditRoutes } from './audit/index.ts';
import { reportRoutes } from './reports/index.ts';
import { salesRoutes } from './sales/index.ts';
import { voucherAdminRoutes, voucherShopperRoutes } from './vouchers/index.ts';
import { contentAdminRoutes, contentRoutes } from './content/index.ts';

/** Registers every domain module. Each module adds its own routes under /api. */
export async function registerModules(app: FastifyInstance): Promise<void> {
  // Domain modules are registered here.
  // Mail first: other modules (auth, orders) use app.mailer.
  await app.register(mailPlugin);
  // Media early: app.media (storage, variants) is used by the catalogue admin; GET /media/* serves the files.
  await app.register(mediaRoutes);
  await app.register(authRoutes, { prefix: '/api/v1' });
  // Change password answers on both paths the spec saw: /api/v1/users/... and /users/...
  await app.register(changePasswordRoutes, { prefix: '/api/v1' });
  await app.register(changePasswordRoutes);
  await app.register(userRoutes, { prefix: '/api/v1' });
  await app.register(catalogPlugin);
  await app.register(catalogRoutes, { prefix: '/api/v1' });
  await app.register(engagementRoutes, { prefix: '/api/v1' });
  await app.register(cartRoutes, { prefix: '/api/v1' });
  await app.register(addressRoutes, { prefix: '/api/v1' });
  await app.register(geoRoutes, { prefix: '/api/v1' });
  await app.register(orderRoutes, { prefix: '/api/v1' });
  await app.register(orderExpiryPlugin);
  // VNPAY: /api/v1/payments/* and, without a real gateway (VNPAY_URL unset), the sandbox under /sandbox/vnpay.
  await app.register(paymentsPlugin);
  // Back-office (ADMIN only): /api/v1/admin/*, /api/v1/users list and deletes, and the image upload under /api.
  const catalogAdmin = { catalog: app.catalog, storage: app.media.storage, ports: { isBookOrdered } };
  await app.register(catalogAdminRoutes, { prefix: '/api/v1', ...catalogAdmin });
  await app.register(userAdminRoutes, { prefix: '/api/v1', ports: { endSessions: revokeAllForUser, countOrders: countOrdersOfUser } });
  await app.register(bookImageUploadRoutes, { prefix: '/api', ...catalogAdmin });
  await app.register(auditRoutes, { prefix: '/api/v1' });
  await app.register(mailOutboxRoutes, { prefix: '/api/v1' });
  await app.register(reportRoutes, { prefix: '/api/v1' });
  // Sales back-office (SALE and ADMIN): /api/v1/sales/*.
  await app.register(salesRoutes, { prefix: '/api/v1' });
  // Vouchers: the checkout's list of codes, and the back-office (ADMIN only) under /api/v1/admin/vouchers.
  await app.register(voucherShopperRoutes, { prefix: '/api/v1' });
  await app.register(voucherAdminRoutes, { prefix: '/api/v1' });
  // Information pages and the contact form; their back-office (ADMIN) under /api/v1/admin.
  await app.register(contentRoutes, { prefix: '/api/v1' });
  await app.register(contentAdminRoutes, { prefix: '/api/v1' });
}
