import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { SALES_GROUP_LABELS, SALES_REPORT_RULE, formatVnd, type SalesGroup, type SalesRowDto } from '@nhasach/shared';
import { downloadFile } from './download.ts';
import { ErrorNote, Panel, StockHeader, inputClass, secondaryButtonClass, td, th, units } from './parts.tsx';
import { fetchSalesReport } from './stockApi.ts';

const percent = (r: Pick<SalesRowDto, 'margin' | 'costedRevenue'>) => (r.costedRevenue ? `${((r.margin / r.costedRevenue) * 100).toFixed(1).replace('.', ',')}%` : '—');

/** /admin/stock/reports: revenue, orders, units and gross margin by day, category, publisher or supplier, with a chart. */
export function ReportsPage() {
  const today = new Date(Date.now() + 7 * 3600 * 1000).toISOString().slice(0, 10);
  const [from, setFrom] = useState(new Date(Date.now() + 7 * 3600 * 1000 - 29 * 24 * 3600 * 1000).toISOString().slice(0, 10));
  const [to, setTo] = useState(today);
  const [groupBy, setGroupBy] = useState<SalesGroup>('day');
  const report = useQuery({ queryKey: ['admin', 'reports', 'sales', groupBy, from, to], queryFn: () => fetchSalesReport({ groupBy, from, to }), placeholderData: keepPreviousData });
  const download = useMutation({ mutationFn: (format: 'xlsx' | 'csv') => downloadFile(`/api/v1/admin/exports/sales?groupBy=${groupBy}&from=${from}&to=${to}&format=${format}`) });
  const r = report.data;
  const max = Math.max(1, ...(r?.rows.map((x) => x.revenue) ?? [1]));
  return (
    <div>
      <StockHeader
        title="Báo cáo bán hàng"
        description={SALES_REPORT_RULE}
        actions={
          <>
            <button type="button" className={secondaryButtonClass} onClick={() => download.mutate('xlsx')}>
              Tải Excel
            </button>
            <button type="button" className={secondaryButtonClass} onClick={() => download.mutate('csv')}>
              Tải CSV
            </button>
          </>
        }
      />
      <ErrorNote error={report.error ?? download.error} />
      <Panel>
        <div className="flex flex-wrap gap-3">
          <label className="flex flex-col gap-1 text-sm font-medium text-gray-700">
            Từ ngày
            <input type="date" className={inputClass} value={from} onChange={(e) => setFrom(e.target.value)} />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium text-gray-700">
            Đến ngày
            <input type="date" className={inputClass} value={to} onChange={(e) => setTo(e.target.value)} />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium text-gray-700">
            Theo
            <select className={inputClass} value={groupBy} onChange={(e) => setGroupBy(e.target.value as SalesGroup)}>
              {(Object.keys(SALES_GROUP_LABELS) as SalesGroup[]).map((g) => (
                <option key={g} value={g}>
                  {SALES_GROUP_LABELS[g]}
                </option>
              ))}
            </select>
          </label>
        </div>
      </Panel>
      {r && (
        <>
          <div className="mb-5 grid gap-4 sm:grid-cols-5">
            <Figure label="Doanh thu hàng" value={formatVnd(r.totals.revenue)} />
            <Figure label="Số đơn" value={units(r.totals.orders)} />
            <Figure label="Số cuốn" value={units(r.totals.units)} />
            <Figure label="Lãi gộp" value={formatVnd(r.totals.margin)} />
            <Figure label="Tỷ suất lãi gộp" value={percent(r.totals)} />
          </div>
          <Panel title={`Doanh thu theo ${SALES_GROUP_LABELS[groupBy].toLowerCase()}`}>
            {r.rows.length === 0 ? (
              <p className="text-sm text-gray-600">Không có đơn nào được tính doanh thu trong kỳ.</p>
            ) : (
              <ul aria-label="Biểu đồ doanh thu" className="space-y-1.5">
                {r.rows.slice(0, 31).map((x) => (
                  <li key={x.key ?? 'none'} className="grid grid-cols-[9rem_1fr_8rem] items-center gap-3 text-sm">
                    <span className="truncate text-gray-700" title={x.label}>
                      {x.label}
                    </span>
                    <span className="relative h-5 rounded bg-gray-100" aria-hidden>
                      <span className="absolute inset-y-0 left-0 rounded bg-brand-600" style={{ width: `${(x.revenue / max) * 100}%` }} />
                      <span className="absolute inset-y-0 left-0 rounded bg-green-600/70" style={{ width: `${(Math.max(0, x.margin) / max) * 100}%` }} />
                    </span>
                    <span className="text-right font-medium text-gray-900">{formatVnd(x.revenue)}</span>
                  </li>
                ))}
              </ul>
            )}
            <p className="mt-3 text-xs text-gray-500">Thanh đỏ: doanh thu hàng; phần xanh: lãi gộp.</p>
          </Panel>
          <Panel title="Số liệu">
            <div className="overflow-x-auto">
              <table className="min-w-full divide-y divide-gray-100">
                <thead>
                  <tr>
                    <th className={th}>{SALES_GROUP_LABELS[groupBy]}</th>
                    <th className={`${th} text-right`}>Số đơn</th>
                    <th className={`${th} text-right`}>Số cuốn</th>
                    <th className={`${th} text-right`}>Doanh thu hàng</th>
                    <th className={`${th} text-right`}>Giá vốn</th>
                    <th className={`${th} text-right`}>Lãi gộp</th>
                    <th className={`${th} text-right`}>Tỷ suất</th>
                    <th className={`${th} text-right`}>Chưa có giá vốn</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-gray-100">
                  {[...r.rows, { key: 'total', label: 'Tổng cộng', ...r.totals }].map((x) => (
                    <tr key={x.key ?? 'none'} className={x.key === 'total' ? 'font-semibold' : undefined}>
                      <td className={td}>{x.label}</td>
                      <td className={`${td} text-right`}>{units(x.orders)}</td>
                      <td className={`${td} text-right`}>{units(x.units)}</td>
                      <td className={`${td} text-right`}>{formatVnd(x.revenue)}</td>
                      <td className={`${td} text-right`}>{formatVnd(x.cost)}</td>
                      <td className={`${td} text-right`}>{formatVnd(x.margin)}</td>
                      <td className={`${td} text-right`}>{percent(x)}</td>
                      <td className={`${td} text-right`}>{units(x.unitsWithoutCost)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Panel>
        </>
      )}
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-2xl border border-gray-200/80 bg-white p-4 shadow-sm">
      <div className="text-xs font-semibold uppercase tracking-wide text-gray-500">{label}</div>
      <div className="mt-1 text-xl font-bold text-gray-900">{value}</div>
    </div>
  );
}
