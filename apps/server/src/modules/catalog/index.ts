/** Public surface of the catalogue module for the other modules, the seed and the bench. */
export { catalogPlugin, catalogRoutes } from './routes.ts';
export { catalogAdminRoutes } from './admin/routes.ts';
export { bookImageUploadRoutes } from './admin/uploads.routes.ts';
export type { CatalogAdminPorts } from './admin/context.ts';
export { createCatalogService, type CatalogService } from './service.ts';
export { refreshSearchDocuments, refreshSearchDocumentsOf } from './search-documents.ts';
export { setEngagementLookup, lookupEngagement, EMPTY_ENGAGEMENT, type EngagementLookup, type CardRatingsSql } from './engagement-hook.ts';
export { effectivePriceSql, saleActiveSql } from './sql.ts';
export { announceCatalogChange, CATALOG_CHANNEL } from './cache-bus.ts';
