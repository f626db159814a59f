import { ERROR_CODES, PAYMENT_PROVIDER_NAMES, type PaymentCheckoutDto, type PaymentProvider as GatewayName, type PaymentStatusDto } from '@nhasach/shared';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../../lib/guards.ts';
import { findOrderByCode, lockOrder, ORDER_NOT_FOUND, type OrderRow } from '../orders/index.ts';
import type { CheckoutInput } from './provider.ts';
import type { PaymentRegistry } from './registry.ts';

/** The payments every method shares: starting a gateway payment and the payment status the return page polls. */
export interface PaymentsContext {
  db: Db;
  registry: PaymentRegistry;
}

const notPayable = (message: string) => new AppError(409, ERROR_CODES.paymentNotAllowed, message);

/** Why an order paid before delivery cannot be paid now (already paid, cancelled, confirmed, past its deadline). */
function assertAwaitingPayment(order: OrderRow, now: Date): void {
  if (order.paymentStatus === 'PAID' || order.paymentStatus === 'REFUND_PENDING' || order.paymentStatus === 'REFUNDED') {
    throw notPayable('Đơn hàng đã được thanh toán.');
  }
  if (order.status === 'CANCELED' || order.status === 'CANCEL_REQUESTED') throw notPayable('Đơn hàng đã bị huỷ, không thể thanh toán.');
  if (order.status !== 'PENDING') throw notPayable('Đơn hàng không còn ở trạng thái chờ thanh toán.');
  if (!order.paymentExpiresAt || order.paymentExpiresAt.getTime() <= now.getTime()) {
    throw notPayable('Đơn hàng đã hết thời hạn thanh toán. Vui lòng đặt lại đơn hàng.');
  }
}

/**
 * Starts a payment of the shopper's own order at a gateway (`gateway`: the checkout's provider). The gateway and
 * the return address are checked first, before the order is read; then the order, locked: someone else's is a 404,
 * one paid another way or no longer waiting for its payment a 409.
 */
export async function startCheckout(
  ctx: PaymentsContext,
  user: AuthUser,
  orderCode: string,
  gateway: GatewayName,
  input: CheckoutInput,
  now = new Date(),
): Promise<PaymentCheckoutDto> {
  const provider = ctx.registry.get(gateway);
  if (!provider.checkout) throw notPayable('Nhà cung cấp thanh toán không được hỗ trợ.');
  const { checkout } = provider;
  const { returnUrl } = checkout.prepare(input);
  return ctx.db.transaction(async (tx) => {
    const found = await findOrderByCode(tx, orderCode);
    // Someone else's order is answered like a missing one (spec section 6).
    if (!found || found.userId !== user.id) throw notFound(ORDER_NOT_FOUND);
    const order = (await lockOrder(tx, found.id))!;
    if (order.paymentMethod !== provider.method) {
      throw notPayable(`Đơn hàng này ${ctx.registry.get(order.paymentMethod).paidHow}, không thanh toán qua ${PAYMENT_PROVIDER_NAMES[gateway]}.`);
    }
    assertAwaitingPayment(order, now);
    return checkout.start(tx, order, { ...input, returnUrl }, now);
  });
}

/** The payment state of the shopper's own order (the return page polls it). */
export async function paymentStatusOf(ctx: PaymentsContext, user: AuthUser, orderCode: string, now = new Date()): Promise<PaymentStatusDto> {
  const { db } = ctx;
  const order = await findOrderByCode(db, orderCode);
  if (!order || order.userId !== user.id) throw notFound(ORDER_NOT_FOUND);
  const provider = ctx.registry.get(order.paymentMethod);
  // Paid before delivery and still waiting: the shopper can pay (start an attempt, or make the transfer).
  let canPay = !provider.collectedOnDelivery;
  try {
    assertAwaitingPayment(order, now);
  } catch {
    canPay = false;
  }
  const { lastAttempt = null, ...facts } = (await provider.statusFacts?.(db, order)) ?? {};
  return {
    orderCode: order.code,
    status: order.status,
    paymentStatus: order.paymentStatus,
    paymentMethod: order.paymentMethod,
    paymentExpiresAt: order.paymentExpiresAt?.toISOString() ?? null,
    canPay,
    ...facts,
    lastAttempt,
  };
}
