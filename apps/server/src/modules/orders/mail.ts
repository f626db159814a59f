import { DELIVERY_METHOD_LABELS, formatVnd, PAYMENT_METHOD_LABELS } from '@nhasach/shared';
import type { MailContent } from '../mail/index.ts';
import type { PaymentMethodMailTexts } from './payment-methods.ts';
import type { OrderItemRow, OrderRow } from './repo.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const vietnamTime = new Intl.DateTimeFormat('vi-VN', {
  timeZone: 'Asia/Ho_Chi_Minh',
  hour: '2-digit',
  minute: '2-digit',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** The order confirmation mail (Vietnamese): code, items, totals, delivery and payment, a link to the order. */
export function orderConfirmationMail(order: OrderRow, items: OrderItemRow[], publicUrl: string, method: PaymentMethodMailTexts): MailContent {
  const link = `${publicUrl}/orders/${order.code}`;
  const subject = `Xác nhận đơn hàng ${order.code} - Nhà Sách`;
  const payNote = method.placedMailNote(order, { link, deadline: order.paymentExpiresAt ? vietnamTime.format(order.paymentExpiresAt) : null });
  const totals: [string, number][] = [
    ['Tạm tính', order.subtotal],
    [order.voucherCode && order.voucherDiscount > 0 ? `Giảm giá (gồm mã ${order.voucherCode}: -${formatVnd(order.voucherDiscount)})` : 'Giảm giá', -order.discountTotal],
    [order.voucherCode && order.shippingDiscount > 0 ? `Phí vận chuyển (mã ${order.voucherCode} miễn phí ${formatVnd(order.shippingDiscount)})` : 'Phí vận chuyển', order.shippingFee],
    ['Thuế', order.taxTotal],
  ];

  const text = [
    `Xin chào ${order.receiverName},`,
    '',
    `Cảm ơn bạn đã đặt hàng tại Nhà Sách. Đơn hàng ${order.code} đã được ghi nhận.`,
    '',
    'Sản phẩm:',
    ...items.map((i) => `- ${i.title} x ${i.qty}: ${formatVnd(i.lineTotal)}`),
    '',
    ...totals.map(([label, v]) => `${label}: ${formatVnd(v)}`),
    `Tổng cộng: ${formatVnd(order.grandTotal)}`,
    '',
    `Giao hàng: ${DELIVERY_METHOD_LABELS[order.deliveryMethod]} đến ${order.receiverName}, ${order.receiverPhone}, ${order.addressLine}`,
    `Thanh toán: ${PAYMENT_METHOD_LABELS[order.paymentMethod]}. ${payNote}`,
    '',
    `Xem đơn hàng: ${link}`,
    '',
    'Nhà Sách',
  ].join('\n');

  const rows = items
    .map(
      (i) =>
        `<tr><td style="padding:6px 0">${escapeHtml(i.title)} &times; ${i.qty}</td><td style="padding:6px 0;text-align:right;white-space:nowrap">${formatVnd(i.lineTotal)}</td></tr>`,
    )
    .join('');
  const totalRows = totals
    .map(([label, v]) => `<tr><td style="padding:2px 0;color:#57534e">${escapeHtml(label)}</td><td style="padding:2px 0;text-align:right">${formatVnd(v)}</td></tr>`)
    .join('');
  const html = `<!doctype html>
<html lang="vi"><body style="margin:0;padding:24px;background:#f5f5f4;font-family:Arial,Helvetica,sans-serif;color:#1c1917">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<h1 style="margin:0 0 16px;font-size:20px;color:#b91c1c">Nhà Sách</h1>
<p style="margin:0 0 8px">Xin chào ${escapeHtml(order.receiverName)},</p>
<p style="margin:0 0 16px">Cảm ơn bạn đã đặt hàng. Đơn hàng <strong>${escapeHtml(order.code)}</strong> đã được ghi nhận.</p>
<table style="width:100%;border-collapse:collapse;border-top:1px solid #e7e5e4;border-bottom:1px solid #e7e5e4">${rows}</table>
<table style="width:100%;border-collapse:collapse;margin-top:12px">${totalRows}
<tr><td style="padding:6px 0;font-weight:bold">Tổng cộng</td><td style="padding:6px 0;text-align:right;font-weight:bold;color:#b91c1c">${formatVnd(order.grandTotal)}</td></tr></table>
<p style="margin:16px 0 4px"><strong>Giao hàng:</strong> ${escapeHtml(DELIVERY_METHOD_LABELS[order.deliveryMethod])} đến ${escapeHtml(order.receiverName)}, ${escapeHtml(order.receiverPhone)}, ${escapeHtml(order.addressLine)}</p>
<p style="margin:0 0 16px"><strong>Thanh toán:</strong> ${escapeHtml(PAYMENT_METHOD_LABELS[order.paymentMethod])}. ${escapeHtml(payNote)}</p>
<p style="margin:0"><a href="${escapeHtml(link)}" style="color:#b91c1c">Xem chi tiết đơn hàng</a></p>
</div></body></html>`;
  return { subject, text, html };
}

/** What happened to an order, for the shopper's mail. */
export type OrderMailEvent =
  | { kind: 'PAID' }
  | { kind: 'SHIPPED'; carrier: string; trackingCode: string }
  | { kind: 'DELIVERED' }
  | { kind: 'CANCELED'; reason: string }
  | { kind: 'REFUNDED'; amount: number };

/** One mail per order event (Vietnamese): a headline, the facts as lines, a link to the order. */
export function orderEventMail(order: OrderRow, event: OrderMailEvent, publicUrl: string, method: PaymentMethodMailTexts): MailContent {
  const { subject, intro, lines } = ((): { subject: string; intro: string; lines: string[] } => {
    switch (event.kind) {
      case 'PAID':
        return {
          subject: `Đơn hàng ${order.code} đã được thanh toán - Nhà Sách`,
          intro: `Nhà Sách đã nhận được khoản thanh toán ${formatVnd(order.grandTotal)} cho đơn hàng ${order.code}. Chúng tôi sẽ sớm chuẩn bị và giao hàng cho bạn.`,
          lines: [`Phương thức: ${PAYMENT_METHOD_LABELS[order.paymentMethod]}`],
        };
      case 'SHIPPED':
        return {
          subject: `Đơn hàng ${order.code} đang được giao - Nhà Sách`,
          intro: `Đơn hàng ${order.code} đã được giao cho đơn vị vận chuyển.`,
          lines: [`Đơn vị vận chuyển: ${event.carrier}`, `Mã vận đơn: ${event.trackingCode}`, `Giao đến: ${order.receiverName}, ${order.receiverPhone}, ${order.addressLine}`],
        };
      case 'DELIVERED':
        return {
          subject: `Đơn hàng ${order.code} đã giao thành công - Nhà Sách`,
          intro: `Đơn hàng ${order.code} đã được giao thành công. Cảm ơn bạn đã mua sắm tại Nhà Sách, chúc bạn đọc sách vui!`,
          lines: [method.deliveredMailLine(order)].filter((l): l is string => l !== null),
        };
      case 'CANCELED':
        return {
          subject: `Đơn hàng ${order.code} đã bị huỷ - Nhà Sách`,
          intro: `Đơn hàng ${order.code} đã bị huỷ.`,
          lines: [
            `Lý do: ${event.reason}`,
            ...(order.paymentStatus === 'REFUND_PENDING' ? ['Số tiền bạn đã thanh toán sẽ được hoàn lại; chúng tôi sẽ báo khi hoàn tiền xong.'] : []),
          ],
        };
      case 'REFUNDED':
        return {
          subject: `Đơn hàng ${order.code} đã được hoàn tiền - Nhà Sách`,
          intro: `Nhà Sách đã hoàn ${formatVnd(event.amount)} cho đơn hàng ${order.code}.`,
          lines: ['Tiền có thể mất vài ngày làm việc để về tài khoản của bạn, tuỳ ngân hàng.'],
        };
    }
  })();
  return orderNoticeMail(order, { subject, intro, lines }, publicUrl);
}

/** A short mail to the shopper about their order: greeting, what happened, a few lines, and the order's link. */
export function orderNoticeMail(order: OrderRow, notice: { subject: string; intro: string; lines: string[] }, publicUrl: string): MailContent {
  const { subject, intro, lines } = notice;
  const link = `${publicUrl}/orders/${order.code}`;
  const text = [`Xin chào ${order.receiverName},`, '', intro, ...(lines.length ? ['', ...lines] : []), '', `Xem đơn hàng: ${link}`, '', 'Nhà Sách'].join('\n');
  const html = `<!doctype html>
<html lang="vi"><body style="margin:0;padding:24px;background:#f5f5f4;font-family:Arial,Helvetica,sans-serif;color:#1c1917">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<h1 style="margin:0 0 16px;font-size:20px;color:#b91c1c">Nhà Sách</h1>
<p style="margin:0 0 8px">Xin chào ${escapeHtml(order.receiverName)},</p>
<p style="margin:0 0 16px">${escapeHtml(intro)}</p>
${lines.map((l) => `<p style="margin:0 0 6px">${escapeHtml(l)}</p>`).join('\n')}
<p style="margin:16px 0 0"><a href="${escapeHtml(link)}" style="color:#b91c1c">Xem chi tiết đơn hàng</a></p>
</div></body></html>`;
  return { subject, text, html };
}
