import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MovementsTable } from './MovementsTable.tsx';
import { ErrorNote, Pager, Panel, StockHeader } from './parts.tsx';
import { fetchMovements, stockKeys } from './stockApi.ts';

/** /admin/stock/movements: every stock movement of the shop, newest first. */
export function MovementsPage() {
  const [page, setPage] = useState(0);
  const list = useQuery({ queryKey: stockKeys.movements(undefined, page), queryFn: () => fetchMovements({ page }), placeholderData: keepPreviousData });
  return (
    <div>
      <StockHeader title="Lịch sử kho" description="Mọi thay đổi tồn kho: bán hàng, huỷ đơn, nhập hàng, kiểm kê, hư hỏng, khách trả." />
      <Panel>
        <ErrorNote error={list.error} />
        {list.data && <MovementsTable rows={list.data.content} showBook />}
        {list.data && <Pager page={page} totalPages={list.data.totalPages} onPage={setPage} />}
      </Panel>
    </div>
  );
}
