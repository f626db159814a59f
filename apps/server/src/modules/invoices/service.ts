import { and, asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  DEFAULT_VAT_TREATMENT,
  INVOICE_MESSAGES,
  invoiceNumberText,
  isoDateVN,
  type InvoiceDto,
  type InvoiceRequestDto,
  type OrderInvoiceDto,
} from '@nhasach/shared';
import type { Db, Tx } from '../../db/client.ts';
import { invoiceRequests, invoices } from '../../db/schema/invoices.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { vatTreatmentsOf } from '../catalog/index.ts';
import { enqueueMail } from '../mail/index.ts';
import { lockOrder, orderItemsOf, type AfterTransitionHook, type OrderRow, type PlacedHook } from '../orders/index.ts';
import { buildInvoiceDocument, reversalOf, type Seller } from './document.ts';
import type { EInvoiceProvider } from './provider.ts';

/** Form 1: the VAT invoice (hoá đơn giá trị gia tăng). */
const VAT_FORM = '1';

export interface InvoicingOptions {
  provider: EInvoiceProvider;
  seller: Seller;
  /** The two letters the shop chose for its series (ký hiệu C26T + these). */
  seriesSuffix: string;
  shopUrl: string;
  log: FastifyBaseLogger;
}

type InvoiceRow = typeof invoices.$inferSelect;

const toDto = (r: InvoiceRow): InvoiceDto => ({
  ...r.document,
  id: r.id,
  kind: r.kind,
  form: r.form,
  series: r.series,
  number: r.number,
  issuedAt: r.issuedAt.toISOString(),
  provider: r.provider,
  providerRef: r.providerRef,
});

const requestOf = async (db: Db | Tx, orderId: number): Promise<InvoiceRequestDto | null> => {
  const [r] = await db.select().from(invoiceRequests).where(eq(invoiceRequests.orderId, orderId));
  return r ? { companyName: r.companyName, taxCode: r.taxCode, address: r.address, email: r.email } : null;
};

const invoiceRows = (db: Db | Tx, orderId: number) => db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.id));

/**
 * VAT invoices of orders (docs/decisions.md, VAT invoices): the company's request kept with the order, the invoice
 * issued once when the order is paid (or by staff), its whole reversal when a paid order is cancelled.
 */
export interface Invoicing {
  /** The order process's placed-hook: keeps the checkout's invoice request. */
  placedHook: PlacedHook;
  /** The order process's after-hook: issues on payment, reverses on cancellation. */
  afterTransition: AfterTransitionHook;
  read(db: Db | Tx, orderId: number): Promise<OrderInvoiceDto>;
  /** Sets the request of an order not cancelled and not yet invoiced; a paid order is invoiced at once. */
  request(db: Db, orderId: number, request: InvoiceRequestDto): Promise<OrderInvoiceDto>;
  /** Staff: issues the invoice of a paid order with a request, once (an issued one is answered as it is). */
  issueNow(db: Db, orderId: number): Promise<OrderInvoiceDto>;
  invoice(db: Db | Tx, orderId: number, invoiceId: number): Promise<InvoiceDto>;
}

export function createInvoicing(opts: InvoicingOptions): Invoicing {
  const { provider, seller, log } = opts;
  const seriesOf = (at: Date) => `C${isoDateVN(at).slice(2, 4)}T${opts.seriesSuffix}`;

  async function insert(tx: Tx, order: OrderRow, kind: InvoiceRow['kind'], document: InvoiceRow['document'], adjustsId: number | null): Promise<InvoiceRow> {
    const issuedAt = new Date();
    const series = seriesOf(issuedAt);
    const { number, providerRef } = await provider.issue(tx, { form: VAT_FORM, series, issuedAt, document });
    const [row] = await tx
      .insert(invoices)
      .values({ orderId: order.id, kind, adjustsId, reason: document.reason, form: VAT_FORM, series, number, issuedAt, document, total: document.total, provider: provider.name, providerRef })
      .returning();
    const what = kind === 'ADJUSTMENT' ? 'Hoá đơn điều chỉnh giảm' : 'Hoá đơn GTGT';
    await enqueueMail(tx, {
      to: document.buyer.email,
      subject: `${what} số ${invoiceNumberText(number)} (ký hiệu ${series}) của đơn hàng ${order.code} - Nhà Sách`,
      text: [
        `Kính gửi ${document.buyer.companyName},`,
        '',
        `Nhà Sách đã xuất ${what.toLowerCase()} cho đơn hàng ${order.code}:`,
        `Mẫu số ${VAT_FORM}, ký hiệu ${series}, số ${invoiceNumberText(number)}, mã tra cứu ${providerRef}.`,
        `Tổng cộng tiền thanh toán: ${document.total.toLocaleString('vi-VN')} đ (${document.totalInWords}).`,
        '',
        `Tải hoá đơn (PDF) tại trang đơn hàng: ${opts.shopUrl}/orders/${order.code}`,
      ].join('\n'),
      transactional: true,
    });
    return row!;
  }

  /** Issues the original invoice of a paid order with a request; null when there is no request. Idempotent. */
  async function issue(tx: Tx, order: OrderRow): Promise<InvoiceRow | null> {
    const buyer = await requestOf(tx, order.id);
    if (!buyer) return null;
    const [existing] = await tx.select().from(invoices).where(and(eq(invoices.orderId, order.id), eq(invoices.kind, 'ORIGINAL')));
    if (existing) return existing;
    const items = await orderItemsOf(tx, order.id);
    const vatOf = await vatTreatmentsOf(tx, [...new Set(items.map((i) => i.bookId))]);
    return insert(tx, order, 'ORIGINAL', buildInvoiceDocument({ order, items, vatOf, buyer, seller, defaultTreatment: DEFAULT_VAT_TREATMENT }), null);
  }

  /** The whole reversal of an order's original invoice, once. */
  async function reverse(tx: Tx, order: OrderRow, reason: string): Promise<void> {
    const rows = await invoiceRows(tx, order.id);
    const original = rows.find((r) => r.kind === 'ORIGINAL');
    if (!original || rows.some((r) => r.adjustsId === original.id)) return;
    const adjusts = { form: original.form, series: original.series, number: original.number, issuedAt: original.issuedAt.toISOString() };
    await insert(tx, order, 'ADJUSTMENT', reversalOf(original.document, adjusts, reason), original.id);
  }

  /**
   * Runs `work` in a savepoint: an invoice that cannot be issued (a provider down) must not undo the payment or the
   * cancellation it follows; staff issue it later.
   */
  async function apart(tx: Tx, order: OrderRow, work: (sp: Tx) => Promise<unknown>): Promise<void> {
    try {
      await tx.transaction(async (sp) => {
        await work(sp);
      });
    } catch (err) {
      log.error({ err, order: order.code }, 'invoice not issued; staff can issue it from the order');
    }
  }

  const read = async (db: Db | Tx, orderId: number): Promise<OrderInvoiceDto> => ({
    request: await requestOf(db, orderId),
    invoices: (await invoiceRows(db, orderId)).map(toDto),
  });

  return {
    async placedHook({ tx, order, request }) {
      if (!request.invoice) return;
      await tx.insert(invoiceRequests).values({ orderId: order.id, ...request.invoice });
    },
    async afterTransition({ tx, order, payment, status, reason }) {
      if (payment?.to === 'PAID' && payment.from !== 'PAID') await apart(tx, order, (sp) => issue(sp, order));
      if (status?.to === 'CANCELED') await apart(tx, order, (sp) => reverse(sp, order, reason || 'Huỷ đơn hàng'));
    },
    read,
    async request(db, orderId, request) {
      return db.transaction(async (tx) => {
        const order = await lockOrder(tx, orderId);
        if (!order) throw notFound('Không tìm thấy đơn hàng.');
        if (order.status === 'CANCELED' || order.status === 'CANCEL_REQUESTED') throw conflict(INVOICE_MESSAGES.closed, 'INVOICE_ORDER_CLOSED');
        const [original] = await tx.select({ id: invoices.id }).from(invoices).where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'ORIGINAL')));
        if (original) throw conflict(INVOICE_MESSAGES.alreadyIssued, 'INVOICE_ALREADY_ISSUED');
        await tx
          .insert(invoiceRequests)
          .values({ orderId, ...request })
          .onConflictDoUpdate({ target: invoiceRequests.orderId, set: { ...request, updatedAt: new Date() } });
        if (order.paymentStatus === 'PAID') await issue(tx, order);
        return read(tx, orderId);
      });
    },
    async issueNow(db, orderId) {
      return db.transaction(async (tx) => {
        const order = await lockOrder(tx, orderId);
        if (!order) throw notFound('Không tìm thấy đơn hàng.');
        if (order.paymentStatus !== 'PAID') throw conflict(INVOICE_MESSAGES.notPaid, 'INVOICE_ORDER_NOT_PAID');
        if (!(await issue(tx, order))) throw conflict(INVOICE_MESSAGES.notRequested, 'INVOICE_NOT_REQUESTED');
        return read(tx, orderId);
      });
    },
    async invoice(db, orderId, invoiceId) {
      const [row] = await db.select().from(invoices).where(and(eq(invoices.orderId, orderId), eq(invoices.id, invoiceId)));
      if (!row) throw notFound(INVOICE_MESSAGES.notIssued);
      return toDto(row);
    },
  };
}
