import { MovementsTable } from './MovementsTable.tsx';
import { ErrorNote, Pager, Panel, StockHeader, usePaged } from './parts.tsx';
import { fetchMovements, stockKeys } from './stockApi.ts';

/** /admin/stock/movements: every stock movement of the shop, newest first. */
export function MovementsPage() {
  const { page, onPage, list } = usePaged((p) => stockKeys.movements(undefined, p), (p) => fetchMovements({ page: p }));
  return (
    <div>
      <StockHeader title="Lịch sử kho" description="Mọi thay đổi tồn kho: bán hàng, huỷ đơn, nhập hàng, kiểm kê, hư hỏng, khách trả." />
      <Panel>
        <ErrorNote error={list.error} />
        {list.data && <MovementsTable rows={list.data.content} showBook />}
        {list.data && <Pager page={page} totalPages={list.data.totalPages} onPage={onPage} />}
      </Panel>
    </div>
  );
}
