import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { addressRoutes } from './addresses/index.ts';
import { auditRoutes } from './audit/index.ts';
import { authRoutes, changePasswordRoutes, revokeAllForUser } from './auth/index.ts';
import { cartFormRoutes, cartRoutes, mergeGuestCartOf, selectedVoucherLines } from './cart/index.ts';
import {
  bookCoverData,
  buildPlace,
  bookImageUploadRoutes,
  catalogAdminRoutes,
  stockAdminRoutes,
  warehouseRoutes,
  stockAlertRoutes,
  bookImportRoutes,
  catalogPlugin,
  catalogRoutes,
  createCatalogService,
  type CatalogService,
} from './catalog/index.ts';
import { contentAdminRoutes, contentRoutes } from './content/index.ts';
import { engagementPort, engagementRoutes } from './engagement/index.ts';
import { geoRoutes } from './geo/index.ts';
import { builtInInvoiceProvider, createInvoicing, invoiceRoutes, type Invoicing } from './invoices/index.ts';
import { createMailer, mailOutboxRoutes, mailPlugin, type Mailer } from './mail/index.ts';
import { bookCoverGenerator, createMediaService, mediaRoutes, mediaStorageOf, type MediaService } from './media/index.ts';
import {
  countOrdersOfUser,
  createOrderNotifier,
  createOrderProcess,
  isBookOrdered,
  orderExpiryPlugin,
  orderRoutes,
  type OrderProcess,
} from './orders/index.ts';
import { createPaymentRegistry, paymentMethodDefinition, paymentsPlugin, type PaymentRegistry } from './payments/index.ts';
import { registerSandboxes } from './sandboxes.ts';
import { exportRoutes, reportRoutes, topSellingRoutes } from './reports/index.ts';
import { returnShopperRoutes, returnStaffRoutes } from './returns/index.ts';
import { salesRoutes } from './sales/index.ts';
import { createShipping, shippingPlugin, type Shipping } from './shipping/index.ts';

import { userAdminRoutes, userRoutes } from './users/index.ts';
import { voucherAdminRoutes, voucherShopperRoutes } from './vouchers/index.ts';

/**
 * The composition root of the modules (docs/decisions.md, Module boundaries and the composition root). buildApp
 * creates the services of one app once (createServices) and registers the modules (registerModules), handing each
 * the services and ports it uses as plugin options; a module never reaches another's service through the app.
 */

/** The services of one app: one of each, shared by the modules that use them. */
export interface Services {
  mailer: Mailer;
  media: MediaService;
  catalog: CatalogService;
  /** The one door of order and payment status, with the shopper's mails. */
  orderProcess: OrderProcess;
  /** The payment providers (COD, VNPAY, bank transfer). */
  payments: PaymentRegistry;
  /** VAT invoices: the order process's hooks and the invoice routes. */
  invoicing: Invoicing;
  /** The shop's carrier: quotes, shipments created on confirmation, labels, tracking webhooks. */
  shipping: Shipping;
  /** The shop's public address (PUBLIC_URL), for links in mails. */
  shopUrl: string;
}

export interface ServiceDeps {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
  /** This server's own address once it listens: where the built-in sandboxes are reached over HTTP. */
  ownOrigin: () => string;
}

export function createServices({ config: c, database, log, ownOrigin }: ServiceDeps): Services {
  const mailer = createMailer({
    database,
    log,
    smtpUrl: c.SMTP_URL,
    from: c.MAIL_FROM,
    leaseMs: c.MAIL_LEASE_SECONDS * 1000,
    maxAttempts: c.MAIL_MAX_ATTEMPTS,
    retryBaseMs: c.MAIL_RETRY_BASE_SECONDS * 1000,
    ceiling: { max: c.MAIL_MAX_PER_ADDRESS_PER_HOUR },
  });
  // Cards and the product page show the engagement module's likes and ratings.
  const place = buildPlace(c);
  const catalog = createCatalogService(database.db, {
    engagement: engagementPort,
    searchCache: c.SEARCH_CACHE,
    searchIndex: c.SEARCH_INDEX,
    searchIndexRebuildMs: c.SEARCH_INDEX_REBUILD_MINUTES * 60_000,
    listingIndex: c.LISTING_INDEX,
    // Built off the event loop in production on PostgreSQL (a worker thread with its own connection).
    ...(place ? { searchIndexWorkerUrl: place.url, ...(place.snapshotDir ? { searchIndexSnapshotDir: place.snapshotDir } : {}) } : {}),
    onSearchIndexNotice: (message) => log.info(message),
    onSearchIndexError: (err) => log.warn({ err }, 'search index not refreshed; searches use it as it was, or the database'),
    onAnnounceError: (err) => log.warn({ err }, 'catalogue change not announced; other instances keep their caches until they expire'),
  });
  // Designed covers are drawn on their first request from what the catalogue says of the book.
  const media = createMediaService(mediaStorageOf(c), {
    'covers/': bookCoverGenerator((bookId, url) => bookCoverData(database.db, bookId, url)),
  });
  const invoicing = createInvoicing({
    provider: builtInInvoiceProvider,
    seller: { name: c.INVOICE_SELLER_NAME, taxCode: c.INVOICE_SELLER_TAX_CODE, address: c.INVOICE_SELLER_ADDRESS },
    seriesSuffix: c.INVOICE_SERIES_SUFFIX,
    shopUrl: c.PUBLIC_URL,
    log,
  });
  // Shipping runs a hook of the order process and moves orders through it: the process and the payment providers
  // are handed over as getters, read once both exist.
  const late: { process?: OrderProcess; payments?: PaymentRegistry } = {};
  const shipping = createShipping({ config: c, database, log, ownOrigin, process: () => late.process!, payments: () => late.payments! });
  const orderProcess = createOrderProcess({
    notifier: createOrderNotifier({ shopUrl: c.PUBLIC_URL, paymentTexts: paymentMethodDefinition }),
    afterHooks: [invoicing.afterTransition, shipping.afterTransition],
    placedHooks: [invoicing.placedHook],
  });
  const payments = createPaymentRegistry({ config: c, db: database.db, log, process: orderProcess, ownOrigin });
  late.process = orderProcess;
  late.payments = payments;
  return { mailer, media, catalog, orderProcess, payments, invoicing, shipping, shopUrl: c.PUBLIC_URL };
}

/** Registers every domain module; each adds its own routes. */
export async function registerModules(
  app: FastifyInstance,
  { mailer, media, catalog, orderProcess, payments, invoicing, shipping, shopUrl }: Services,
): Promise<void> {
  // The mail worker runs from onReady to onClose; GET /media/* serves the files.
  await app.register(mailPlugin, { mailer });
  await app.register(mediaRoutes, { media });
  // A visitor's guest cart joins the account's cart at login and at the end of a registration.
  await app.register(authRoutes, { prefix: '/api/v1', mailer, mergeGuestCart: mergeGuestCartOf });
  // Change password answers on both paths the spec saw: /api/v1/users/... and /users/...
  await app.register(changePasswordRoutes, { prefix: '/api/v1', mailer });
  await app.register(changePasswordRoutes, { mailer });
  await app.register(userRoutes, { prefix: '/api/v1' });
  await app.register(catalogPlugin, { catalog });
  await app.register(catalogRoutes, { prefix: '/api/v1', catalog });
  await app.register(engagementRoutes, { prefix: '/api/v1', catalog });
  await app.register(cartRoutes, { prefix: '/api/v1' });
  // The product page's buy bar before JavaScript: a plain form post to /gio-hang/them.
  await app.register(cartFormRoutes);
  await app.register(stockAlertRoutes, { prefix: '/api/v1' });
  await app.register(addressRoutes, { prefix: '/api/v1' });
  await app.register(geoRoutes, { prefix: '/api/v1' });
  await app.register(orderRoutes, { prefix: '/api/v1', process: orderProcess, paymentMethods: payments.get, shipping: shipping.orderShipping });
  await app.register(orderExpiryPlugin, { process: orderProcess });
  // VAT invoices: the shopper's under /api/v1/orders/:code, the staff's under /api/v1/sales/orders/:id.
  await app.register(invoiceRoutes, { prefix: '/api/v1', invoicing });
  // Payments (COD, VNPAY, bank transfer) under /api/v1/payments; the sandboxes under /sandbox/* when turned on.
  await app.register(paymentsPlugin, { registry: payments });
  // Shipping: the quote under /api/v1/shipping, the carrier's webhooks, the staff's shipment and label under
  // /api/v1/sales/orders/:id/shipment; the built-in carrier under /sandbox/carrier when it is the shop's carrier.
  await app.register(shippingPlugin, { shipping });
  await registerSandboxes(app);
  // Back-office (ADMIN only), each part beside its domain: the catalogue under /api/v1/admin and the image upload
  // under /api, users (/api/v1/users list and deletes, /api/v1/admin/users), the audit log, the outbox, the dashboard.
  const catalogAdmin = { catalog, storage: media.storage, ports: { isBookOrdered } };
  await app.register(catalogAdminRoutes, { prefix: '/api/v1', ...catalogAdmin });
  await app.register(stockAdminRoutes, { prefix: '/api/v1' });
  await app.register(warehouseRoutes, { prefix: '/api/v1' });
  await app.register(bookImportRoutes, { prefix: '/api/v1' });
  await app.register(userAdminRoutes, { prefix: '/api/v1', ports: { endSessions: revokeAllForUser, countOrders: countOrdersOfUser } });
  await app.register(bookImageUploadRoutes, { prefix: '/api', ...catalogAdmin });
  await app.register(auditRoutes, { prefix: '/api/v1' });
  await app.register(mailOutboxRoutes, { prefix: '/api/v1' });
  await app.register(reportRoutes, { prefix: '/api/v1' });
  await app.register(topSellingRoutes, { prefix: '/api/v1' });
  await app.register(exportRoutes, { prefix: '/api/v1' });
  // Sales back-office (SALE and ADMIN): /api/v1/sales/*.
  await app.register(salesRoutes, { prefix: '/api/v1', process: orderProcess, payments, shipments: shipping.staffShipmentOf, carrierCreatesShipments: shipping.provider.createsShipments });
  // Returns after delivery: the shopper's request under /api/v1/orders/{code}/returns, its steps under /api/v1/sales/returns.
  const returns = { storage: media.storage, shopUrl, process: orderProcess, payments };
  await app.register(returnShopperRoutes, { prefix: '/api/v1', ...returns });
  await app.register(returnStaffRoutes, { prefix: '/api/v1', ...returns });
  // Vouchers: the checkout's list of codes (it reads the cart's selected lines), and the back-office (ADMIN only)
  // under /api/v1/admin/vouchers.
  await app.register(voucherShopperRoutes, { prefix: '/api/v1', ports: { selectedLines: selectedVoucherLines } });
  await app.register(voucherAdminRoutes, { prefix: '/api/v1' });
  // Information pages and the contact form; their back-office (ADMIN) under /api/v1/admin.
  await app.register(contentRoutes, { prefix: '/api/v1' });
  await app.register(contentAdminRoutes, { prefix: '/api/v1' });
}
