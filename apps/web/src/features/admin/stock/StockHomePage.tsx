import { useState } from 'react';
import { Link } from 'react-router';
import { formatVnd } from '@nhasach/shared';
import { PagedTable, Panel, StockHeader, inputClass, units, BookCell, usePaged } from './parts.tsx';
import { fetchReorder, stockKeys } from './stockApi.ts';

/** /admin/stock: the books to reorder (at or below their low-stock threshold), emptiest first. */
export function StockHomePage() {
  const [q, setQ] = useState('');
  const reorder = usePaged((page) => stockKeys.reorder(q, page), (page) => fetchReorder(q, page));
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
              reorder.onPage(0);
            }}
          />
        }
      >
        <PagedTable
          paged={reorder}
          empty="Không có sách nào dưới ngưỡng tồn kho."
          columns={[
            {
              header: 'Sách',
              cell: (r) => <BookCell book={{ bookId: r.id, title: r.title, isbn13: r.isbn13 }} />,
            },
            { header: 'Tồn kho', align: 'right', cell: (r) => <span className={`font-semibold ${r.stock === 0 ? 'text-red-700' : 'text-amber-700'}`}>{units(r.stock)}</span> },
            { header: 'Ngưỡng', align: 'right', cell: (r) => units(r.threshold) },
            { header: 'Bán 30 ngày', align: 'right', cell: (r) => units(r.soldLast30Days) },
            { header: 'Gợi ý nhập', align: 'right', className: 'font-semibold', cell: (r) => units(r.suggestedQuantity) },
            {
              header: 'Khách chờ hàng',
              title: "Khách đã đăng ký 'Báo tôi khi có hàng'",
              align: 'right',
              cell: (r) => <span className={r.alertsWaiting > 0 ? 'font-semibold text-brand-700' : 'text-gray-400'}>{r.alertsWaiting}</span>,
            },
            { header: 'Nhà cung cấp', cell: (r) => r.supplier?.name ?? '—' },
            { header: 'Giá nhập gần nhất', align: 'right', cell: (r) => (r.lastUnitCost === null ? '—' : formatVnd(r.lastUnitCost)) },
          ]}
        />
      </Panel>
    </div>
  );
}
