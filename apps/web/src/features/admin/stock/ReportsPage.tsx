import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { SALES_GROUPS, SALES_GROUP_LABELS, SALES_REPORT_RULE, formatVnd, isoDateVN, type SalesGroup } from '@nhasach/shared';
import { downloadFile } from './download.ts';
import { ErrorNote, Panel, StockHeader, inputClass, secondaryButtonClass, td, th, units, DateRange, Figure } from './parts.tsx';
import { SalesChart, marginPercent as percent } from './SalesChart.tsx';
import { fetchSalesReport } from './stockApi.ts';


/** /admin/stock/reports: revenue, orders, units and gross margin by day, category, publisher or supplier, with a chart. */
export function ReportsPage() {
  // The dashboard's report links here with its period and grouping.
  const [params] = useSearchParams();
  const asked = params.get('groupBy');
  const [from, setFrom] = useState(params.get('from') ?? isoDateVN(Date.now() - 29 * 24 * 3600 * 1000));
  const [to, setTo] = useState(params.get('to') ?? isoDateVN(Date.now()));
  const [groupBy, setGroupBy] = useState<SalesGroup>(SALES_GROUPS.find((g) => g === asked) ?? 'day');
  const report = useQuery({ queryKey: ['admin', 'reports', 'sales', groupBy, from, to], queryFn: () => fetchSalesReport({ groupBy, from, to }), placeholderData: keepPreviousData });
  const download = useMutation({ mutationFn: (format: 'xlsx' | 'csv') => downloadFile(`/api/v1/admin/exports/sales?groupBy=${groupBy}&from=${from}&to=${to}&format=${format}`) });
  const r = report.data;
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
          <DateRange from={from} to={to} onFrom={setFrom} onTo={setTo} />
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
            <Figure small label="Doanh thu hàng" value={formatVnd(r.totals.revenue)} />
            <Figure small label="Số đơn" value={units(r.totals.orders)} />
            <Figure small label="Số cuốn" value={units(r.totals.units)} />
            <Figure small label="Lãi gộp" value={formatVnd(r.totals.margin)} />
            <Figure small label="Tỷ suất lãi gộp" value={percent(r.totals)} />
          </div>
          <Panel title={`Doanh thu theo ${SALES_GROUP_LABELS[groupBy].toLowerCase()}`}>
            <SalesChart rows={r.rows} />
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
