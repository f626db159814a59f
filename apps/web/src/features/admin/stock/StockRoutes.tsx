import { Route, Routes } from 'react-router';
import { BookStockPage } from './BookStockPage.tsx';
import { CountPage } from './CountPage.tsx';
import { CountsPage } from './CountsPage.tsx';
import { ExportsPage } from './ExportsPage.tsx';
import { ImportPage } from './ImportPage.tsx';
import { MovementsPage } from './MovementsPage.tsx';
import { ReceiptPage } from './ReceiptPage.tsx';
import { ReceiptsPage } from './ReceiptsPage.tsx';
import { ReportsPage } from './ReportsPage.tsx';
import { StockHomePage } from './StockHomePage.tsx';

/** The stock room's pages under /admin/stock (one lazy chunk, mounted by the admin route table as 'stock/*'). */
export function StockRoutes() {
  return (
    <Routes>
      <Route index element={<StockHomePage />} />
      <Route path="books/:id" element={<BookStockPage />} />
      <Route path="movements" element={<MovementsPage />} />
      <Route path="receipts" element={<ReceiptsPage />} />
      <Route path="receipts/:id" element={<ReceiptPage />} />
      <Route path="counts" element={<CountsPage />} />
      <Route path="counts/:id" element={<CountPage />} />
      <Route path="exports" element={<ExportsPage />} />
      <Route path="import" element={<ImportPage />} />
      <Route path="reports" element={<ReportsPage />} />
    </Routes>
  );
}
