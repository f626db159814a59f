import {
  cancelBlock,
  formatVnd,
  ORDER_STATUS_LABELS,
  SALES_MESSAGES,
  statusChangeBlock,
  type SaleCancel,
  type SaleOrderDto,
  type SaleStatusChange,
} from '@nhasach/shared';
import { badRequest } from '../../lib/errors.ts';
import type { AuthUser } from '../../lib/guards.ts';
import { cancelOrder as cancelThroughProcess, accepted, type TransitionTarget } from '../orders/index.ts';
import { actorOf, auditOrder, getOrder, refusal, withLockedOrder, type SalesContext } from './service.ts';

/**
 * PUT .../{id}/status: the spec's transition table (shared canTransition) plus the shared guards; the status
 * timestamps; a COD order is PAID on DELIVERED (the cash is collected on delivery); CANCELED and CANCEL_REQUESTED
 * follow the cancel rules (reason required, stock back exactly once, paid -> REFUND_PENDING).
 */
export async function changeStatus(ctx: SalesContext, user: AuthUser, id: number, input: SaleStatusChange): Promise<SaleOrderDto> {
  await withLockedOrder(ctx.db, id, input.version, async (tx, { order, facts, shipping }) => {
    const to = input.status;
    const blocked = statusChangeBlock(facts, to);
    if (blocked) throw refusal(blocked);
    const actor = actorOf(user);
    const from = order.status;
    const summary = `Đổi trạng thái đơn ${order.code}: ${ORDER_STATUS_LABELS[from]} → ${ORDER_STATUS_LABELS[to]}`;

    if (to === 'CANCELED' || to === 'CANCEL_REQUESTED') {
      if (!input.note) throw badRequest(SALES_MESSAGES.cancelReasonRequired, [{ field: 'note', message: SALES_MESSAGES.cancelReasonRequired }]);
      const updated = await cancelThroughProcess(ctx.process, tx, id, { actor, reason: input.note, toStatus: to });
      await auditOrder(tx, user, order, 'ORDER_STATUS', summary, { from, to, reason: input.note, paymentStatus: updated.paymentStatus });
      return;
    }

    // Cash collected by the carrier: the order is paid when it is delivered.
    const collected =
      to === 'DELIVERED' && ctx.payments.get(order.paymentMethod).collectedOnDelivery && (order.paymentStatus === 'UNPAID' || order.paymentStatus === 'PENDING');
    const codNote = `Đã thu ${formatVnd(order.grandTotal)} tiền mặt khi giao hàng (COD).`;
    const target: TransitionTarget = {
      status: to,
      ...(collected ? { payment: { to: 'PAID', note: codNote } } : {}),
      // The shopper hears of the parcel leaving with the carrier and the tracking code.
      ...(to === 'SHIPPED' && shipping ? { shipment: { carrier: shipping.carrier, trackingCode: shipping.trackingCode } } : {}),
    };
    accepted(await ctx.process.transition(tx, order, target, actor, input.note));
    await auditOrder(tx, user, order, 'ORDER_STATUS', summary, { from, to, note: input.note ?? null });
    if (collected) {
      await auditOrder(tx, user, order, 'ORDER_PAYMENT', `Đơn ${order.code}: ${codNote}`, { from: order.paymentStatus, to: 'PAID', automatic: true });
    }
  });
  return getOrder(ctx, id);
}

/**
 * POST .../{id}/cancel: staff cancel with a reason, before the parcel leaves (SHIPPED and later: 409). The stock
 * comes back exactly once (orders module); a paid order becomes REFUND_PENDING.
 */
export async function cancelOrder(ctx: SalesContext, user: AuthUser, id: number, input: SaleCancel): Promise<SaleOrderDto> {
  await withLockedOrder(ctx.db, id, input.version, async (tx, { order, facts }) => {
    const blocked = cancelBlock(facts);
    if (blocked) throw refusal(blocked);
    const updated = await cancelThroughProcess(ctx.process, tx, id, { actor: actorOf(user), reason: input.reason, toStatus: 'CANCELED' });
    await auditOrder(tx, user, order, 'ORDER_CANCEL', `Huỷ đơn ${order.code}: ${input.reason}`, {
      from: order.status,
      reason: input.reason,
      paymentStatus: updated.paymentStatus,
    });
  });
  return getOrder(ctx, id);
}
