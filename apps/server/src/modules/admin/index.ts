/** The back-office module: admin routes under /api/v1, and the image upload under /api. */
export { adminRoutes } from './routes.ts';
export { uploadRoutes } from './uploads.routes.ts';
