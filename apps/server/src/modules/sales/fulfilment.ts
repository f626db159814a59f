import { formatVnd, SALES_MESSAGES, shippingBlock, type SaleAssign, type SaleNote, type SaleOrderDto, type SaleShipping } from '@nhasach/shared';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../../lib/guards.ts';
import { findStaff } from '../users/index.ts';
import { recordHistory, findOrderById, recordOrderShipping, setOrderAssignee } from '../orders/index.ts';
import * as repo from './repo.ts';
import { actorOf, auditOrder, checkInstant, getOrder, refusal, withLockedOrder, type SalesContext } from './service.ts';

const vnTime = (d: Date) => d.toLocaleString('vi-VN', { timeZone: 'Asia/Ho_Chi_Minh' });

/**
 * PUT .../{id}/shipping: carrier, tracking code and the carrier's fee (not the customer's fee, fixed at order time);
 * shippedAt corrects the hand-over time once the order is SHIPPED or DELIVERED. Refused on CANCELED and COMPLETED.
 * A fee left out keeps the one recorded; null clears it.
 */
export async function updateShipping(ctx: SalesContext, user: AuthUser, id: number, input: SaleShipping): Promise<SaleOrderDto> {
  await withLockedOrder(ctx.db, id, input.version, async (tx, { order, facts, shipping }) => {
    const blocked = shippingBlock(facts, { shippedAt: input.shippedAt });
    if (blocked) throw refusal(blocked);
    const shippedAt = input.shippedAt ? new Date(input.shippedAt) : undefined;
    if (shippedAt) {
      checkInstant(order, shippedAt, 'shippedAt');
      if (order.deliveredAt && shippedAt.getTime() > order.deliveredAt.getTime()) {
        const message = 'Thời điểm giao cho vận chuyển phải trước lúc giao hàng thành công.';
        throw badRequest(message, [{ field: 'shippedAt', message }]);
      }
    }
    const fee = input.fee === undefined ? (shipping?.fee ?? null) : input.fee;
    const now = new Date();
    await repo.upsertShipping(tx, { orderId: id, carrier: input.shippingCarrier, trackingCode: input.trackingCode, fee, updatedBy: user.id, updatedAt: now });
    await recordOrderShipping(tx, id, shippedAt);

    const parts = [`Đơn vị vận chuyển: ${input.shippingCarrier}`, `mã vận đơn: ${input.trackingCode}`];
    if (fee !== null) parts.push(`phí vận chuyển: ${formatVnd(fee)}`);
    if (shippedAt) parts.push(`giao cho vận chuyển lúc ${vnTime(shippedAt)}`);
    const note = parts.join(', ');
    await recordHistory(tx, { orderId: id, actor: actorOf(user), type: 'SHIPPING', note, at: now });
    await auditOrder(tx, user, order, 'ORDER_SHIPPING', `Cập nhật vận chuyển đơn ${order.code}: ${note}`, {
      before: shipping ? { carrier: shipping.carrier, trackingCode: shipping.trackingCode, fee: shipping.fee } : null,
      after: { carrier: input.shippingCarrier, trackingCode: input.trackingCode, fee },
      shippedAt: shippedAt?.toISOString() ?? null,
    });
  });
  return getOrder(ctx, id);
}

/** PUT .../{id}/assign: to an enabled SALE or ADMIN account (else 400). The same assignee again changes nothing. */
export async function assignOrder(ctx: SalesContext, user: AuthUser, id: number, input: SaleAssign): Promise<SaleOrderDto> {
  await withLockedOrder(ctx.db, id, input.version, async (tx, { order }) => {
    const staff = await findStaff(tx, input.assigneeId);
    if (!staff) throw badRequest(SALES_MESSAGES.assigneeInvalid, [{ field: 'assigneeId', message: SALES_MESSAGES.assigneeInvalid }]);
    if (order.assigneeId === staff.id) return;
    await setOrderAssignee(tx, id, staff.id);
    const note = `Giao đơn cho ${staff.name ?? staff.username}`;
    await recordHistory(tx, { orderId: id, actor: actorOf(user), type: 'ASSIGN', note });
    await auditOrder(tx, user, order, 'ORDER_ASSIGN', `${note} (đơn ${order.code})`, { from: order.assigneeId, to: staff.id });
  });
  return getOrder(ctx, id);
}

/**
 * POST .../{id}/notes: an internal note with its author and time, in order_notes and the audit log. Not in the order
 * history, which the customer sees. A note does not change the order, so it neither takes the order's lock nor bumps
 * its version: a colleague's note never makes another's pending status change conflict.
 */
export async function addNote(ctx: SalesContext, user: AuthUser, id: number, input: SaleNote): Promise<SaleOrderDto> {
  await ctx.db.transaction(async (tx) => {
    const order = await findOrderById(tx, id);
    if (!order) throw notFound(SALES_MESSAGES.notFound);
    const note = await repo.insertNote(tx, { orderId: id, authorId: user.id, note: input.note });
    await auditOrder(tx, user, order, 'ORDER_NOTE', `Ghi chú nội bộ đơn ${order.code}: ${input.note.slice(0, 200)}`, { noteId: note.id });
  });
  return getOrder(ctx, id);
}
