import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { RECEIPT_STATUS_LABELS, formatDateTimeVN, formatVnd } from '@nhasach/shared';
import { ErrorNote, PagedTable, Panel, StockHeader, buttonClass, units } from './parts.tsx';
import { createReceipt, fetchReceipts, stockKeys } from './stockApi.ts';

/** /admin/stock/receipts: receipts from suppliers, newest first; a new one opens as a draft. */
export function ReceiptsPage() {
  const [page, setPage] = useState(0);
  const navigate = useNavigate();
  const list = useQuery({ queryKey: stockKeys.receipts(page), queryFn: () => fetchReceipts(page), placeholderData: keepPreviousData });
  const create = useMutation({ mutationFn: () => createReceipt({}), onSuccess: (r) => navigate(`/admin/stock/receipts/${r.id}`) });
  return (
    <div>
      <StockHeader
        title="Phiếu nhập hàng"
        description="Hàng nhận từ nhà cung cấp. Phiếu nháp chưa thay đổi tồn kho; khi nhập kho, mỗi dòng cộng vào tồn kho của sách."
        actions={
          <button type="button" className={buttonClass} onClick={() => create.mutate()} disabled={create.isPending}>
            Tạo phiếu nhập
          </button>
        }
      />
      <ErrorNote error={create.error ?? list.error} />
      <Panel>
        <PagedTable
          data={list.data}
          empty="Chưa có phiếu nhập nào."
          page={page}
          onPage={setPage}
          rowKey={(r) => r.id}
          columns={[
            {
              header: 'Mã phiếu',
              cell: (r) => (
                <Link to={`/admin/stock/receipts/${r.id}`} className="font-mono font-semibold text-brand-700 hover:underline">
                  {r.code}
                </Link>
              ),
            },
            {
              header: 'Trạng thái',
              cell: (r) => (
                <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${r.status === 'POSTED' ? 'bg-green-50 text-green-800' : 'bg-amber-50 text-amber-800'}`}>
                  {RECEIPT_STATUS_LABELS[r.status]}
                </span>
              ),
            },
            { header: 'Nhà cung cấp', cell: (r) => r.supplier?.name ?? '—' },
            { header: 'Số dòng', align: 'right', cell: (r) => units(r.lineCount) },
            { header: 'Số lượng', align: 'right', cell: (r) => units(r.totalQuantity) },
            { header: 'Tổng tiền nhập', align: 'right', cell: (r) => formatVnd(r.totalCost) },
            { header: 'Tạo lúc', className: 'whitespace-nowrap', cell: (r) => formatDateTimeVN(r.createdAt) },
            { header: 'Nhập kho lúc', className: 'whitespace-nowrap', cell: (r) => (r.postedAt ? formatDateTimeVN(r.postedAt) : '—') },
          ]}
        />
      </Panel>
    </div>
  );
}
