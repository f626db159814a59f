import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { COUNT_STATUS_LABELS, formatDateTimeVN } from '@nhasach/shared';
import { ErrorNote, Pager, Panel, StockHeader, buttonClass, inputClass, td, th, units } from './parts.tsx';
import { fetchCategories, fetchCounts, startCount, stockKeys } from './stockApi.ts';

/** /admin/stock/counts: stock counts, and starting one for a category (with its sub-categories) or the whole shop. */
export function CountsPage() {
  const [page, setPage] = useState(0);
  const navigate = useNavigate();
  const [categoryId, setCategoryId] = useState('');
  const [note, setNote] = useState('');
  const list = useQuery({ queryKey: stockKeys.counts(page), queryFn: () => fetchCounts(page), placeholderData: keepPreviousData });
  const categories = useQuery({ queryKey: ['admin', 'stock', 'categories'], queryFn: fetchCategories, staleTime: 60_000 });
  const start = useMutation({ mutationFn: () => startCount(categoryId ? Number(categoryId) : null, note.trim()), onSuccess: (c) => navigate(`/admin/stock/counts/${c.id}`) });
  return (
    <div>
      <StockHeader title="Kiểm kê kho" description="Chốt số tồn kho hiện tại, đếm thực tế trên kệ, xem chênh lệch rồi cân bằng kho." />
      <Panel title="Bắt đầu kiểm kê">
        <ErrorNote error={start.error} />
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            start.mutate();
          }}
        >
          <label className="flex flex-col gap-1 text-sm font-medium text-gray-700">
            Phạm vi
            <select className={inputClass} value={categoryId} onChange={(e) => setCategoryId(e.target.value)}>
              <option value="">Toàn bộ cửa hàng</option>
              {categories.data?.map((c) => (
                <option key={c.id} value={c.id}>
                  {'\u00a0\u00a0'.repeat(c.depth)}
                  {c.name}
                </option>
              ))}
            </select>
          </label>
          <label className="flex min-w-[14rem] flex-1 flex-col gap-1 text-sm font-medium text-gray-700">
            Ghi chú
            <input className={inputClass} value={note} maxLength={1000} onChange={(e) => setNote(e.target.value)} />
          </label>
          <button type="submit" className={buttonClass} disabled={start.isPending}>
            Bắt đầu kiểm kê
          </button>
        </form>
      </Panel>
      <Panel title="Các phiếu kiểm kê">
        <ErrorNote error={list.error} />
        {list.data && list.data.content.length === 0 && <p className="text-sm text-gray-600">Chưa có phiếu kiểm kê nào.</p>}
        {list.data && list.data.content.length > 0 && (
          <div className="overflow-x-auto">
            <table className="min-w-full divide-y divide-gray-100">
              <thead>
                <tr>
                  <th className={th}>Mã phiếu</th>
                  <th className={th}>Trạng thái</th>
                  <th className={th}>Phạm vi</th>
                  <th className={`${th} text-right`}>Đã đếm</th>
                  <th className={th}>Bắt đầu</th>
                  <th className={th}>Cân bằng kho</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {list.data.content.map((c) => (
                  <tr key={c.id}>
                    <td className={td}>
                      <Link to={`/admin/stock/counts/${c.id}`} className="font-mono font-semibold text-brand-700 hover:underline">
                        {c.code}
                      </Link>
                    </td>
                    <td className={td}>{COUNT_STATUS_LABELS[c.status]}</td>
                    <td className={td}>{c.category?.name ?? 'Toàn bộ cửa hàng'}</td>
                    <td className={`${td} text-right`}>
                      {units(c.countedCount)}/{units(c.bookCount)}
                    </td>
                    <td className={`${td} whitespace-nowrap`}>{formatDateTimeVN(c.createdAt)}</td>
                    <td className={`${td} whitespace-nowrap`}>{c.postedAt ? formatDateTimeVN(c.postedAt) : '—'}</td>
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
