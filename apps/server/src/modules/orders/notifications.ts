import type { Tx } from '../../db/client.ts';
import { enqueueMail } from '../mail/enqueue.ts';
import { orderConfirmationMail, orderEventMail, type OrderMailEvent } from './mail.ts';
import type { OrderItemRow, OrderRow } from './repo.ts';

/**
 * The shop's address for the links in order mails. One per process (PUBLIC_URL), set when the orders module is
 * registered: the lifecycle functions that mail are called by four modules with only a transaction in hand.
 */
let shopUrl = 'http://localhost:3000';
export function setOrderMailShopUrl(publicUrl: string): void {
  shopUrl = publicUrl;
}

export type { OrderMailEvent } from './mail.ts';

/**
 * Mails the shopper about an order, in the transaction of the change (through the outbox): the mail exists exactly
 * when the change commits. Orders without an e-mail address get none.
 */
export async function mailOrderPlaced(tx: Tx, order: OrderRow, items: OrderItemRow[]): Promise<void> {
  if (!order.receiverEmail) return;
  await enqueueMail(tx, { to: order.receiverEmail, ...orderConfirmationMail(order, items, shopUrl) });
}

export async function mailOrderEvent(tx: Tx, order: OrderRow, event: OrderMailEvent): Promise<void> {
  if (!order.receiverEmail) return;
  await enqueueMail(tx, { to: order.receiverEmail, ...orderEventMail(order, event, shopUrl) });
}
