import type { Tx } from '../../db/client.ts';
import { enqueueMail } from '../mail/index.ts';
import { orderConfirmationMail, orderEventMail, type OrderMailEvent } from './mail.ts';
import type { PaymentMethodsMailTexts } from './payment-methods.ts';
import type { AfterTransitionHook } from './process.ts';
import type { OrderItemRow, OrderRow } from './repo.ts';

export type { OrderMailEvent } from './mail.ts';

/**
 * The shopper's mails about an order, written in the transaction of the change (through the outbox): the mail
 * exists exactly when the change commits. Orders without an e-mail address get none.
 */
export interface OrderNotifier {
  placed(tx: Tx, order: OrderRow, items: OrderItemRow[]): Promise<void>;
  event(tx: Tx, order: OrderRow, event: OrderMailEvent): Promise<void>;
  /** The order process's after-hook: paid, shipped, delivered, cancelled. */
  afterTransition: AfterTransitionHook;
}

/** Created once, with the shop's address (PUBLIC_URL) for the links and the payment methods' sentences. */
export function createOrderNotifier(opts: { shopUrl: string; paymentTexts: PaymentMethodsMailTexts }): OrderNotifier {
  const { shopUrl, paymentTexts: paymentMethods } = opts;
  const event = async (tx: Tx, order: OrderRow, e: OrderMailEvent) => {
    if (!order.receiverEmail) return;
    await enqueueMail(tx, { to: order.receiverEmail, ...orderEventMail(order, e, shopUrl, paymentMethods(order.paymentMethod)), transactional: true });
  };
  return {
    async placed(tx, order, items) {
      if (!order.receiverEmail) return;
      // Transactional: the shopper's own orders are not under the per-address ceiling (modules/mail/destination-limit.ts).
      await enqueueMail(tx, {
        to: order.receiverEmail,
        ...orderConfirmationMail(order, items, shopUrl, paymentMethods(order.paymentMethod)),
        transactional: true,
      });
    },
    event,
    async afterTransition({ tx, order, status, payment, shipment, reason }) {
      // The parcel leaving (with the carrier and tracking code) and arriving; cash collected on delivery is told by
      // the delivery mail, not by a payment mail of its own.
      if (status?.to === 'SHIPPED' && shipment) await event(tx, order, { kind: 'SHIPPED', ...shipment });
      if (status?.to === 'DELIVERED') await event(tx, order, { kind: 'DELIVERED' });
      if (status?.to === 'CANCELED') await event(tx, order, { kind: 'CANCELED', reason: reason ?? '' });
      const received = payment && (payment.from === 'UNPAID' || payment.from === 'PENDING') && payment.to === 'PAID';
      if (received && status?.to !== 'DELIVERED') await event(tx, order, { kind: 'PAID' });
    },
  };
}
