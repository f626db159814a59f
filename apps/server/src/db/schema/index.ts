// Every table of the product, one file per domain.
export * from './users.ts';
export * from './auth.ts';
export * from './mail.ts';
export * from './catalog.ts';
export * from './engagement.ts';
export * from './cart.ts';
export * from './addresses.ts';
export * from './orders.ts';
export * from './audit.ts';
export * from './payments.ts';
export * from './vnpay-sandbox.ts';
export * from './sales.ts';
export * from './vouchers.ts';
export * from './content.ts';
export * from './stock.ts';
export * from './invoices.ts';
export * from './returns.ts';
