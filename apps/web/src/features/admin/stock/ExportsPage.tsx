import { StockHeader, Panel } from './parts.tsx';

/** /admin/stock/exports: files of books, orders and stock movements (filled in by the exports). */
export function ExportsPage() {
  return (
    <div>
      <StockHeader title="Xuất file" />
      <Panel>
        <p className="text-sm text-gray-600">Chưa có tệp xuất nào.</p>
      </Panel>
    </div>
  );
}
