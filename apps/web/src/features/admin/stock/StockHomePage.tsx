import { useState } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { formatVnd } from '@nhasach/shared';
import { ErrorNote, Pager, Panel, StockHeader, inputClass, td, th, units } from './parts.tsx';
import { fetchReorder, stockKeys } from './stockApi.ts';

/** /admin/stock: the books to reorder (at or below their low-stock threshold), emptiest first. */
export function StockHomePage() {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(0);
  const list = useQuery({ queryKey: stockKeys.reorder(q, page), queryFn: () => fetchReorder(q, page), placeholderData: keepPreviousData });
  return (
    <div>
      <StockHeader
        title="Kho hàng"
        description="Sách đang bán có tồn kho bằng hoặc dưới ngưỡng tối thiểu. Gợi ý nhập đủ bán 30 ngày."
        actions={
          <Link to="/admin/stock/receipts" className="text-sm font-semibold text-brand-700 hover:underline">
            Tạo phiếu nhập
          </Link>
        }
      />
      <Panel
        title="Cần nhập thêm"
        actions={
          <input
            aria-label="Tìm theo tên sách hoặc ISBN"
            placeholder="Tìm theo tên sách hoặc ISBN"
            className={inputClass}
            value={q}
            onChange={(e) => {
              setQ(e.target.value);
              setPage(0);
            }}
          />
        }
      >
        <ErrorNote error={list.error} />
        {list.data && list.data.content.length === 0 && <p className="text-sm text-gray-600">Không có sách nào dưới ngưỡng tồn kho.</p>}
        {list.data && list.data.content.length > 0 && (
          <div className="overflow-x-auto">
            <table className="min-w-full divide-y divide-gray-100">
              <thead>
                <tr>
                  <th className={th}>Sách</th>
                  <th className={`${th} text-right`}>Tồn kho</th>
                  <th className={`${th} text-right`}>Ngưỡng</th>
                  <th className={`${th} text-right`}>Bán 30 ngày</th>
                  <th className={`${th} text-right`}>Gợi ý nhập</th>
                  <th className={`${th} text-right`} title="Khách đã đăng ký 'Báo tôi khi có hàng'">Khách chờ hàng</th>
                  <th className={th}>Nhà cung cấp</th>
                  <th className={`${th} text-right`}>Giá nhập gần nhất</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {list.data.content.map((r) => (
                  <tr key={r.id}>
                    <td className={td}>
                      <Link to={`/admin/stock/books/${r.id}`} className="font-medium text-gray-900 hover:text-brand-700">
                        {r.title}
                      </Link>
                      <div className="font-mono text-xs text-gray-500">{r.isbn13}</div>
                    </td>
                    <td className={`${td} text-right font-semibold ${r.stock === 0 ? 'text-red-700' : 'text-amber-700'}`}>{units(r.stock)}</td>
                    <td className={`${td} text-right`}>{units(r.threshold)}</td>
                    <td className={`${td} text-right`}>{units(r.soldLast30Days)}</td>
                    <td className={`${td} text-right font-semibold`}>{units(r.suggestedQuantity)}</td>
                    <td className={`${td} text-right ${r.alertsWaiting > 0 ? 'font-semibold text-brand-700' : 'text-gray-400'}`}>{r.alertsWaiting}</td>
                    <td className={td}>{r.supplier?.name ?? '—'}</td>
                    <td className={`${td} text-right`}>{r.lastUnitCost === null ? '—' : formatVnd(r.lastUnitCost)}</td>
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
