import { canCustomerCancel, isOnlinePayment, type OrderDto, type OrderItemDto, type OrderSummaryDto, type ShipmentDto } from '@nhasach/shared';
import type { OrderHistoryRow, OrderItemRow, OrderRow } from './repo.ts';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

export function toOrderItemDto(item: OrderItemRow): OrderItemDto {
  return {
    bookId: item.bookId,
    slug: item.slug,
    sku: item.sku,
    isbn: item.isbn,
    title: item.title,
    imageUrl: item.imageUrl,
    price: item.originalUnitPrice,
    originalUnitPrice: item.originalUnitPrice,
    unitPrice: item.unitPrice,
    discount: item.discount,
    qty: item.qty,
    lineTotal: item.lineTotal,
  };
}

/** The customer's view: no staff ids, the actor's role only. */
export function toOrderDto(
  order: OrderRow,
  items: OrderItemRow[],
  history: OrderHistoryRow[],
  now = new Date(),
  shipment: ShipmentDto | null = null,
): OrderDto {
  const waitingForPayment =
    order.status === 'PENDING' && (order.paymentStatus === 'UNPAID' || order.paymentStatus === 'PENDING') && isOnlinePayment(order.paymentMethod);
  return {
    id: order.id,
    code: order.code,
    status: order.status,
    paymentStatus: order.paymentStatus,
    paymentMethod: order.paymentMethod,
    deliveryMethod: order.deliveryMethod,
    items: items.map(toOrderItemDto),
    subtotal: order.subtotal,
    discountTotal: order.discountTotal,
    shippingFee: order.shippingFee,
    taxTotal: order.taxTotal,
    grandTotal: order.grandTotal,
    voucherCode: order.voucherCode,
    voucherDiscount: order.voucherDiscount,
    shippingDiscount: order.shippingDiscount,
    receiverName: order.receiverName,
    receiverPhone: order.receiverPhone,
    receiverEmail: order.receiverEmail,
    addressLine: order.addressLine,
    line1: order.line1,
    ward: order.ward,
    district: order.district,
    province: order.province,
    note: order.note,
    cancelReason: order.cancelReason,
    createdAt: order.createdAt.toISOString(),
    confirmedAt: iso(order.confirmedAt),
    shippedAt: iso(order.shippedAt),
    deliveredAt: iso(order.deliveredAt),
    completedAt: iso(order.completedAt),
    canceledAt: iso(order.canceledAt),
    paidAt: iso(order.paidAt),
    paymentExpiresAt: iso(order.paymentExpiresAt),
    canCancel: canCustomerCancel(order.status),
    canPay: waitingForPayment && order.paymentExpiresAt !== null && order.paymentExpiresAt.getTime() > now.getTime(),
    history: history.map((h) => ({
      at: h.at.toISOString(),
      type: h.type,
      actorRole: h.actorRole,
      fromStatus: h.fromStatus,
      toStatus: h.toStatus,
      note: h.note,
    })),
    shipment,
  };
}

export function toOrderSummaryDto(row: {
  id: number;
  code: string;
  status: OrderRow['status'];
  paymentStatus: OrderRow['paymentStatus'];
  paymentMethod: OrderRow['paymentMethod'];
  createdAt: Date;
  grandTotal: number;
}, lines: readonly { bookId: number; slug: string | null; title: string; imageUrl: string | null; qty: number; unitPrice: number; originalUnitPrice: number }[]): OrderSummaryDto {
  // The counts and the first line are read off the lines (in line order), which the page fetches once anyway.
  return {
    id: row.id,
    code: row.code,
    status: row.status,
    paymentStatus: row.paymentStatus,
    paymentMethod: row.paymentMethod,
    createdAt: row.createdAt.toISOString(),
    grandTotal: row.grandTotal,
    itemCount: lines.length,
    totalQuantity: lines.reduce((n, l) => n + l.qty, 0),
    firstItemTitle: lines[0]?.title ?? '',
    firstItemImage: lines[0]?.imageUrl ?? null,
    items: lines.map((l) => ({
      bookId: l.bookId,
      slug: l.slug,
      title: l.title,
      thumbnail: l.imageUrl,
      quantity: l.qty,
      price: l.originalUnitPrice,
      unitPrice: l.unitPrice,
    })),
  };
}
