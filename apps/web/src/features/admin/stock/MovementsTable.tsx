import { Link } from 'react-router';
import { formatDateTimeVN, formatVnd, type StockMovementDto } from '@nhasach/shared';
import { reasonLabel, signed, units } from './parts.tsx';
import { DataTable } from '../components/DataTable.tsx';

/** Movements, newest first: time, book (unless one book's page), reason, change, balance, document, who. */
export function MovementsTable({ rows, showBook }: { rows: StockMovementDto[]; showBook: boolean }) {
  if (!rows.length) return <p className="text-sm text-gray-600">Chưa có biến động kho.</p>;
  return (
    <DataTable
      look="compact"
      rows={rows}
      rowKey={(m) => m.id}
      columns={[
        { header: 'Thời gian', className: 'whitespace-nowrap', cell: (m) => formatDateTimeVN(m.createdAt) },
        showBook && {
          header: 'Sách',
          cell: (m) => (
            <Link to={`/admin/stock/books/${m.bookId}`} className="hover:text-brand-700">
              {m.bookTitle}
            </Link>
          ),
        },
        {
          header: 'Lý do',
          cell: (m) => (
            <>
              {reasonLabel(m)}
              {m.note && <div className="text-xs text-gray-500">{m.note}</div>}
            </>
          ),
        },
        { header: 'Thay đổi', align: 'right', cell: (m) => <span className={`font-semibold ${m.delta < 0 ? 'text-red-700' : 'text-green-700'}`}>{signed(m.delta)}</span> },
        { header: 'Tồn sau', align: 'right', cell: (m) => units(m.balanceAfter) },
        { header: 'Chứng từ', cell: (m) => <DocumentLink m={m} /> },
        { header: 'Giá nhập', align: 'right', cell: (m) => (m.unitCost === null ? '' : formatVnd(m.unitCost)) },
        { header: 'Người thực hiện', cell: (m) => m.actorName ?? (m.refType === 'ORDER' ? 'Khách hàng / hệ thống' : 'Hệ thống') },
      ]}
    />
  );
}

function DocumentLink({ m }: { m: StockMovementDto }) {
  if (m.refType === 'RECEIPT' && m.refId) return <Link className="font-mono text-brand-700 hover:underline" to={`/admin/stock/receipts/${m.refId}`}>{m.refCode}</Link>;
  if (m.refType === 'COUNT' && m.refId) return <Link className="font-mono text-brand-700 hover:underline" to={`/admin/stock/counts/${m.refId}`}>{m.refCode}</Link>;
  if (m.refType === 'RETURN' && m.refId) return <Link className="font-mono text-brand-700 hover:underline" to={`/sale/returns/${m.refId}`}>{m.refCode}</Link>;
  if (m.refType === 'ORDER' && m.refCode) return <Link className="font-mono text-brand-700 hover:underline" to={`/sale/orders?q=${encodeURIComponent(m.refCode)}`}>{m.refCode}</Link>;
  return <span className="text-gray-500">{m.refCode ?? (m.refType === 'MANUAL' ? 'Nhập tay' : '—')}</span>;
}
