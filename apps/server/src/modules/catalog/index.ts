/**
 * The catalogue: books with their stock, images, categories, authors, publishers and suppliers. Other modules
 * reach these tables only through what is exported here; the seed and the bench use the search documents.
 */
export { catalogPlugin, catalogRoutes } from './routes.ts';
export { catalogAdminRoutes } from './admin/routes.ts';
export { bookImageUploadRoutes } from './admin/uploads.routes.ts';
export { stockAdminRoutes, warehouseRoutes } from './stock/routes.ts';
export { stockAlertRoutes } from './stock/alert-routes.ts';
export { bookImportRoutes } from './import/routes.ts';
export type { CatalogAdminPorts } from './admin/context.ts';
export { createCatalogService, type CatalogService, type CatalogServiceOptions } from './service.ts';
export type { EngagementPort } from './engagement-port.ts';
export { refreshSearchDocuments, refreshSearchDocumentsOf } from './search-documents.ts';
export { buildPlace } from './index-build-thread.ts';
export { announceCatalogChange, CATALOG_CHANNEL } from './cache-bus.ts';
export { receiveReturnedStock, returnStock, stockOf, takeStock, type ReturnStockRef, type OrderStockRef, type StockLine, type TakenBook, type TakeStockResult } from './inventory.ts';
export { loadCategoryRows, withDescendants, type CategoryRow } from './categories.ts';
export { topCategoryRows } from './repo.ts';
export { visibleSql } from './sql.ts';
export {
  bookCoverData,
  bookCovers,
  bookStockState,
  cartBooks,
  categoryNames,
  existingCategoryIds,
  isVisibleBook,
  shippingBooks,
  vatTreatmentsOf,
  visibleBookSql,
  type CartBookRow,
} from './lookups.ts';
