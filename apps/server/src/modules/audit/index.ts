/**
 * The audit log: every staff write records who did what, in the write's own transaction (recordAudit), and admins
 * read the log at /api/v1/admin/audit.
 */
export { auditRoutes } from './routes.ts';
export { recordAudit, auditActor, listAudit, type AuditEntry } from './audit.ts';
