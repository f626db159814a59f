import { Link } from 'react-router';
import { formatDateTimeVN, formatVnd, type StockMovementDto } from '@nhasach/shared';
import { reasonLabel, signed, td, th, units } from './parts.tsx';

/** Movements, newest first: time, book (unless one book's page), reason, change, balance, document, who. */
export function MovementsTable({ rows, showBook }: { rows: StockMovementDto[]; showBook: boolean }) {
  if (!rows.length) return <p className="text-sm text-gray-600">Chưa có biến động kho.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full divide-y divide-gray-100">
        <thead>
          <tr>
            <th className={th}>Thời gian</th>
            {showBook && <th className={th}>Sách</th>}
            <th className={th}>Lý do</th>
            <th className={`${th} text-right`}>Thay đổi</th>
            <th className={`${th} text-right`}>Tồn sau</th>
            <th className={th}>Chứng từ</th>
            <th className={`${th} text-right`}>Giá nhập</th>
            <th className={th}>Người thực hiện</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {rows.map((m) => (
            <tr key={m.id}>
              <td className={`${td} whitespace-nowrap`}>{formatDateTimeVN(m.createdAt)}</td>
              {showBook && (
                <td className={td}>
                  <Link to={`/admin/stock/books/${m.bookId}`} className="hover:text-brand-700">
                    {m.bookTitle}
                  </Link>
                </td>
              )}
              <td className={td}>
                {reasonLabel(m)}
                {m.note && <div className="text-xs text-gray-500">{m.note}</div>}
              </td>
              <td className={`${td} text-right font-semibold ${m.delta < 0 ? 'text-red-700' : 'text-green-700'}`}>{signed(m.delta)}</td>
              <td className={`${td} text-right`}>{units(m.balanceAfter)}</td>
              <td className={td}>
                <DocumentLink m={m} />
              </td>
              <td className={`${td} text-right`}>{m.unitCost === null ? '' : formatVnd(m.unitCost)}</td>
              <td className={td}>{m.actorName ?? (m.refType === 'ORDER' ? 'Khách hàng / hệ thống' : 'Hệ thống')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function DocumentLink({ m }: { m: StockMovementDto }) {
  if (m.refType === 'RECEIPT' && m.refId) return <Link className="font-mono text-brand-700 hover:underline" to={`/admin/stock/receipts/${m.refId}`}>{m.refCode}</Link>;
  if (m.refType === 'COUNT' && m.refId) return <Link className="font-mono text-brand-700 hover:underline" to={`/admin/stock/counts/${m.refId}`}>{m.refCode}</Link>;
  if (m.refType === 'RETURN' && m.refId) return <Link className="font-mono text-brand-700 hover:underline" to={`/sale/returns/${m.refId}`}>{m.refCode}</Link>;
  if (m.refType === 'ORDER' && m.refCode) return <Link className="font-mono text-brand-700 hover:underline" to={`/sale/orders?q=${encodeURIComponent(m.refCode)}`}>{m.refCode}</Link>;
  return <span className="text-gray-500">{m.refCode ?? (m.refType === 'MANUAL' ? 'Nhập tay' : '—')}</span>;
}
