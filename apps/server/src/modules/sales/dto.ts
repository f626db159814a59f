import {
  allowedPaymentChanges,
  allowedRefundMethods,
  allowedStatusChanges,
  blockedStatusChanges,
  cancelBlock,
  paidAmountOf,
  refundableAmount,
  shippingBlock,
  SHIPPABLE_STATUSES,
  type SaleOrderDto,
  type SaleOrderFacts,
  type SaleOrderSummaryDto,
  type ShipmentDto,
} from '@nhasach/shared';
import { toOrderItemDto, type OrderHistoryRow, type OrderItemRow, type OrderRow, type StaffOrderSummaryRow as SummaryRow } from '../orders/index.ts';
import type { BankTransferRow } from '../payments/index.ts';
import type { NoteRow, RefundRow, ShippingRow } from './repo.ts';

const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

/** What the shared rules look at, from the order row, its shipping row and its refunds. */
export function factsOf(order: OrderRow, shipping: ShippingRow | undefined, refundedAmount: number): SaleOrderFacts {
  return {
    status: order.status,
    paymentStatus: order.paymentStatus,
    paymentMethod: order.paymentMethod,
    grandTotal: order.grandTotal,
    // markOrderPaid records the gateway's transaction number; payments recorded by staff leave it empty.
    paidThroughGateway: order.paymentTransactionNo !== null,
    shippingCarrier: shipping?.carrier ?? null,
    trackingCode: shipping?.trackingCode ?? null,
    refundedAmount,
  };
}

export function toSummaryDto(row: SummaryRow): SaleOrderSummaryDto {
  const o = row.order;
  return {
    id: o.id,
    code: o.code,
    status: o.status,
    paymentStatus: o.paymentStatus,
    paymentMethod: o.paymentMethod,
    deliveryMethod: o.deliveryMethod,
    total: o.grandTotal,
    grandTotal: o.grandTotal,
    subtotal: o.subtotal,
    shippingFee: o.shippingFee,
    discount: o.discountTotal,
    discountTotal: o.discountTotal,
    voucherCode: o.voucherCode,
    voucherDiscount: o.voucherDiscount,
    shippingDiscount: o.shippingDiscount,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
    assigneeId: o.assigneeId,
    assigneeName: o.assigneeId ? row.assigneeName : null,
    customerId: o.userId,
    customerName: row.customerName ?? o.receiverName,
    customerEmail: row.customerEmail ?? o.receiverEmail,
    customerPhone: row.customerPhone ?? o.receiverPhone,
    receiverName: o.receiverName,
    receiverPhone: o.receiverPhone,
    itemCount: Number(row.itemCount),
    totalQuantity: Number(row.totalQuantity),
    firstItemTitle: row.firstItemTitle,
    version: o.version,
  };
}

export interface DetailParts {
  summary: SummaryRow;
  items: OrderItemRow[];
  shipping: ShippingRow | undefined;
  refunds: { refund: RefundRow; actorName: string | null }[];
  notes: { note: NoteRow; authorName: string | null }[];
  history: { entry: OrderHistoryRow; actorName: string | null }[];
  bankTransfers: BankTransferRow[];
  /** The carrier's shipment, from the shipping module (a port of the composition root). */
  shipment: ShipmentDto | null;
  carrierCreatesShipments: boolean;
}

export function toDetailDto(p: DetailParts): SaleOrderDto {
  const o = p.summary.order;
  const refundedAmount = p.refunds.reduce((sum, r) => sum + r.refund.amount, 0);
  const facts = factsOf(o, p.shipping, refundedAmount);
  return {
    ...toSummaryDto(p.summary),
    taxTotal: o.taxTotal,
    shipment: p.shipment,
    items: p.items.map(toOrderItemDto),
    note: o.note,
    cancelReason: o.cancelReason,
    shippingAddress: {
      receiverName: o.receiverName,
      receiverPhone: o.receiverPhone,
      receiverEmail: o.receiverEmail,
      line1: o.line1,
      line2: null,
      ward: o.ward,
      district: o.district,
      province: o.province,
      addressLine: o.addressLine,
    },
    shipping: {
      deliveryMethod: o.deliveryMethod,
      fee: p.shipping?.fee ?? null,
      shippingCarrier: p.shipping?.carrier ?? null,
      trackingCode: p.shipping?.trackingCode ?? null,
      shippedAt: iso(o.shippedAt),
      deliveredAt: iso(o.deliveredAt),
      updatedAt: iso(p.shipping?.updatedAt),
    },
    confirmedAt: iso(o.confirmedAt),
    shippedAt: iso(o.shippedAt),
    deliveredAt: iso(o.deliveredAt),
    completedAt: iso(o.completedAt),
    canceledAt: iso(o.canceledAt),
    paidAt: iso(o.paidAt),
    paymentExpiresAt: iso(o.paymentExpiresAt),
    paymentTransactionNo: o.paymentTransactionNo,
    paidAmount: paidAmountOf(facts),
    refundedAmount,
    refundableAmount: refundableAmount(facts),
    notes: p.notes.map(({ note: n, authorName }) => ({
      id: n.id,
      note: n.note,
      authorId: n.authorId,
      authorName: n.authorId ? authorName : null,
      createdAt: n.createdAt.toISOString(),
    })),
    refunds: p.refunds.map(({ refund: r, actorName }) => ({
      id: r.id,
      amount: r.amount,
      method: r.method,
      status: r.status,
      gatewayRef: r.gatewayRef,
      note: r.note,
      actorId: r.actorId,
      actorName: r.actorId ? actorName : null,
      createdAt: r.createdAt.toISOString(),
    })),
    bankTransfers: p.bankTransfers.map((b) => ({
      id: b.id,
      providerTxnId: b.providerTxnId,
      amount: b.amount,
      content: b.content,
      referenceCode: b.referenceCode,
      bankName: b.bankName,
      transactionAt: iso(b.transactionAt),
      receivedAt: b.receivedAt.toISOString(),
      outcome: b.outcome,
      note: b.note,
    })),
    history: p.history.map(({ entry: h, actorName }) => ({
      id: h.id,
      at: h.at.toISOString(),
      actorId: h.actorId,
      actorName: h.actorId ? actorName : null,
      actorRole: h.actorRole,
      type: h.type,
      fromStatus: h.fromStatus,
      toStatus: h.toStatus,
      note: h.note,
    })),
    allowedTransitions: allowedStatusChanges(facts),
    blockedTransitions: blockedStatusChanges(facts),
    allowedPaymentStatuses: allowedPaymentChanges(facts),
    allowedRefundMethods: allowedRefundMethods(facts),
    canCancel: cancelBlock(facts) === null,
    canEditShipping: shippingBlock(facts, {}) === null,
    shipsByCarrier: p.carrierCreatesShipments,
    canCreateShipment: p.carrierCreatesShipments && p.shipment === null && SHIPPABLE_STATUSES.includes(o.status),
  };
}
