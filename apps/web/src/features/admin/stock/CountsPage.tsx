import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { COUNT_STATUS_LABELS, formatDateTimeVN } from '@nhasach/shared';
import { ErrorNote, PagedTable, Panel, StockHeader, buttonClass, inputClass, units, codeColumn, InlineForm, usePaged } from './parts.tsx';
import { fetchCategories, fetchCounts, startCount, stockKeys } from './stockApi.ts';

/** /admin/stock/counts: stock counts, and starting one for a category (with its sub-categories) or the whole shop. */
export function CountsPage() {
  const navigate = useNavigate();
  const [categoryId, setCategoryId] = useState('');
  const [note, setNote] = useState('');
  const counts = usePaged(stockKeys.counts, fetchCounts);
  const categories = useQuery({ queryKey: ['admin', 'stock', 'categories'], queryFn: fetchCategories, staleTime: 60_000 });
  const start = useMutation({ mutationFn: () => startCount(categoryId ? Number(categoryId) : null, note.trim()), onSuccess: (c) => navigate(`/admin/stock/counts/${c.id}`) });
  return (
    <div>
      <StockHeader title="Kiểm kê kho" description="Chốt số tồn kho hiện tại, đếm thực tế trên kệ, xem chênh lệch rồi cân bằng kho." />
      <Panel title="Bắt đầu kiểm kê">
        <ErrorNote error={start.error} />
        <InlineForm onSubmit={() => start.mutate()}>
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
        </InlineForm>
      </Panel>
      <Panel title="Các phiếu kiểm kê">
        <PagedTable
          paged={counts}
          empty="Chưa có phiếu kiểm kê nào."
          columns={[
            codeColumn('/admin/stock/counts'),
            { header: 'Trạng thái', cell: (c) => COUNT_STATUS_LABELS[c.status] },
            { header: 'Phạm vi', cell: (c) => c.category?.name ?? 'Toàn bộ cửa hàng' },
            { header: 'Đã đếm', align: 'right', cell: (c) => `${units(c.countedCount)}/${units(c.bookCount)}` },
            { header: 'Bắt đầu', className: 'whitespace-nowrap', cell: (c) => formatDateTimeVN(c.createdAt) },
            { header: 'Cân bằng kho', className: 'whitespace-nowrap', cell: (c) => (c.postedAt ? formatDateTimeVN(c.postedAt) : '—') },
          ]}
        />
      </Panel>
    </div>
  );
}
