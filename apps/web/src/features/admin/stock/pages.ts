/** The stock room's pages under /admin/stock, one lazy chunk: the admin route table mounts each (app/router.tsx). */
export { BookStockPage } from './BookStockPage.tsx';
export { CountPage } from './CountPage.tsx';
export { CountsPage } from './CountsPage.tsx';
export { ExportsPage } from './ExportsPage.tsx';
export { ImportPage } from './ImportPage.tsx';
export { MovementsPage } from './MovementsPage.tsx';
export { ReceiptPage } from './ReceiptPage.tsx';
export { ReceiptsPage } from './ReceiptsPage.tsx';
export { ReportsPage } from './ReportsPage.tsx';
export { StockHomePage } from './StockHomePage.tsx';
