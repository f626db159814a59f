/**
 * Reports: figures read across domains (orders, books, customers) for the back-office. The one module that reads
 * other modules' tables, read-only, in SQL of its own: a figure is one aggregate over several tables, which a
 * chain of calls through each owner could only rebuild in memory (docs/decisions.md, Module boundaries). It writes
 * nothing and no module imports it.
 */
export { reportRoutes, topSellingRoutes } from './routes.ts';
export { exportRoutes } from './exports/routes.ts';
