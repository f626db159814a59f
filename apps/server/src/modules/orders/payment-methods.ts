import type { PaymentMethod } from '@nhasach/shared';
import type { OrderRow } from './repo.ts';

/**
 * What the orders module needs of a payment method: the payments module's providers supply it (the orders module
 * never imports the payments module; the composition root hands it the providers).
 */
export interface OrderPaymentMethod extends PaymentMethodMailTexts {
  /**
   * Throws the refusal (an AppError) when a new order cannot be paid this way now: no gateway, a return address
   * that is not ours, no bank account. Checked before anything is written.
   */
  assertCanPlace(input: PlaceInput): void;
  /** When an order placed at `now` must have its payment, else it is cancelled; null when paid on delivery. */
  paymentDeadline(now: Date): Date | null;
}

/** What the shopper's mails say of a payment method (fixed texts: no configuration needed). */
export interface PaymentMethodMailTexts {
  /** The confirmation mail's sentence on how to pay; `deadline` is the payment deadline as the mail writes it. */
  placedMailNote(order: OrderRow, ctx: { link: string; deadline: string | null }): string;
  /** The delivery mail's line on the payment (the cash collected), or null. */
  deliveredMailLine(order: OrderRow): string | null;
}

export interface PlaceInput {
  /** Where the gateway should send the shopper back (online payment), as the web app asked. */
  returnUrl?: string;
  /** The address the request reached this server at (scheme and Host header). */
  reached?: { protocol: string; host: string };
}

/** The payment method of an order, by its code. */
export type OrderPaymentMethods = (method: PaymentMethod) => OrderPaymentMethod;
export type PaymentMethodsMailTexts = (method: PaymentMethod) => PaymentMethodMailTexts;
