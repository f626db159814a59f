import { formatVnd, type SalesRowDto } from '@nhasach/shared';

/** Gross margin as a share of the revenue that has a cost ('—' when no sold book has one). */
export const marginPercent = (r: Pick<SalesRowDto, 'margin' | 'costedRevenue'>) =>
  r.costedRevenue ? `${((r.margin / r.costedRevenue) * 100).toFixed(1).replace('.', ',')}%` : '—';

/** Revenue bars of the sales report's rows with their gross margin inside (the report page and the dashboard). */
export function SalesChart({ rows, limit = 31, label = 'Biểu đồ doanh thu' }: { rows: SalesRowDto[]; limit?: number; label?: string }) {
  if (rows.length === 0) return <p className="text-sm text-gray-600">Không có đơn nào được tính doanh thu trong kỳ.</p>;
  const max = Math.max(1, ...rows.map((x) => x.revenue));
  return (
    <>
      <ul aria-label={label} className="space-y-1.5">
        {rows.slice(0, limit).map((x) => (
          <li key={x.key ?? 'none'} className="grid grid-cols-[minmax(6rem,9rem)_1fr_7.5rem] items-center gap-3 text-sm">
            <span className="truncate text-gray-700" title={x.label}>
              {x.label}
            </span>
            <span className="relative h-5 rounded bg-gray-100" aria-hidden>
              <span className="absolute inset-y-0 left-0 rounded bg-brand-600" style={{ width: `${(x.revenue / max) * 100}%` }} />
              <span className="absolute inset-y-0 left-0 rounded bg-green-600/70" style={{ width: `${(Math.max(0, x.margin) / max) * 100}%` }} />
            </span>
            <span className="text-right font-medium text-gray-900 tabular-nums">{formatVnd(x.revenue)}</span>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-xs text-gray-500">Thanh đỏ: doanh thu hàng; phần xanh: lãi gộp.</p>
    </>
  );
}
