/** The back-office module: admin routes under /api/v1, the image upload under /api, and the audit log. */
export { adminRoutes } from './routes.ts';
export { uploadRoutes } from './uploads.routes.ts';
export { recordAudit, auditActor, listAudit, type AuditEntry } from './audit.ts';
