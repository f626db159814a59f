import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { RECEIPT_STATUS_LABELS, formatDateTimeVN, formatVnd } from '@nhasach/shared';
import { ErrorNote, Pager, Panel, StockHeader, buttonClass, td, th, units } from './parts.tsx';
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
        {list.data && list.data.content.length === 0 && <p className="text-sm text-gray-600">Chưa có phiếu nhập nào.</p>}
        {list.data && list.data.content.length > 0 && (
          <div className="overflow-x-auto">
            <table className="min-w-full divide-y divide-gray-100">
              <thead>
                <tr>
                  <th className={th}>Mã phiếu</th>
                  <th className={th}>Trạng thái</th>
                  <th className={th}>Nhà cung cấp</th>
                  <th className={`${th} text-right`}>Số dòng</th>
                  <th className={`${th} text-right`}>Số lượng</th>
                  <th className={`${th} text-right`}>Tổng tiền nhập</th>
                  <th className={th}>Tạo lúc</th>
                  <th className={th}>Nhập kho lúc</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {list.data.content.map((r) => (
                  <tr key={r.id}>
                    <td className={td}>
                      <Link to={`/admin/stock/receipts/${r.id}`} className="font-mono font-semibold text-brand-700 hover:underline">
                        {r.code}
                      </Link>
                    </td>
                    <td className={td}>
                      <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${r.status === 'POSTED' ? 'bg-green-50 text-green-800' : 'bg-amber-50 text-amber-800'}`}>
                        {RECEIPT_STATUS_LABELS[r.status]}
                      </span>
                    </td>
                    <td className={td}>{r.supplier?.name ?? '—'}</td>
                    <td className={`${td} text-right`}>{units(r.lineCount)}</td>
                    <td className={`${td} text-right`}>{units(r.totalQuantity)}</td>
                    <td className={`${td} text-right`}>{formatVnd(r.totalCost)}</td>
                    <td className={`${td} whitespace-nowrap`}>{formatDateTimeVN(r.createdAt)}</td>
                    <td className={`${td} whitespace-nowrap`}>{r.postedAt ? formatDateTimeVN(r.postedAt) : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {list.data && <Pager page={page} totalPages={list.data.totalPages} onPage={setPage} />}
      </Panel>
    </div>
  );
}
