import { formatVnd, RETURN_REASON_LABELS, RETURN_WINDOW_DAYS, STORE_CONTACT } from '@nhasach/shared';
import type { Tx } from '../../db/client.ts';
import { enqueueMail } from '../mail/index.ts';
import { orderNoticeMail, type OrderRow } from '../orders/index.ts';
import type { ReturnLineRow, ReturnRow } from './repo.ts';

export type ReturnMailEvent = { kind: 'REQUESTED'; lines: ReturnLineRow[] } | { kind: 'APPROVED' } | { kind: 'REFUSED' } | { kind: 'RECEIVED' };

function content(order: OrderRow, r: ReturnRow, e: ReturnMailEvent): { subject: string; intro: string; lines: string[] } {
  const ref = `yêu cầu trả hàng #${r.id} của đơn ${order.code}`;
  switch (e.kind) {
    case 'REQUESTED':
      return {
        subject: `Đã nhận yêu cầu trả hàng đơn ${order.code} - Nhà Sách`,
        intro: `Nhà Sách đã nhận ${ref}. Chúng tôi sẽ xem xét và trả lời trong 24 giờ làm việc.`,
        lines: [
          ...e.lines.map((l) => `${l.title} × ${l.qty}`),
          `Lý do: ${RETURN_REASON_LABELS[r.reason]}`,
          `Số tiền dự kiến hoàn: ${formatVnd(r.amount)}`,
        ],
      };
    case 'APPROVED':
      return {
        subject: `Yêu cầu trả hàng đơn ${order.code} đã được duyệt - Nhà Sách`,
        intro: `Nhà Sách đã duyệt ${ref}. Vui lòng gửi sách trả về Nhà Sách (${STORE_CONTACT.address}) kèm mã đơn hàng.`,
        lines: [`Số tiền sẽ hoàn sau khi nhận lại sách: ${formatVnd(r.amount)}`],
      };
    case 'REFUSED':
      return {
        subject: `Yêu cầu trả hàng đơn ${order.code} không được chấp nhận - Nhà Sách`,
        intro: `Rất tiếc, Nhà Sách không thể chấp nhận ${ref}.`,
        lines: [`Lý do: ${r.refusalReason ?? ''}`, `Chính sách đổi trả trong ${RETURN_WINDOW_DAYS} ngày: xem trang Chính sách đổi trả và hoàn tiền.`],
      };
    case 'RECEIVED':
      return {
        subject: `Nhà Sách đã nhận sách trả của đơn ${order.code}`,
        intro: `Nhà Sách đã nhận lại sách của ${ref}. Chúng tôi sẽ hoàn ${formatVnd(r.amount)} cho bạn và báo khi hoàn tiền xong.`,
        lines: [],
      };
  }
}

/**
 * The shopper's mail about a step of a return, written in the step's transaction (the outbox): it exists exactly
 * when the step commits. The refund's own mail is the order's refund mail (the sales refund sends it).
 */
export async function mailReturnStep(tx: Tx, shopUrl: string, order: OrderRow, r: ReturnRow, e: ReturnMailEvent): Promise<void> {
  if (!order.receiverEmail) return;
  await enqueueMail(tx, { to: order.receiverEmail, ...orderNoticeMail(order, content(order, r, e), shopUrl), transactional: true });
}
