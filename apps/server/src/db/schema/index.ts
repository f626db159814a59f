// Every table of the product, one file per domain.
export * from './users.ts';
export * from './auth.ts';
export * from './mail.ts';
