// The company invoice's checks, loaded by the checkout when the shopper sends an order with an invoice.
export { invoiceRequestErrors } from '@nhasach/shared';
