import { useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { RECEIPT_STATUS_LABELS, formatDateTimeVN, formatVnd } from '@nhasach/shared';
import { ErrorNote, PagedTable, Panel, StockHeader, buttonClass, units, codeColumn, usePaged } from './parts.tsx';
import { createReceipt, fetchReceipts, stockKeys } from './stockApi.ts';

/** /admin/stock/receipts: receipts from suppliers, newest first; a new one opens as a draft. */
export function ReceiptsPage() {
  const navigate = useNavigate();
  const receipts = usePaged(stockKeys.receipts, fetchReceipts);
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
      <ErrorNote error={create.error} />
      <Panel>
        <PagedTable
          paged={receipts}
          empty="Chưa có phiếu nhập nào."
          columns={[
            codeColumn('/admin/stock/receipts'),
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
