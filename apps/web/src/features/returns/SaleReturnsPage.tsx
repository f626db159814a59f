import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { RETURN_REASON_LABELS, RETURN_STATUSES, RETURN_STATUS_LABELS, formatVnd, type ReturnStatus } from '@nhasach/shared';
import { fetchReturns, returnKeys } from '../../api/returns.ts';
import { Pagination } from '../../components/Pagination.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../components/ui/EmptyState.tsx';
import { errorText } from '../../components/ui/errorText.ts';
import { formatDateTime } from '../../lib/books.ts';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { ReturnStatusBadge } from './ReturnSteps.tsx';

const SIZE = 20;

/** /sale/returns: the return requests, newest first, by status. */
export function SaleReturnsPage() {
  useDocumentTitle('Trả hàng');
  const [status, setStatus] = useState<ReturnStatus | undefined>('REQUESTED');
  const [page, setPage] = useState(0);
  const list = useQuery({
    queryKey: returnKeys.staffList(status, page),
    queryFn: ({ signal }) => fetchReturns({ status, page, size: SIZE }, signal),
  });
  const tabs: (ReturnStatus | undefined)[] = [undefined, ...RETURN_STATUSES.filter((s) => s !== 'REFUNDING')];

  return (
    <div className="mx-auto max-w-[1400px] space-y-4" data-testid="sale-returns">
      <h1 className="text-xl font-bold text-gray-900">Yêu cầu trả hàng</h1>
      <div role="group" aria-label="Lọc theo trạng thái" className="flex flex-wrap gap-2">
        {tabs.map((s) => (
          <button
            key={s ?? 'ALL'}
            type="button"
            aria-pressed={status === s}
            onClick={() => {
              setStatus(s);
              setPage(0);
            }}
            className={`rounded-full px-3 py-1.5 text-sm font-medium ring-1 focus-visible:outline-2 focus-visible:outline-brand-600 ${
              status === s ? 'bg-brand-700 text-white ring-brand-700' : 'bg-white text-gray-700 ring-gray-300 hover:ring-brand-300'
            }`}
          >
            {s ? RETURN_STATUS_LABELS[s] : 'Tất cả'}
          </button>
        ))}
      </div>
      {list.isPending ? (
        <Skeleton className="h-64 w-full rounded-2xl" />
      ) : list.isError ? (
        <ErrorState message={errorText(list.error, 'Không tải được danh sách trả hàng')} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : list.data.content.length === 0 ? (
        <EmptyState title="Không có yêu cầu trả hàng" description="Chưa có yêu cầu nào ở trạng thái này." />
      ) : (
        <>
          <div className="overflow-x-auto rounded-2xl border border-gray-200 bg-white shadow-sm">
            <table className="w-full min-w-[720px] text-left text-sm">
              <thead className="border-b border-gray-100 bg-gray-50 text-xs text-gray-600 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3">Mã</th>
                  <th scope="col" className="px-4 py-3">Đơn hàng</th>
                  <th scope="col" className="px-4 py-3">Khách hàng</th>
                  <th scope="col" className="px-4 py-3">Lý do</th>
                  <th scope="col" className="px-4 py-3 text-right">Số tiền hoàn</th>
                  <th scope="col" className="px-4 py-3">Gửi lúc</th>
                  <th scope="col" className="px-4 py-3">Trạng thái</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {list.data.content.map((r) => (
                  <tr key={r.id} data-testid="sale-return-row" className="hover:bg-gray-50">
                    <td className="px-4 py-3">
                      <Link to={`/sale/returns/${r.id}`} className="font-semibold text-brand-700 hover:underline">
                        #{r.id}
                      </Link>
                    </td>
                    <td className="px-4 py-3">
                      <Link to={`/sale/orders/${r.orderId}`} className="hover:underline">
                        {r.orderCode}
                      </Link>
                    </td>
                    <td className="px-4 py-3">{r.customerName}</td>
                    <td className="px-4 py-3">{RETURN_REASON_LABELS[r.reason]}</td>
                    <td className="px-4 py-3 text-right font-medium">{formatVnd(r.amount)}</td>
                    <td className="px-4 py-3 whitespace-nowrap">{formatDateTime(r.requestedAt)}</td>
                    <td className="px-4 py-3">
                      <ReturnStatusBadge status={r.status} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={page} totalPages={list.data.totalPages} onChange={setPage} />
        </>
      )}
    </div>
  );
}
