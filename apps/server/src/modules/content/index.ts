/**
 * Content: the store's information pages (Markdown edited by admins, shown at /trang/{slug}) and the contact form
 * (messages stored for the admins at /admin/contact and mailed to them through the outbox).
 */
export { contentAdminRoutes, contentRoutes } from './routes.ts';
export { renderMarkdown } from './markdown.ts';
