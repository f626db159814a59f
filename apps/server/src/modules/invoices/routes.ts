import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, idParams, invoiceNumberText, invoiceRequestSchema, text, type InvoiceDto } from '@nhasach/shared';
import { envelope } from '../../lib/envelope.ts';
import { notFound } from '../../lib/errors.ts';
import { authenticate, currentUser, requireRoles } from '../../lib/guards.ts';
import { findOrderByCode } from '../orders/index.ts';
import { renderInvoicePdf } from './pdf.ts';
import type { Invoicing } from './service.ts';

const codeParams = z.object({ code: text('Mã đơn hàng').trim().toUpperCase().max(32, 'Mã đơn hàng không hợp lệ.') });
const codeInvoiceParams = codeParams.extend({ invoiceId: idParam('invoiceId') });
const staffParams = idParams('id');
const staffInvoiceParams = idParams('id', 'invoiceId');

async function sendPdf(reply: FastifyReply, invoice: InvoiceDto) {
  const pdf = await renderInvoicePdf(invoice);
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="hoa-don-${invoice.series}-${invoiceNumberText(invoice.number)}.pdf"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}

/** The shopper's invoice of an order (under /api/v1): its request, the invoices issued and their PDFs. Owner only. */
export async function invoiceRoutes(app: FastifyInstance, opts: { invoicing: Invoicing }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { invoicing } = opts;
  const tags = ['orders'];
  const security = [{ bearerAuth: [] }];
  /** The signed-in shopper's own order (another shopper's answers 404, as if it did not exist). */
  const myOrder = async (userId: number, code: string) => {
    const order = await findOrderByCode(app.db, code);
    if (!order || order.userId !== userId) throw notFound('Không tìm thấy đơn hàng.');
    return order;
  };

  r.get('/orders/:code/invoice', { onRequest: authenticate, schema: { tags, security, summary: "My order's VAT invoice request and invoices", params: codeParams } }, async (req) =>
    envelope(200, await invoicing.read(app.db, (await myOrder(currentUser(req).id, req.params.code)).id)),
  );
  r.put(
    '/orders/:code/invoice',
    { onRequest: authenticate, schema: { tags, security, summary: 'Ask for a VAT invoice (company details); a paid order is invoiced at once', params: codeParams, body: invoiceRequestSchema } },
    async (req) => envelope(200, await invoicing.request(app.db, (await myOrder(currentUser(req).id, req.params.code)).id, req.body), 'Đã lưu thông tin xuất hoá đơn'),
  );
  r.get('/orders/:code/invoices/:invoiceId/pdf', { onRequest: authenticate, schema: { tags, security, summary: 'An invoice of my order as PDF', params: codeInvoiceParams } }, async (req, reply) => {
    const order = await myOrder(currentUser(req).id, req.params.code);
    return sendPdf(reply, await invoicing.invoice(app.db, order.id, req.params.invoiceId));
  });

  // Sales staff (SALE, ADMIN): see the request and invoices of any order, issue, download.
  const staff = { onRequest: requireRoles('SALE', 'ADMIN') };
  const sales = { tags: ['sales'], security };
  r.get('/sales/orders/:id/invoice', { ...staff, schema: { ...sales, summary: "An order's VAT invoice request and invoices", params: staffParams } }, async (req) =>
    envelope(200, await invoicing.read(app.db, req.params.id)),
  );
  r.post('/sales/orders/:id/invoice', { ...staff, schema: { ...sales, summary: 'Issue the VAT invoice of a paid order (once)', params: staffParams } }, async (req) =>
    envelope(200, await invoicing.issueNow(app.db, req.params.id), 'Đã xuất hoá đơn'),
  );
  r.get('/sales/orders/:id/invoices/:invoiceId/pdf', { ...staff, schema: { ...sales, summary: 'An invoice as PDF', params: staffInvoiceParams } }, async (req, reply) =>
    sendPdf(reply, await invoicing.invoice(app.db, req.params.id, req.params.invoiceId)),
  );
}
