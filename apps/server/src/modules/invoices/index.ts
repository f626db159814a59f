/**
 * VAT invoices on a company's request (docs/decisions.md, VAT invoices). Owns invoice_requests, invoice_series and
 * invoices. The composition root creates the invoicing once (createInvoicing, with the e-invoice provider and the
 * seller) and gives its hooks to the order process: the request is kept when the order is placed, the invoice
 * issued when it is paid and reversed when a paid order is cancelled.
 */
export { invoiceRoutes } from './routes.ts';
export { createInvoicing, type Invoicing, type InvoicingOptions } from './service.ts';
export { builtInInvoiceProvider, type EInvoiceProvider } from './provider.ts';
export { renderInvoicePdf } from './pdf.ts';
