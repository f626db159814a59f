import { useState } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { SALES_GROUPS, SALES_GROUP_LABELS, SALES_REPORT_RULE, formatNumberVN, formatVnd, isoDateVN, type SalesGroup } from '@nhasach/shared';
import { errorText } from '../../../components/ui/errorText.ts';
import { downloadFile } from '../stock/download.ts';
import { SalesChart, marginPercent } from '../stock/SalesChart.tsx';
import { fetchSalesReport } from '../stock/stockApi.ts';
import { Card } from '../ui.tsx';

const PERIODS = [
  { days: 7, label: '7 ngày' },
  { days: 30, label: '30 ngày' },
  { days: 90, label: '90 ngày' },
] as const;

const selectClass =
  'h-9 rounded-lg border border-gray-300 bg-white px-2.5 text-sm text-gray-800 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30';

/**
 * The sales report on the dashboard: revenue, units and gross margin of a period by day, category, publisher or
 * supplier (the figures of /admin/stock/reports, which holds the full table), exportable as a spreadsheet.
 */
export function SalesReportPanel() {
  const [days, setDays] = useState<number>(30);
  const [groupBy, setGroupBy] = useState<SalesGroup>('category');
  const to = isoDateVN(Date.now());
  const from = isoDateVN(Date.now() - (days - 1) * 24 * 3600 * 1000);
  const report = useQuery({
    queryKey: ['admin', 'reports', 'sales', groupBy, from, to],
    queryFn: () => fetchSalesReport({ groupBy, from, to }),
    placeholderData: keepPreviousData,
  });
  const download = useMutation({ mutationFn: () => downloadFile(`/api/v1/admin/exports/sales?groupBy=${groupBy}&from=${from}&to=${to}&format=xlsx`) });
  const r = report.data;
  const query = new URLSearchParams({ groupBy, from, to }).toString();
  return (
    <Card
      title="Báo cáo bán hàng"
      description={`Từ ${from.split('-').reverse().join('/')} đến ${to.split('-').reverse().join('/')}`}
      actions={
        <div className="flex flex-wrap items-center gap-2">
          <label className="sr-only" htmlFor="sales-period">
            Kỳ báo cáo
          </label>
          <select id="sales-period" className={selectClass} value={days} onChange={(e) => setDays(Number(e.target.value))}>
            {PERIODS.map((p) => (
              <option key={p.days} value={p.days}>
                {p.label}
              </option>
            ))}
          </select>
          <label className="sr-only" htmlFor="sales-group">
            Nhóm theo
          </label>
          <select id="sales-group" className={selectClass} value={groupBy} onChange={(e) => setGroupBy(e.target.value as SalesGroup)}>
            {SALES_GROUPS.map((g) => (
              <option key={g} value={g}>
                Theo {SALES_GROUP_LABELS[g].toLowerCase()}
              </option>
            ))}
          </select>
          <button
            type="button"
            onClick={() => download.mutate()}
            disabled={download.isPending}
            className="h-9 rounded-lg border border-gray-300 bg-white px-3 text-sm font-semibold text-gray-700 hover:border-brand-300 hover:text-brand-700 disabled:opacity-60"
          >
            {download.isPending ? 'Đang tải…' : 'Tải Excel'}
          </button>
          <Link to={`/admin/stock/reports?${query}`} className="text-sm font-semibold text-brand-700 hover:underline">
            Xem chi tiết
          </Link>
        </div>
      }
    >
      {(report.error || download.error) && (
        <p role="alert" className="mb-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {errorText(report.error ?? download.error)}
        </p>
      )}
      {!r ? (
        report.isPending && <p className="py-8 text-center text-sm text-gray-500" role="status">Đang tải báo cáo…</p>
      ) : (
        <div className={report.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined} data-testid="sales-report">
          <dl className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {[
              ['Doanh thu hàng', formatVnd(r.totals.revenue)],
              ['Số cuốn', formatNumberVN(r.totals.units)],
              ['Lãi gộp', formatVnd(r.totals.margin)],
              ['Tỷ suất lãi gộp', marginPercent(r.totals)],
            ].map(([label, value]) => (
              <div key={label} className="rounded-xl bg-gray-50 px-3 py-2">
                <dt className="text-xs text-gray-500">{label}</dt>
                <dd className="text-base font-semibold text-gray-900 tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
          <SalesChart rows={r.rows} limit={10} label={`Doanh thu theo ${SALES_GROUP_LABELS[groupBy].toLowerCase()}`} />
          <p className="mt-2 text-xs text-gray-500">{SALES_REPORT_RULE}</p>
        </div>
      )}
    </Card>
  );
}
